import { TRANSLATIONS } from '@lumen/i18n';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { createFakeApi, json, makeAccount, type FakeCall } from '../../../test/fake-api';
import { renderApp } from '../../../test/render-app';

const texts = { ...TRANSLATIONS['fr-widgets'].en, ...TRANSLATIONS['common-front'].en, ...TRANSLATIONS['fr-eproject'].en };
const tx = (key: string) => texts[key] ?? key;
const described = (suffix: string) => ['en', 'us', 'fr', 'de', 'it', 'es'].map((isoCode, index) => ({ id: index + 1, isoCode, description: `${isoCode.toUpperCase()} ${suffix}` }));

/** Issue 17 §2, spec §7: the profile's languages from the languages list, or from the api hub when editLanguagesFromApiHub is on. */
async function languageOptions(hub: boolean): Promise<{ names: string[]; calls: FakeCall[] }> {
  const calls: FakeCall[] = [];
  const api = createFakeApi({ account: makeAccount({ role: 'specifier' }), flags: () => ({ editLanguagesFromApiHub: hub }) });
  api.handle((call) => {
    if (call.path === '/api/masters/v1/languages') {
      calls.push(call);
      return json(200, described('(list)'));
    }
    if (call.path === '/api/masters/v1/languages/en') {
      calls.push(call);
      return json(200, described('(hub)'));
    }
    return undefined;
  });
  const { unmount } = await renderApp('/my-profile', api);
  const section = await screen.findByRole('region', { name: tx('profile.language.title') }, { timeout: 8_000 });
  await waitFor(() => expect(calls.length).toBeGreaterThan(0));
  await userEvent.click(within(section).getByRole('button', { name: new RegExp(tx('profile.language.label')) }));
  const names = (await screen.findAllByRole('option')).map((option) => option.textContent ?? '');
  unmount();
  return { names, calls };
}

describe('/my-profile: languages', () => {
  it('names the languages from the languages list', async () => {
    const { names, calls } = await languageOptions(false);
    expect(calls.map((call) => call.path)).toEqual(['/api/masters/v1/languages']);
    expect(names).toContain('FR (list)');
  });

  it('asks the api hub under editLanguagesFromApiHub', async () => {
    const { names, calls } = await languageOptions(true);
    expect(calls.map((call) => call.path)).toEqual(['/api/masters/v1/languages/en']);
    expect(names).toContain('FR (hub)');
  });
});

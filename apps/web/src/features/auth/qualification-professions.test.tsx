import { TRANSLATIONS } from '@lumen/i18n';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { createFakeApi, failure, makeAccount } from '../../../test/fake-api';
import { fill } from '../../../test/fill';
import { renderApp } from '../../../test/render-app';
import { authModalOpened } from '../../shared/ui-state';

const ep = TRANSLATIONS['fr-eproject'];
const escape = (value: string) => value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

async function openQualification(api = createFakeApi({ account: makeAccount({ role: 'webUser' }) })) {
  const app = await renderApp('/', api);
  act(() => {
    app.store.dispatch(authModalOpened({ view: 'qualification' }));
  });
  const dialog = await screen.findByRole('dialog', { name: ep.en['auth.qualification.title'] });
  return { ...app, api, dialog };
}

async function completeCompany(dialog: HTMLElement) {
  await fill(within(dialog).getByRole('textbox', { name: new RegExp(escape(ep.en['auth.field.companyName'] ?? '')) }), 'Studio Luz');
  await userEvent.click(within(dialog).getByRole('button', { name: new RegExp(escape(ep.en['auth.field.companyType'] ?? '')) }));
  await userEvent.click(await screen.findByRole('option', { name: 'Architecture studio' }));
  await userEvent.click(within(dialog).getByRole('button', { name: new RegExp(escape(ep.en['auth.field.country'] ?? '')) }));
  await userEvent.click(await screen.findByRole('option', { name: 'Spain' }));
}

describe('the qualification form’s professions (spec §7 GET apiv2 /options/professions)', () => {
  it('offers the professions list in the interface language and keeps the chosen one', async () => {
    const { api, dialog } = await openQualification();
    await userEvent.click(await within(dialog).findByRole('button', { name: new RegExp(escape(ep.en['auth.field.profession'] ?? '')) }));
    const options = (await screen.findAllByRole('option')).map((option) => option.textContent);
    expect(options).toContain(TRANSLATIONS['common-front'].en['profession.lightingDesigner']);
    expect(api.callsTo('GET', '/api/apiv2/options/professions')[0]?.query.get('lang')).toBe('en');
    await userEvent.click(screen.getByRole('option', { name: 'Lighting designer' }));
    // No text to type for a listed profession.
    expect(within(dialog).queryByRole('textbox', { name: new RegExp(escape(ep.en['auth.field.professionOther'] ?? '')) })).not.toBeInTheDocument();
    await completeCompany(dialog);
    await userEvent.click(within(dialog).getByRole('button', { name: ep.en['auth.qualification.submit'] }));
    await waitFor(() => expect(api.callsTo('POST', '/api/users/v1/auth/qualification')).toHaveLength(1));
    expect(api.callsTo('POST', '/api/users/v1/auth/qualification')[0]?.body).toMatchObject({ profesion: 'Lighting designer', companyName: 'Studio Luz' });
  });

  it('asks for the profession typed with "Other"', async () => {
    const { api, dialog } = await openQualification();
    await userEvent.click(await within(dialog).findByRole('button', { name: new RegExp(escape(ep.en['auth.field.profession'] ?? '')) }));
    await userEvent.click(await screen.findByRole('option', { name: TRANSLATIONS['common-front'].en['profession.other'] }));
    await fill(within(dialog).getByRole('textbox', { name: new RegExp(escape(ep.en['auth.field.professionOther'] ?? '')) }), 'Glass artist');
    await completeCompany(dialog);
    await userEvent.click(within(dialog).getByRole('button', { name: ep.en['auth.qualification.submit'] }));
    await waitFor(() => expect(api.callsTo('POST', '/api/users/v1/auth/qualification')).toHaveLength(1));
    expect(api.callsTo('POST', '/api/users/v1/auth/qualification')[0]?.body).toMatchObject({ profesion: 'Glass artist' });
  });

  it('takes the profession as text when the list cannot be loaded', async () => {
    const api = createFakeApi({ account: makeAccount({ role: 'webUser' }) });
    api.handle((call) => (call.path === '/api/apiv2/options/professions' ? failure(503, 'UNAVAILABLE') : undefined));
    const { dialog } = await openQualification(api);
    expect(await within(dialog).findByRole('textbox', { name: new RegExp(`^${escape(ep.en['auth.field.profession'] ?? '')}`) })).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: new RegExp(escape(ep.en['auth.field.profession'] ?? '')) })).not.toBeInTheDocument();
  });
});

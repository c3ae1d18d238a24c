import { TRANSLATIONS } from '@lumen/i18n';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import Cookies from 'js-cookie';
import { describe, expect, it } from 'vitest';
import { createFakeApi, makeAccount } from '../../test/fake-api';
import { renderApp } from '../../test/render-app';

const ep = TRANSLATIONS['fr-eproject'];

async function pickLanguage(label: string) {
  await userEvent.click(screen.getByRole('button', { name: new RegExp(`${TRANSLATIONS['fr-eproject'].en['header.language']}$`) }));
  await userEvent.click(await screen.findByRole('option', { name: label }));
}

describe('the language', () => {
  it('starts in en and fetches the three translation domains for it', async () => {
    const { fakeApi } = await renderApp('/');
    expect(await screen.findByRole('heading', { level: 1, name: ep.en['home.visitor.title'] })).toBeInTheDocument();
    const domains = fakeApi.state.calls.filter((call) => call.path.startsWith('/api/masters/v1/keys/domains/'));
    expect(domains.map((call) => `${call.path.split('/')[6]}?${call.query.get('lang')}`).sort()).toEqual(['common-front?en', 'fr-eproject?en', 'fr-widgets?en']);
    expect(document.documentElement.lang).toBe('en');
  });

  it('switches for a visitor: texts reloaded, kept in the language cookie, not sent to the account', async () => {
    const { fakeApi } = await renderApp('/');
    await screen.findByRole('heading', { level: 1, name: ep.en['home.visitor.title'] });
    await pickLanguage('Français');
    expect(await screen.findByRole('heading', { level: 1, name: ep.fr['home.visitor.title'] })).toBeInTheDocument();
    expect(Cookies.get('language')).toBe('fr');
    expect(document.documentElement.lang).toBe('fr');
    expect(fakeApi.state.calls.some((call) => call.path.includes('/keys/domains/common-front/') && call.query.get('lang') === 'fr')).toBe(true);
    expect(fakeApi.state.calls.filter((call) => call.query.get('language') === 'fr').length).toBeGreaterThan(0);
    expect(fakeApi.callsTo('PATCH', '/api/users/v1/users/lang')).toHaveLength(0);
  });

  it('gives the kit’s own screen-reader texts in the interface language: no English “Dismiss” in German (issue 10 §9)', async () => {
    await renderApp('/');
    await screen.findByRole('heading', { level: 1, name: ep.en['home.visitor.title'] });
    await pickLanguage('Deutsch');
    await screen.findByRole('heading', { level: 1, name: ep.de['home.visitor.title'] });
    // The language list's popover has react-aria's hidden dismiss buttons.
    await userEvent.click(screen.getByRole('button', { name: new RegExp(`${ep.de['header.language']}$`) }));
    await screen.findByRole('option', { name: 'Deutsch' });
    const labels = [...document.querySelectorAll('button[aria-label]')].map((button) => button.getAttribute('aria-label'));
    expect(labels).not.toContain('Dismiss');
    expect(labels).toContain('Schließen');
  });

  it('switches for a logged-in user and saves it on the account', async () => {
    const { fakeApi, session } = await renderApp('/', createFakeApi({ account: makeAccount() }));
    await session;
    await screen.findByRole('heading', { level: 1, name: 'Hello, Ann Example' });
    await pickLanguage('Deutsch');
    expect(await screen.findByRole('heading', { level: 1, name: 'Hallo, Ann Example' })).toBeInTheDocument();
    await waitFor(() => expect(fakeApi.callsTo('PATCH', '/api/users/v1/users/lang')[0]?.body).toEqual({ lang: 'de' }));
  });

  it('survives a reload through the cookie; a logged-in user’s account language wins', async () => {
    Cookies.set('language', 'it');
    const first = await renderApp('/');
    await first.session;
    expect(await screen.findByRole('heading', { level: 1, name: ep.it['home.visitor.title'] })).toBeInTheDocument();
    first.unmount();

    const { session } = await renderApp('/', createFakeApi({ account: makeAccount({ lang: 'es', language: { isoCode: 'es' } }) }));
    await session;
    expect(await screen.findByRole('heading', { level: 1, name: 'Hola, Ann Example' })).toBeInTheDocument();
  });

  it('reads American English as us and sends it as us', async () => {
    Cookies.set('language', 'en-US');
    const { fakeApi } = await renderApp('/');
    await screen.findByRole('heading', { level: 1, name: ep.us['home.visitor.title'] });
    const serviceCalls = fakeApi.state.calls.filter((call) => call.path.startsWith('/api/'));
    expect(serviceCalls.every((call) => call.query.get('language') === 'us')).toBe(true);
  });
});

describe('a language switch that cannot load its texts', () => {
  it('keeps the current language and says why', async () => {
    const api = createFakeApi();
    let failing = true;
    api.handle((call) =>
      failing && call.path.includes('/keys/domains/') && call.query.get('lang') === 'de'
        ? Promise.reject(new TypeError('network down'))
        : undefined,
    );
    const { store } = await renderApp('/', api);
    await pickLanguage('Deutsch');
    // No answer at all: the generic title, message and contact line (spec §8).
    expect(await screen.findByRole('alertdialog', { name: TRANSLATIONS['common-front'].en['error.noResponse.title'] })).toHaveTextContent(
      TRANSLATIONS['common-front'].en['error.noResponse.message'] ?? 'missing',
    );
    expect(store.getState().preferences.lang).toBe('en');
    expect(screen.getByRole('heading', { level: 1, name: ep.en['home.visitor.title'], hidden: true })).toBeInTheDocument();
    failing = false;
  });
});

import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { translationsFor } from '@lumen/i18n';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { describeWithDb } from '../../test/test-db';
import { firstViewOf } from './first-view';

/** The web's own index.html (its shell is where the first view goes). */
const WEB_INDEX = resolve(__dirname, '../../../web/index.html');

/** The first view served in the shell's main, or null when the page has none. */
function firstViewIn(html: string): string | null {
  return /<main class="app-main">([\s\S]*)<div class="app-loading">/.exec(html)?.[1] ?? null;
}

describeWithDb('first view (the top of a page painted by the server)', () => {
  let dist: string;
  let t: TestApp;

  beforeAll(async () => {
    dist = mkdtempSync(join(tmpdir(), 'lumen-web-dist-'));
    writeFileSync(join(dist, 'index.html'), readFileSync(WEB_INDEX, 'utf8'));
    t = await createTestApp({ env: { WEB_DIST_DIR: dist } });
  });
  afterAll(async () => {
    await t?.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it("paints a visitor's home in the language of the cookie, inside the shell that assistive technology skips", async () => {
    const response = await t.agent().get('/', { accept: 'text/html', cookie: 'language=es' });
    const view = firstViewIn(response.body);
    const es = translationsFor('fr-eproject', 'es');
    expect(view).toContain(`<h1>${es['home.visitor.title']}</h1>`);
    expect(view).toContain(`<p class="home__lead">${es['home.visitor.lead']}</p>`);
    expect(response.body).toMatch(/<div class="app-shell" aria-hidden="true">[\s\S]*<main class="app-main">/);
    // A browser with a session gets the user's home from the app, not a visitor's.
    expect(firstViewIn((await t.agent().get('/', { accept: 'text/html', cookie: 'language=es; hasSession=1' })).body)).toBeNull();
  });

  it("paints the projects list's header for a session that may see projects, and for no one else", async () => {
    const distributor = t.agent();
    await distributor.login('distributor@demo.example');
    // The login set the language cookie to the account's (Spanish for this demo distributor).
    expect(distributor.cookies.get('language')).toBe('es');
    const response = await distributor.get('/projects', { accept: 'text/html' });
    const es = translationsFor('fr-eproject', 'es');
    expect(firstViewIn(response.body)).toBe(`<section class="page projects"><header class="projects__header"><div><h1>${es['projects.list.title']}</h1><p class="projects__lead">${es['projects.list.lead']}</p></div></header></section>`);

    // A visitor, a marker without a token, a forged token: the guard decides in the app, the shell stays plain.
    expect(firstViewIn((await t.agent().get('/projects', { accept: 'text/html' })).body)).toBeNull();
    expect(firstViewIn((await t.agent().get('/projects', { accept: 'text/html', cookie: 'hasSession=1' })).body)).toBeNull();
    const token = distributor.cookies.get('token') ?? '';
    expect(token).not.toBe('');
    const forged = `${token.slice(0, -4)}AAAA`;
    expect(firstViewIn((await t.agent().get('/projects', { accept: 'text/html', cookie: `hasSession=1; token=${forged}` })).body)).toBeNull();

    // A session ended by logout is revoked at once.
    const kept = distributor.cookieHeader();
    expect((await distributor.post('/api/users/v1/auth/logout')).statusCode).toBeLessThan(300);
    expect(firstViewIn((await t.agent().get('/projects', { accept: 'text/html', cookie: kept })).body)).toBeNull();
  });

  it('answers no view for the pages it does not know, and escapes the texts it writes', async () => {
    const principal = async () => null;
    expect(await firstViewOf({ path: '/project/7', lang: 'en', hasSession: true, principal })).toBeNull();
    expect(await firstViewOf({ path: '/orders', lang: 'en', hasSession: false, principal })).toBeNull();
    const home = await firstViewOf({ path: '/professional-area', lang: 'fr', hasSession: false, principal });
    expect(home?.key).toBe('home:fr');
    expect(home?.html).not.toMatch(/<(?!\/?(section|div|p|h1)\b)/);
  });
});

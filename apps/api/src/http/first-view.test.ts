import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { translationsFor } from '@lumen/i18n';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { describeWithDb } from '../../test/test-db';
import { keepSizesTogether } from '@lumen/domain';
import { START_AFTER_PAINT_SCRIPT, START_TEMPLATE_ID } from '@lumen/contracts/start-after-paint';
import { configuratorPlaceOf, firstViewOf } from './first-view';
import type { Principal } from './sessions';
import { readScreenFiles } from './spa';

/** The web's own index.html (its shell is where the first view goes). */
const WEB_INDEX = resolve(__dirname, '../../../web/index.html');
/** The start's entry, as the build puts it into the start's template. */
const ENTRY = '<script type="module" crossorigin src="/assets/index-e5.js"></script>';

/** The web's index.html as its build shapes it (apps/web vite.config.ts): the start in its template, fetched after the first paint. */
function builtIndex(): string {
  const source = readFileSync(WEB_INDEX, 'utf8').replace(/\s*<script type="module" src="\/src\/main.tsx"><\/script>/, '');
  return source.replace('</head>', `<template id="${START_TEMPLATE_ID}">${ENTRY}</template></head>`).replace('</body>', `<script>${START_AFTER_PAINT_SCRIPT}</script></body>`);
}

/** The screens' files as a web build lists them (apps/web/vite.config.ts, SCREENS). */
const SCREENS = {
  projects: { scripts: ['/assets/projects-page-a1.js', '/assets/Select-b2.js'], styles: ['/assets/projects-c3.css'] },
  project: { scripts: ['/assets/project-page-d4.js', '/assets/Select-b2.js'], styles: [] },
};

/** The start's template of a served page: what it fetches after its first paint. */
function startTemplateOf(html: string): string {
  const open = `<template id="${START_TEMPLATE_ID}">`;
  const start = html.indexOf(open);
  expect(start).toBeGreaterThan(-1);
  expect(start).toBeLessThan(html.indexOf('</head>'));
  return html.slice(start + open.length, html.indexOf('</template>', start));
}

/** The screen files a page announces: modules, then styles, after the start's entry in its template. */
function screenFilesIn(html: string): string[] {
  const template = startTemplateOf(html);
  const afterEntry = template.slice(template.indexOf(ENTRY) + ENTRY.length);
  expect(afterEntry.replace(/<link rel="(modulepreload|preload" as="style)" crossorigin href="[^"]+" \/>/g, '')).toBe('');
  return [...afterEntry.matchAll(/<link rel="(modulepreload|preload" as="style)" crossorigin href="([^"]+)" \/>/g)].map((link) => link[2] ?? '');
}

/** The first view served in the shell's main, or null when the page has none. */
function firstViewIn(html: string): string | null {
  return /<main class="app-main">([\s\S]*)<div class="app-loading">/.exec(html)?.[1] ?? null;
}

describeWithDb('first view (the top of a page painted by the server)', () => {
  let dist: string;
  let t: TestApp;

  beforeAll(async () => {
    dist = mkdtempSync(join(tmpdir(), 'lumen-web-dist-'));
    writeFileSync(join(dist, 'index.html'), builtIndex());
    mkdirSync(join(dist, '.vite'));
    writeFileSync(join(dist, '.vite', 'screens.json'), JSON.stringify(SCREENS));
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

  it("paints a project's crumbs, eyebrow and name for a session that may see it, and for no one else", async () => {
    const owner = t.agent();
    await owner.login('distributor@demo.example');
    const created = await owner.post('/api/projects/v1/projects', { name: 'Hotel "Lobby" & Bar', catalogId: 16, products: [] });
    expect(created.statusCode).toBe(201);
    const id = created.json<{ id: number }>().id;
    const es = translationsFor('fr-eproject', 'es');
    expect(firstViewIn((await owner.get(`/project/${id}`, { accept: 'text/html' })).body)).toBe(
      '<section class="page projects project">' +
        `<nav class="project__crumbs"><a class="text-link" href="/projects" tabindex="-1">${es['projects.list.title']}</a></nav>` +
        `<header class="project__header"><div class="project__heading"><p class="page-eyebrow">${es['projects.page.eyebrow']}</p>` +
        '<h1>Hotel &quot;Lobby&quot; &amp; Bar</h1></div></header></section>',
    );
    // Not cached across requests: another project, another page.
    const other = await owner.post('/api/projects/v1/projects', { name: 'Warehouse', catalogId: 16, products: [] });
    expect(firstViewIn((await owner.get(`/project/${other.json<{ id: number }>().id}`, { accept: 'text/html', 'accept-encoding': 'br' })).body)).toBeNull(); // br: the body is compressed
    const warehouse = await owner.get(`/project/${other.json<{ id: number }>().id}`, { accept: 'text/html' });
    expect(firstViewIn(warehouse.body)).toContain('<h1>Warehouse</h1>');

    // Someone else's project (another company), an unknown one, a path that is no project id: the plain shell, no name.
    const stranger = t.agent();
    await stranger.login('specifier@demo.example');
    expect((await stranger.get(`/api/projects/v1/projects/${id}`)).statusCode).toBe(404);
    const refused = await stranger.get(`/project/${id}`, { accept: 'text/html' });
    expect(firstViewIn(refused.body)).toBeNull();
    expect(refused.body).not.toContain('Lobby');
    for (const path of ['/project/999999', '/project/0', '/project/2147483648', `/project/${id}/downloads`, `/project/0${id}x`]) {
      expect(firstViewIn((await owner.get(path, { accept: 'text/html' })).body), path).toBeNull();
    }
  });

  it("paints a configurator page's steps and header as the app shows them once its calls are in, for a session, where the model is", async () => {
    const distributor = t.agent();
    await distributor.login('distributor@demo.example');
    // What the app's own calls answer (its title and its header's picture: the base article's).
    const models = (await distributor.get('/api/products/v1/articles/models?catalog=16&lang=es&subFamilyId=225&applicationLocationId=15')).json<Array<{ model: string; description: string }>>();
    const name = models.find((model) => model.model === '5520')?.description ?? '';
    expect(name).not.toBe('');
    const variations = (await distributor.get('/api/apiv2/articles/variations?model=5520&catalog=16&subfamily=225&lang=es')).json<{ articles: Array<{ model: string; reference: string; referenceBase: string; image?: string }> }>();
    const image = variations.articles.find((article) => article.model === '5520' && article.reference === article.referenceBase)?.image ?? '';
    expect(image).toMatch(/^\/api\/images\/v1\/render\/model\/5520\.webp\?finish=/);

    const response = await distributor.get('/add-product/225/15/5520', { accept: 'text/html' });
    const view = firstViewIn(response.body) ?? '';
    const es = translationsFor('fr-eproject', 'es');
    const title = (es['configurator.title'] ?? '').replace('{{name}}', keepSizesTogether(name)).replace('{{model}}', '5520');
    expect(view).toContain(`<h1>${title}</h1>`);
    expect(view).toContain(`<p class="page-eyebrow">${es['configurator.mode.express']}</p>`);
    expect(view).toContain(`<a class="text-link" href="/add-product/225/15" tabindex="-1">${es['configurator.back']}</a>`);
    // The four steps, the last one current; the picture at once, in the sizes the app's srcset offers.
    expect([...view.matchAll(/<li class="lm-stepper__step lm-stepper__step--(\w+)"/g)].map((step) => step[1])).toEqual(['completed', 'completed', 'completed', 'active']);
    expect(view).toContain(`<span class="lm-stepper__label">${es['catalogue.steps.configuration']}</span>`);
    const img = /<img [^>]*>/.exec(view)?.[0] ?? '';
    expect(img).toContain(`src="${image.replaceAll('&', '&amp;')}"`);
    expect(img).toContain('fetchpriority="high"');
    expect(img).toContain(`${image.replaceAll('&', '&amp;')}&amp;size=960 960w`);
    // The picture is announced in the head, fetched with the page; the start's calls and scripts after
    // its first paint (the start's template, the calls ahead of the entry); the screen's files not at all.
    const head = response.body.slice(0, response.body.indexOf(`<template id="${START_TEMPLATE_ID}">`));
    expect(/<link rel="preload" as="image" [^>]*>/.exec(head)?.[0]).toContain(`imagesrcset="${image}&amp;size=480 480w`);
    const template = startTemplateOf(response.body);
    expect(template).not.toContain('as="image"');
    for (const call of ['/api/masters/v1/keys/', '/api/users/v1/account']) {
      expect(template.indexOf(call), call).toBeGreaterThan(-1);
      expect(template.indexOf(call), call).toBeLessThan(template.indexOf(ENTRY));
    }
    expect(screenFilesIn(response.body)).toEqual([]);
    // The attributes configurator says so.
    expect(firstViewIn((await distributor.get('/add-product-v2/225/15/5520', { accept: 'text/html' })).body)).toContain(`<p class="page-eyebrow">${es['configurator.mode.attributes']}</p>`);

    // A model of another collection or location, an unknown one, a visitor: the plain shell.
    for (const path of ['/add-product/219/15/5520', '/add-product/225/99/5520', '/add-product/225/15/ZZZZ']) {
      expect(firstViewIn((await distributor.get(path, { accept: 'text/html' })).body), path).toBeNull();
    }
    expect(firstViewIn((await t.agent().get('/add-product/225/15/5520', { accept: 'text/html' })).body)).toBeNull();
  });

  it('knows a configurator page by the routes of the web and no other path', () => {
    expect(configuratorPlaceOf('/add-product/225/15/5520')).toEqual({ mode: 'express', subFamilyId: 225, applicationLocationId: 15, model: '5520' });
    expect(configuratorPlaceOf('/add-product-v2/1/2/ab12')).toEqual({ mode: 'attributes', subFamilyId: 1, applicationLocationId: 2, model: 'ab12' });
    for (const path of ['/add-product/225/15', '/add-product/0/15/5520', '/add-product/225/2147483648/5520', '/add-product/225/15/55200', '/add-product/225/15/55-0', '/project/3/add-product/225/15/5520', '/add-product/225/15/5520/x']) {
      expect(configuratorPlaceOf(path), path).toBeNull();
    }
  });

  it("keeps the header tools' places as the app will draw them: a visitor's, a user's with their name and links", async () => {
    /** The shell header's tools, or null. */
    const toolsIn = (html: string) => /<div class="app-header__tools app-header__pending">([\s\S]*?)<\/div>\s*<\/div>\s*<\/header>/.exec(html)?.[1] ?? null;
    const fr = translationsFor('fr-eproject', 'fr');
    const visitor = toolsIn((await t.agent().get('/catalogue-page-of-any-kind', { accept: 'text/html', cookie: 'language=fr' })).body);
    expect(visitor).toContain(`>${fr['header.login']}<`);
    expect(visitor).toContain(`>${fr['header.signup']}<`);
    expect(visitor).toContain(`>${translationsFor('common-front', 'fr')['language.fr']}<`);
    expect(visitor).not.toContain('app-header__projects');

    const distributor = t.agent();
    const account = await distributor.login('distributor@demo.example');
    const user = toolsIn((await distributor.get('/orders', { accept: 'text/html' })).body);
    expect(user).toContain(`<span class="app-header__name-text">${account.name}</span>`);
    expect(user).toContain(`<span class="app-header__projects">${translationsFor('fr-eproject', 'es')['projects.nav']}</span>`);
    expect(user).not.toContain(fr['header.login']);
    // Nothing in the shell takes the focus (it is aria-hidden): every button is out of the tab order.
    for (const tag of user?.match(/<(button|a)\b[^>]*>/g) ?? []) expect(tag).toContain('tabindex="-1"');
  });

  it("announces the files of the screen the app will load for the page, where the session may open it, and nowhere else", async () => {
    const distributor = t.agent();
    await distributor.login('distributor@demo.example');
    expect(screenFilesIn((await distributor.get('/projects', { accept: 'text/html' })).body)).toEqual(['/assets/projects-page-a1.js', '/assets/Select-b2.js', '/assets/projects-c3.css']);
    const created = await distributor.post('/api/projects/v1/projects', { name: 'Depot', catalogId: 16, products: [] });
    const id = created.json<{ id: number }>().id;
    expect(screenFilesIn((await distributor.get(`/project/${id}`, { accept: 'text/html' })).body)).toEqual(SCREENS.project.scripts);
    // Someone else's project: no name, but the app still opens the page (to say it is not found).
    const stranger = t.agent();
    await stranger.login('specifier@demo.example');
    expect(screenFilesIn((await stranger.get(`/project/${id}`, { accept: 'text/html' })).body)).toEqual(SCREENS.project.scripts);
    // A visitor (the guard sends them home), another page, a path that is no project: none.
    expect(screenFilesIn((await t.agent().get('/projects', { accept: 'text/html' })).body)).toEqual([]);
    expect(screenFilesIn((await distributor.get('/orders', { accept: 'text/html' })).body)).toEqual([]);
    expect(screenFilesIn((await distributor.get(`/project/${id}/downloads`, { accept: 'text/html' })).body)).toEqual([]);
  });

  it('reads the screens of a build that lists them, and of any other build none, saying why', () => {
    const build = mkdtempSync(join(tmpdir(), 'lumen-web-dist-'));
    const warnings: string[] = [];
    const log = { warn: (_details: unknown, message?: string) => void warnings.push(message ?? '') };
    try {
      expect(readScreenFiles(build, log)).toEqual({}); // an older build: nothing to say
      mkdirSync(join(build, '.vite'));
      writeFileSync(join(build, '.vite', 'screens.json'), JSON.stringify(SCREENS));
      expect(readScreenFiles(build, log)).toEqual(SCREENS);
      expect(warnings).toEqual([]);
      for (const content of ['{"projects":', JSON.stringify({ projects: SCREENS.projects }), JSON.stringify({ ...SCREENS, project: { scripts: ['"><script>alert(1)</script>'], styles: [] } })]) {
        writeFileSync(join(build, '.vite', 'screens.json'), content);
        expect(readScreenFiles(build, log), content).toEqual({});
      }
      expect(warnings).toHaveLength(3);
    } finally {
      rmSync(build, { recursive: true, force: true });
    }
  });

  it('answers no view for the pages it does not know, and writes only its own markup', async () => {
    const principal = async () => null;
    const project = async () => ({ name: 'never asked', versionNumber: 1, versionTitle: null });
    const configurator = async () => null;
    const onError = (error: unknown) => {
      throw error;
    };
    expect((await firstViewOf({ path: '/project/7', lang: 'en', hasSession: true, principal, project, configurator, onError }))?.html).toBeNull();
    expect((await firstViewOf({ path: '/orders', lang: 'en', hasSession: false, principal, project, configurator, onError }))?.html).toBeNull();
    // A later version's eyebrow, as the app writes it (the version title is the user's text: escaped).
    const viewer = async () => ({ privileges: ['project.view.assigned.company'] }) as unknown as Principal;
    const version = await firstViewOf({ path: '/project/7', lang: 'de', hasSession: true, principal: viewer, project: async () => ({ name: 'Atelier', versionNumber: 3, versionTitle: '<b>Final</b>' }), configurator, onError });
    const de = translationsFor('fr-eproject', 'de');
    expect(version?.key).toBeNull();
    expect(version?.html).toContain(`<p class="page-eyebrow">${de['projects.page.eyebrow']} · ${(de['projects.item.version'] ?? '').replace('{{number}}', '3')} · &lt;b&gt;Final&lt;/b&gt;</p><h1>Atelier</h1>`);
    // A project that cannot be read (the database down) costs the page its painted name, not the page.
    const failures: unknown[] = [];
    const down = await firstViewOf({ path: '/project/7', lang: 'en', hasSession: true, principal: viewer, project: () => Promise.reject(new Error('connection refused')), configurator, onError: (error) => failures.push(error) });
    expect(down.html).toBeNull();
    expect(down.tools).toContain('app-header__name');
    expect(failures).toEqual([new Error('connection refused')]);
    const home = await firstViewOf({ path: '/professional-area', lang: 'fr', hasSession: false, principal, project, configurator, onError });
    expect(home?.key).toBe('visitor:fr:home');
    expect(home?.html).not.toMatch(/<(?!\/?(section|div|p|h1)\b)/);
  });
});

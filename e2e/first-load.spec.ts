import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, test, type BrowserContext, type Locator, type Page } from '@playwright/test';
import { accessibilityViolations } from './support/axe';
import { logIn } from './support/session';
import { texts } from './support/texts';

// Issue 9 §4: a light first load, as the browser sees it. The JavaScript budget itself is read from
// the built output without a browser: apps/web/scripts/first-load.test.ts.

const en = texts('en');
const dist = fileURLToPath(new URL('../apps/web/dist', import.meta.url));

// The page announces the start's calls (apps/api/src/http/spa.ts): each is asked for once, with the
// page (before its scripts), and the preloaded answer is the one the app takes.
const TEXT_DOMAINS = ['fr-eproject', 'fr-widgets', 'common-front'];

test('an anonymous visit to / logs no console error, asks neither for the account nor for a refresh, asks for /config.json and the texts once each before the scripts, and loads no schema library', async ({ page }) => {
  const entry = (JSON.parse(readFileSync(`${dist}/.vite/manifest.json`, 'utf8')) as Record<string, { file: string }>)['index.html']?.file;
  const withZod = filesWithZod();
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  const requested: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    requested.push(url.pathname + url.search);
  });

  const response = await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: en('home.visitor.title') })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(requested.filter((path) => path.startsWith('/api/users/v1/account') || path.startsWith('/api/users/v1/auth/refresh'))).toEqual([]);
  expect(errors).toEqual([]);
  // Issue 29 §8: styles without 'unsafe-inline'; the kit's injected <style> is let in by its hash
  // (a refused one would have no sheet and log a console error).
  expect(response?.headers()['content-security-policy']).not.toContain('unsafe-inline');
  const injected = await page.evaluate(() => Array.from(document.querySelectorAll('style'), (style) => style.sheet !== null && style.sheet.cssRules.length > 0));
  expect(injected.length).toBeGreaterThan(0);
  expect(injected.every(Boolean)).toBe(true);
  // index.html preloads them ahead of the scripts, and the start's fetches take the preloaded answers.
  const script = requested.indexOf(`/${entry}`);
  expect(requested.filter((path) => path === '/config.json')).toHaveLength(1);
  expect(requested.indexOf('/config.json')).toBeLessThan(script);
  for (const domain of TEXT_DOMAINS) {
    const path = `/api/masters/v1/keys/domains/${domain}/files?lang=en&language=en`;
    expect(requested.filter((url) => url === path), path).toHaveLength(1);
    expect(requested.indexOf(path), path).toBeLessThan(script);
  }
  for (const file of withZod) expect(requested).not.toContain(`/${file}`);
});

test('the projects list asks for the account and the texts (in Spanish) once each, and loads no schema library: its forms check titles with the domain’s zod-free rule', async ({ page }) => {
  const withZod = filesWithZod();
  await logIn(page, 'distributor@demo.example');
  const requested: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    requested.push(url.pathname + url.search);
  });
  await page.goto('/projects');
  // The distributor reads Spanish.
  await expect(page.getByRole('heading', { level: 1, name: texts('es')('projects.list.title') })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(requested.filter((url) => url.startsWith('/api/users/v1/account?'))).toEqual(['/api/users/v1/account?language=es']);
  for (const domain of TEXT_DOMAINS) {
    expect(requested.filter((url) => url.startsWith(`/api/masters/v1/keys/domains/${domain}/files?`))).toEqual([`/api/masters/v1/keys/domains/${domain}/files?lang=es&language=es`]);
  }
  expect(requested.some((path) => /\/projects-page-[\w-]+\.js$/.test(path)), 'the page’s own chunk was fetched here').toBe(true);
  for (const file of withZod) expect(requested).not.toContain(`/${file}`);
});

/** The built files that hold zod (the contracts' schemas and the library), found by their source maps. */
function filesWithZod(): string[] {
  const withZod = readdirSync(`${dist}/assets`)
    .filter((file) => file.endsWith('.js.map'))
    .filter((file) => (JSON.parse(readFileSync(`${dist}/assets/${file}`, 'utf8')) as { sources: string[] }).sources.some((source) => source.includes('node_modules/zod/')))
    .map((file) => `assets/${file.slice(0, -'.map'.length)}`);
  expect(withZod, 'zod is in the build').not.toEqual([]);
  return withZod;
}

// Issue 9 §4: the layout does not shift while a page loads (Lighthouse's CLS target is 0.05). Every
// shift from the navigation on is summed (stricter than CLS, which keeps the worst burst), at a
// phone's and a desktop's size, until the page is quiet.

const LAYOUT_SHIFT_BUDGET = 0.05;
const VIEWPORTS = [
  { name: 'phone', width: 412, height: 823 },
  { name: 'desktop', width: 1350, height: 940 },
] as const;
/** Demo articles of catalogue 16 (the distributor's). */
const REFERENCES = ['552010/02_10', '746005/M3_31', '577010/02_10', '235505/03_10', '745010/M2_31', '747005/M3_31', '552510/02_10', '229910/02_10'];

/** From the next navigation on, sums the page's layout shifts that no user input caused. */
async function watchLayoutShifts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const shifts = { total: 0, nodes: [] as string[] };
    Object.assign(window, { layoutShifts: shifts });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean; sources?: { node?: Node | null }[] })[]) {
        if (entry.hadRecentInput) continue;
        shifts.total += entry.value;
        for (const source of entry.sources ?? []) shifts.nodes.push(source.node instanceof Element ? source.node.outerHTML.slice(0, 80) : String(source.node?.nodeName));
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

async function layoutShifts(page: Page): Promise<{ total: number; nodes: string[] }> {
  await page.waitForLoadState('networkidle');
  // Shifts are reported after the frame that made them.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  return page.evaluate(() => (window as unknown as { layoutShifts: { total: number; nodes: string[] } }).layoutShifts);
}

// The server paints the top of the page (apps/api first-view.ts) and the app's page takes its place:
// the title is where it was (the page without scripts is what the server painted).
for (const viewport of VIEWPORTS) {
  test(`a first visit to / does not shift its layout, and the home title the server paints stays in place when the app takes over (${viewport.name})`, async ({ page, browser }, testInfo) => {
    const painted = await browser.newContext({ baseURL: testInfo.project.use.baseURL, javaScriptEnabled: false, viewport });
    try {
      const serverPage = await painted.newPage();
      await serverPage.goto('/');
      expect(await serverPage.locator('h1').textContent()).toBe(en('home.visitor.title'));
      await page.setViewportSize(viewport);
      await watchLayoutShifts(page);
      await page.goto('/');
      const heading = page.getByRole('heading', { level: 1, name: en('home.visitor.title') });
      await expect(heading).toBeVisible();
      expect(await boxWithItsFont(heading)).toEqual(await boxWithItsFont(serverPage.locator('h1')));
      const shifts = await layoutShifts(page);
      expect(shifts.total, `shifted: ${shifts.nodes.join(' | ')}`).toBeLessThanOrEqual(LAYOUT_SHIFT_BUDGET);
    } finally {
      await painted.close();
    }
  });
}

test.describe('a project of 200 lines, logged in', () => {
  const es = texts('es');
  let projectPath = '';
  let owner: BrowserContext | undefined;

  // Made once and deleted afterwards: the specs share one database, and the distributor's list
  // (5 a page, the latest first) should not fill with this fixture.
  test.beforeAll(async ({ browser }, testInfo) => {
    owner = await browser.newContext({ baseURL: testInfo.project.use.baseURL });
    const page = await owner.newPage();
    await logIn(page, 'distributor@demo.example');
    const create = await page.request.post('/api/projects/v1/projects', { data: { name: 'Torre de 200 líneas', catalogId: 16, products: [] } });
    expect(create.status()).toBe(201);
    const { id } = (await create.json()) as { id: number };
    for (let chunk = 0; chunk < 4; chunk += 1) {
      const lines = Array.from({ length: 50 }, (_, i) => ({ referenceCode: REFERENCES[(chunk * 50 + i) % REFERENCES.length], quantity: (i % 9) + 1 }));
      expect((await page.request.post(`/api/projects/v1/projects/${id}/products`, { data: lines })).status()).toBe(201);
    }
    // A second version: the page's header holds the version switcher, which must not push the rest down when it arrives.
    expect((await page.request.post(`/api/apiv2/project/${id}/version`, { data: { title: 'Variante' } })).status()).toBe(201);
    projectPath = `/project/${id}`;
  });

  test.afterAll(async () => {
    if (owner && projectPath) expect((await owner.request.delete(`/api/projects/v1/projects/${projectPath.split('/').pop()}`)).ok()).toBe(true);
    await owner?.close();
  });

  test.beforeEach(async ({ page }) => {
    await logIn(page, 'distributor@demo.example');
  });

  // Each page's title is where the server painted it (the page without scripts), and nothing shifts
  // while the app takes over and the lines arrive.
  for (const viewport of VIEWPORTS) {
    test(`its first load and /projects' keep the title the server paints in place and do not shift their layout (${viewport.name})`, async ({ page, browser }, testInfo) => {
      const painted = await browser.newContext({ baseURL: testInfo.project.use.baseURL, javaScriptEnabled: false, viewport, storageState: await page.context().storageState() });
      const serverPage = await painted.newPage();
      await page.setViewportSize(viewport);
      await watchLayoutShifts(page);
      try {
        for (const [path, title] of [
          [projectPath, 'Torre de 200 líneas'],
          ['/projects', es('projects.list.title')],
        ] as const) {
          await serverPage.goto(path);
          const server = await boxWithItsFont(serverPage.locator('h1'));
          expect(await serverPage.locator('h1').textContent(), path).toBe(title);
          await page.goto(path);
          const heading = page.getByRole('heading', { level: 1, name: title });
          await expect(heading).toBeVisible();
          expect(await boxWithItsFont(heading), path).toEqual(server);
          if (path === projectPath) await expect(page.getByRole('rowheader').first()).toBeVisible();
          const shifts = await layoutShifts(page);
          expect(shifts.total, `${path} shifted: ${shifts.nodes.join(' | ')}`).toBeLessThanOrEqual(LAYOUT_SHIFT_BUDGET);
        }
      } finally {
        await painted.close();
      }
    });
  }

  // The page announces its screen's files with the start's (apps/api spa.ts, the build's
  // .vite/screens.json): every script and stylesheet its start loads was in the page it got, so none
  // waits for the app to run to be asked for; every file it announces exists; and the page's data
  // (the project and its versions, the list's first page) is asked for once.
  test('announces every file its start loads in the page, none that is missing, and asks for its data once', async ({ page }) => {
    const projectId = projectPath.split('/').pop() ?? '';
    for (const [path, title, data] of [
      [projectPath, 'Torre de 200 líneas', [`/api/projects/v1/projects/${projectId}`, `/api/apiv2/project/${projectId}/versions`]],
      ['/projects', es('projects.list.title'), ['/api/projects/v1/projects/filter']],
    ] as const) {
      const html = await (await page.request.get(path, { headers: { accept: 'text/html' } })).text();
      const requested: string[] = [];
      const failed: string[] = [];
      const onRequest = (request: { url(): string }) => requested.push(new URL(request.url()).pathname);
      const onResponse = (response: { url(): string; status(): number }) => {
        if (response.status() >= 400) failed.push(`${response.status()} ${new URL(response.url()).pathname}`);
      };
      page.on('request', onRequest);
      page.on('response', onResponse);
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
      await page.waitForLoadState('networkidle');
      page.off('request', onRequest);
      page.off('response', onResponse);
      expect(failed, path).toEqual([]);
      const files = requested.filter((file) => /^\/assets\/.+\.(js|css)$/.test(file));
      expect(files.length, path).toBeGreaterThan(20);
      for (const file of files) expect(html, `${path}: ${file}`).toMatch(new RegExp(`(src|href)="${file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}"`));
      for (const call of data) expect(requested.filter((request) => request === call), `${path}: ${call}`).toHaveLength(1);
    }
  });

  test('renders a window of its lines, all of them reachable by scrolling, with the row count for screen readers', async ({ page }) => {
    await page.goto(projectPath);
    const grid = page.getByRole('table');
    await expect(grid).toHaveAttribute('aria-rowcount', '201');
    await expect(page.getByRole('rowheader').first()).toBeVisible();
    const rendered = await grid.locator('tbody tr[aria-rowindex]').count();
    expect(rendered).toBeGreaterThan(3);
    expect(rendered).toBeLessThan(40);
    expect(await accessibilityViolations(page)).toEqual([]);

    // The last line is there once the page is scrolled to the bottom, and the first has gone.
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await expect(grid.locator('tr[aria-rowindex="201"]')).toBeInViewport();
    await expect(grid.locator('tr[aria-rowindex="2"]')).toHaveCount(0);
    expect(await grid.locator('tbody tr[aria-rowindex]').count()).toBeLessThan(40);
  });
});

test.describe('a configurator page, logged in', () => {
  const es = texts('es');
  test.beforeEach(async ({ page }) => {
    await logIn(page, 'distributor@demo.example');
  });

  // A configurator page opened by its address (issue 35 §5): the server paints its steps and header
  // with the model's picture, its largest paint; the app's first render is that header, in place, and
  // the picture is asked for once (the head's preload and the img choose the same size).
  for (const viewport of VIEWPORTS) {
    test(`a configurator page keeps the header and the picture the server paints in place, asks for the picture once and does not shift (${viewport.name})`, async ({ page, browser }, testInfo) => {
      const path = '/add-product/225/15/5520';
      const painted = await browser.newContext({ baseURL: testInfo.project.use.baseURL, javaScriptEnabled: false, viewport, storageState: await page.context().storageState() });
      try {
        const serverPage = await painted.newPage();
        await serverPage.goto(path);
        const title = (await serverPage.locator('h1').textContent()) ?? '';
        expect(title).toMatch(/\(5520\)$/);
        const serverBoxes = { title: await boxWithItsFont(serverPage.locator('h1')), picture: await serverPage.locator('img.configurator-page__image').boundingBox() };
        expect(serverBoxes.picture?.width).toBeGreaterThan(200);

        await page.setViewportSize(viewport);
        await watchLayoutShifts(page);
        const pictures: string[] = [];
        page.on('request', (request) => {
          if (request.url().includes('/api/images/v1/render/model/5520.webp')) pictures.push(request.url());
        });
        await page.goto(path);
        await expect(page.getByRole('region', { name: es('configurator.result.title') })).toBeVisible();
        expect(await boxWithItsFont(page.getByRole('heading', { level: 1, name: title }))).toEqual(serverBoxes.title);
        expect(await page.locator('img.configurator-page__image').boundingBox()).toEqual(serverBoxes.picture);
        const shifts = await layoutShifts(page);
        expect(shifts.total, `shifted: ${shifts.nodes.join(' | ')}`).toBeLessThanOrEqual(LAYOUT_SHIFT_BUDGET);
        expect(pictures).toHaveLength(1);
      } finally {
        await painted.close();
      }
    });
  }
});

// A title's box once the page's fonts are in: the fallback face is metric-matched, not identical (packages/ui
// fonts.css), so a box taken before Manrope swaps in is a pixel or two narrower than the same title after it.
async function boxWithItsFont(title: Locator): Promise<{ x: number; y: number; width: number; height: number } | null> {
  await title.page().evaluate(async () => {
    await document.fonts.ready;
  });
  return title.boundingBox();
}

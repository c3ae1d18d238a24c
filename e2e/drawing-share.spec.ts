import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { accessibilityViolations } from './support/axe';
import { logIn } from './support/session';
import { E2E_SOCIAL } from './support/social';
import { exactly, texts } from './support/texts';

// Issue 16 §3–§6 in the browser: a no-drawing plusminus made from a layout and saved to a project;
// its exports downloaded from the project line's export page and read as the formats they claim to be
// (the deep checks — three's loaders, dxf-parser — are the api's, apps/api lib/model-export and
// products.drawings tests); the configuration shared, its link opened by a visitor (no prices) and by
// a distributor (their prices); the frames embedded in a partner page on another origin, talking to it
// with postMessage, and a stranger's message ignored. WebGL runs on SwiftShader, so the previews draw.

test.use({
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--use-angle=swiftshader', '--enable-unsafe-swiftshader', '--ignore-gpu-blocklist', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
  },
  viewport: { width: 1500, height: 1000 },
});
test.setTimeout(240_000);
test.describe.configure({ mode: 'serial' });

const es = texts('es');
const en = texts('en');
const HOST = E2E_SOCIAL.hostOrigin;
const APP = E2E_SOCIAL.appOrigin;

/** What the earlier steps made, for the later ones (the tests run in order, in one worker). */
const made: { projectId?: number; productId?: string; hash?: string; link?: string } = {};

/** The export buttons' files, downloaded as the browser saves them. */
async function download(page: Page, label: string, into: string): Promise<Buffer> {
  const [file] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: exactly(label) }).click()]);
  const path = join(into, file.suggestedFilename());
  await file.saveAs(path);
  return readFileSync(path);
}

/** glTF binary: the 12-byte header (magic, version 2, total length), then a JSON chunk naming glTF 2.0 with meshes, then the BIN chunk. */
function readGlb(file: Buffer) {
  expect(file.subarray(0, 4).toString('latin1')).toBe('glTF');
  expect(file.readUInt32LE(4)).toBe(2);
  expect(file.readUInt32LE(8)).toBe(file.length);
  const jsonLength = file.readUInt32LE(12);
  expect(file.subarray(16, 20).toString('latin1')).toBe('JSON');
  const json = JSON.parse(file.subarray(20, 20 + jsonLength).toString('utf8')) as { asset: { version: string }; meshes?: unknown[]; nodes?: unknown[] };
  expect(json.asset.version).toBe('2.0');
  expect(json.meshes?.length ?? 0).toBeGreaterThan(0);
  expect(file.subarray(20 + jsonLength + 4, 20 + jsonLength + 8).toString('latin1')).toBe('BIN\0');
  return json;
}

/** Binary STL: an 80-byte header, the triangle count, 50 bytes per triangle; or ASCII `solid … endsolid`. */
function readStl(file: Buffer): number {
  if (file.subarray(0, 6).toString('latin1') === 'solid ' && file.toString('latin1').trimEnd().includes('endsolid')) {
    return (file.toString('latin1').match(/facet normal/g) ?? []).length;
  }
  const triangles = file.readUInt32LE(80);
  expect(file.length).toBe(84 + 50 * triangles);
  return triangles;
}

/** OBJ: vertices and faces whose indices name vertices that exist. */
function readObj(file: Buffer): { vertices: number; faces: number } {
  const lines = file.toString('utf8').split('\n');
  const vertices = lines.filter((line) => /^v\s+-?\d/.test(line)).length;
  const faces = lines.filter((line) => line.startsWith('f '));
  for (const face of faces) for (const index of face.slice(2).trim().split(/\s+/).map((corner) => Number(corner.split('/')[0]))) expect(index >= 1 && index <= vertices).toBe(true);
  return { vertices, faces: faces.length };
}

/** The OBJ export: a zip of the OBJ and its MTL (issue 28 §4), read by unzip; the OBJ names the MTL and its faces name vertices that exist. */
function readObjZip(file: Buffer, into: string): { vertices: number; faces: number } {
  const path = join(into, 'model-obj.zip');
  writeFileSync(path, file);
  const names = execFileSync('unzip', ['-Z1', path], { encoding: 'utf8' }).trim().split('\n');
  const obj = names.find((name) => name.endsWith('.obj')) ?? '';
  const mtl = names.find((name) => name.endsWith('.mtl')) ?? '';
  expect([obj, mtl].every(Boolean)).toBe(true);
  const text = execFileSync('unzip', ['-p', path, obj], { encoding: 'utf8' });
  expect(text).toContain(`mtllib ${mtl}`);
  return readObj(Buffer.from(text, 'utf8'));
}

/** DXF: group code / value pairs, its sections, LINE entities of the structure, and the end of file. */
function readDxf(file: Buffer): { lines: number } {
  const rows = file.toString('utf8').split(/\r?\n/).map((row) => row.trim());
  const pairs: [number, string][] = [];
  for (let index = 0; index + 1 < rows.length; index += 2) pairs.push([Number(rows[index]), rows[index + 1] ?? '']);
  expect(pairs.every(([code]) => Number.isInteger(code))).toBe(true);
  expect(pairs.filter(([code, value]) => code === 0 && value === 'SECTION').length).toBeGreaterThanOrEqual(2);
  expect(pairs.some(([code, value]) => code === 2 && value === 'ENTITIES')).toBe(true);
  expect(pairs.at(-1)).toEqual([0, 'EOF']);
  return { lines: pairs.filter(([code, value]) => code === 0 && value === 'LINE').length };
}

test('a no-drawing plusminus from a layout, saved to a project; its exports downloaded and read', async ({ page }) => {
  const name = `Plusminus ${Date.now() % 100000}`;
  await logIn(page, 'distributor@demo.example');
  await page.goto('/new-product/plusminus-nodrawing-configurator');
  await expect(page.getByRole('heading', { level: 1, name: es('drawing.nodrawing.title.plusminus') })).toBeVisible();

  // The parallel layout: two straps instead of three, two lights on each.
  const straps = page.getByRole('spinbutton', { name: exactly(es('drawing.nodrawing.param.plusminus.count')) });
  await straps.focus();
  await page.keyboard.press('ArrowDown');
  const lights = page.getByRole('spinbutton', { name: exactly(es('drawing.nodrawing.param.plusminus.lights')) });
  await lights.focus();
  await page.keyboard.press('ArrowDown');
  const plan = page.getByRole('img', { name: new RegExp(es('drawingShare.plan.title')) }).first();
  await expect(plan).toHaveAttribute('aria-label', new RegExp(`${es('drawingShare.plan.summary_other', { count: '2', items: '' })}.*${es('drawingShare.plan.count.light_other', { count: '4' })}`));
  // The straps are drawn (an SVG line without a stroke is invisible): each has a visible stroke of some width on screen.
  const strokes = await plan.locator('line').evaluateAll((lines) => lines.map((line) => ({ stroke: getComputedStyle(line).stroke, width: line.getBoundingClientRect().width + line.getBoundingClientRect().height })));
  expect(strokes).toHaveLength(2);
  for (const line of strokes) {
    expect(line.stroke).not.toBe('none');
    expect(line.width).toBeGreaterThan(20);
  }
  await expect(page.locator('[data-testid="drawing-preview"] canvas')).toBeVisible();
  await expect(page.getByText(es('crea.live.valid'))).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('table', { name: es('crea.live.bom') })).toContainText('5520');
  expect(await accessibilityViolations(page)).toEqual([]);

  // Shared: a link to an immutable snapshot.
  await page.getByRole('button', { name: es('drawingShare.share.action') }).click();
  const link = page.getByRole('textbox', { name: es('drawingShare.share.link') });
  await expect(link).toHaveValue(/\/plusminus-drawing-configurator\/product\/[A-Za-z0-9_-]{22}$/);
  made.link = await link.inputValue();
  made.hash = made.link.split('/').at(-1);

  // Saved to a new project as a no-drawing line.
  await page.getByRole('button', { name: es('projects.addTo.action') }).click();
  const dialog = page.getByRole('dialog', { name: es('projects.addTo.title') });
  await dialog.getByRole('button', { name: new RegExp(es('projects.addTo.project')) }).click();
  await page.getByRole('option', { name: es('projects.addTo.newProject') }).click();
  await dialog.getByLabel(exactly(es('projects.form.name'), { end: false })).fill(name);
  await dialog.getByRole('button', { name: es('projects.addTo.submit') }).click();
  const done = page.getByRole('status').filter({ hasText: name });
  await expect(done).toContainText(/CR\d{9}/);
  await done.getByRole('link', { name: es('projects.addTo.open') }).click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  made.projectId = Number(/\/project\/(\d+)/.exec(page.url())?.[1]);
  const project = (await (await page.request.get(`/api/projects/v1/projects/${made.projectId}`)).json()) as { products: { _id: string; configuratorType: { id: number } | null; subFamily: { id: number } | null }[] };
  const [line] = project.products;
  expect(line).toMatchObject({ configuratorType: { id: 3 }, subFamily: { id: 225 } });
  made.productId = line?._id;

  // Its Edit opens the no-drawing configurator with the saved structure.
  await page.getByRole('link', { name: new RegExp(`^${es('projects.product.edit')} `) }).first().click();
  await expect(page).toHaveURL(/\/plusminus-nodrawing-configurator/);
  await expect(page.getByRole('img', { name: new RegExp(es('drawingShare.plan.title')) }).first()).toHaveAttribute('aria-label', new RegExp(es('drawingShare.plan.count.light_other', { count: '4' })));
  // VIEW mode (plusminus): the same structure, read-only.
  await page.goto(`/project/${made.projectId}/product/${made.productId}/plusminus-nodrawing-configurator/view`);
  await expect(page.getByText(es('drawing.nodrawing.mode.view'))).toBeVisible();
  await expect(page.getByRole('img', { name: new RegExp(es('drawingShare.plan.title')) }).first()).toHaveAttribute('aria-label', new RegExp(es('drawingShare.plan.count.light_other', { count: '4' })));
  await expect(page.getByRole('spinbutton', { name: exactly(es('drawing.nodrawing.param.plusminus.count')) })).toHaveCount(0);
  await expect(page.getByRole('button', { name: exactly(es('crea.line.save')) })).toHaveCount(0);

  // The export page: five files, each what it claims to be.
  await page.goto(`/project/${made.projectId}/product/${made.productId}/export`);
  await expect(page.getByRole('heading', { level: 1, name: /CR\d{9}/ })).toBeVisible();
  const into = mkdtempSync(join(tmpdir(), 'lumen-drawing-export-'));
  const glb = readGlb(await download(page, es('drawingShare.export.format.glb'), into));
  expect(glb.nodes?.length ?? 0).toBeGreaterThan(0);
  const obj = readObjZip(await download(page, es('drawingShare.export.format.obj'), into), into);
  expect(obj.faces).toBeGreaterThan(0);
  expect(readStl(await download(page, es('drawingShare.export.format.stl'), into))).toBeGreaterThan(0);
  // The plan: the two straps at least.
  expect(readDxf(await download(page, es('drawingShare.export.format.dxf'), into)).lines).toBeGreaterThanOrEqual(2);
  const svg = await download(page, es('drawingShare.export.format.svg'), into);
  const svgPath = join(into, 'plan.svg');
  writeFileSync(svgPath, svg);
  execFileSync('xmllint', ['--noout', svgPath]);
  expect(svg.toString('utf8')).toMatch(/<svg[^>]*viewBox=/);
});

test('a visitor opens a plusminus preconfiguration in the no-drawing configurator: valid, no prices, a login to add it', async ({ page }) => {
  await page.goto('/new-product/plusminus-nodrawing-configurator');
  await expect(page.getByRole('heading', { level: 1, name: en('drawing.nodrawing.title.plusminus') })).toBeVisible();
  await page.getByRole('button', { name: new RegExp(en('drawing.nodrawing.choose')) }).click();
  await page.getByRole('option', { name: en('drawing.nodrawing.preconfig', { name: 'Plusminus Linea' }) }).click();
  // The preconfiguration's own structure: chosen, no layout numbers, lights on it.
  await expect(page.getByRole('button', { name: new RegExp(en('drawing.nodrawing.preconfig', { name: 'Plusminus Linea' })) })).toBeVisible();
  await expect(page.getByText(en('drawing.nodrawing.preconfigNotDrawing', { name: 'Plusminus Linea' }))).toHaveCount(0);
  await expect(page.getByRole('spinbutton', { name: exactly(en('drawing.nodrawing.param.plusminus.count')) })).toHaveCount(0);
  const plan = page.getByRole('img', { name: new RegExp(en('drawingShare.plan.title')) }).first();
  await expect(plan).toHaveAttribute('aria-label', new RegExp(en('drawingShare.plan.count.light_other', { count: '\\d+' })));
  await expect(page.getByText(en('crea.live.valid'))).toBeVisible({ timeout: 20_000 });
  // A visitor sees no price, and Add to project asks them to log in.
  await expect(page.getByText(/€|\$/)).toHaveCount(0);
  await page.getByRole('button', { name: en('projects.addTo.action') }).click();
  await expect(page.getByRole('dialog', { name: en('auth.login.title') })).toBeVisible();
});

async function openShared(browser: Browser, as: string | null) {
  const context = await browser.newContext();
  const page = await context.newPage();
  if (as) await logIn(page, as);
  await page.goto(made.link ?? '');
  return { context, page };
}

test('the shared link: a visitor sees it without prices, a distributor with theirs', async ({ browser }) => {
  expect(made.link).toBeTruthy();
  const visitor = await openShared(browser, null);
  await expect(visitor.page.getByRole('heading', { level: 1, name: en('drawingShare.view.title', { collection: 'Plusminus' }) })).toBeVisible();
  await expect(visitor.page.getByText(en('crea.live.valid'))).toBeVisible();
  await expect(visitor.page.getByRole('img', { name: new RegExp(en('drawingShare.plan.title')) }).first()).toBeVisible();
  await expect(visitor.page.getByText(/€|\$/)).toHaveCount(0);
  await expect(visitor.page.getByText(en('drawingShare.view.loginToCopy'))).toBeVisible();
  expect(await accessibilityViolations(visitor.page)).toEqual([]);
  // What the visitor was sent carries no price either.
  const answer = (await (await visitor.page.request.get(`/api/products/v1/creations/shared/${made.hash}`)).json()) as { evaluation: Record<string, unknown> };
  expect(answer.evaluation).not.toHaveProperty('price');
  await visitor.context.close();

  const distributor = await openShared(browser, 'distributor@demo.example');
  await expect(distributor.page.getByRole('heading', { level: 1, name: es('drawingShare.view.title', { collection: 'Plusminus' }) })).toBeVisible();
  await expect(distributor.page.getByText(/\d,\d{2}\s€/).first()).toBeVisible({ timeout: 15_000 });
  await expect(distributor.page.getByText(es('drawingShare.view.copyIntro'))).toBeVisible();
  await distributor.context.close();

  // An unknown snapshot is the not-found page.
  const page = await browser.newPage();
  await page.goto('/plusminus-drawing-configurator/product/AAAAAAAAAAAAAAAAAAAAAA');
  await expect(page.getByRole('heading', { level: 1, name: en('errors.notFound.title') })).toBeVisible();
  await page.close();
});

// ─── Frames ──────────────────────────────────────────────────────────────────────────────────────

let hostServer: Server;
let strangerServer: Server;

/** The partner page: embeds a drawing frame, writes every message it hears into the page, and can ask for an export. */
function hostPage(path: string): string {
  const frameName = path.startsWith('/iframe/plusminus-export3d') ? 'lumen-export' : 'lumen-configurator';
  const src = `${APP}${path}${path.includes('?') ? '&' : '?'}host=${encodeURIComponent(HOST)}`;
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Partner site</title></head><body>
<h1>Partner site</h1>
<iframe name="${frameName}" title="Lumen Pro" src="${src}" style="width:1400px;height:900px"></iframe>
<iframe name="stranger" title="Stranger" src="${E2E_SOCIAL.strangerOrigin}/" style="width:10px;height:10px"></iframe>
<script>
  window.heard = [];
  window.addEventListener('message', (event) => {
    if (!event.data || typeof event.data.type !== 'string' || !event.data.type.startsWith('lumen:')) return;
    window.heard.push({ origin: event.origin, data: event.data });
  });
  window.askExport = (format) => frames['${frameName}'].postMessage({ type: 'lumen:export', format }, '${APP}');
</script></body></html>`;
}

/** A page of an origin that is no partner: it asks the export frame for a file from inside the partner page. */
function strangerPage(): string {
  return `<!doctype html><html lang="en"><head><title>Stranger</title></head><body><script>
  window.askExport = () => parent.frames['lumen-export'].postMessage({ type: 'lumen:export', format: 'stl' }, '*');
</script></body></html>`;
}

function serve(port: number, html: (path: string) => string): Promise<Server> {
  const server = createServer((request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(html(decodeURIComponent((request.url ?? '/').replace(/^\/\?frame=/, ''))));
  });
  return new Promise((resolve) => server.listen(port, '127.0.0.1', () => resolve(server)));
}

test.describe('frames on a partner page', () => {
  test.beforeAll(async () => {
    hostServer = await serve(E2E_SOCIAL.hostPort, (path) => hostPage(path));
    strangerServer = await serve(E2E_SOCIAL.strangerPort, () => strangerPage());
  });
  test.afterAll(async () => {
    await new Promise((resolve) => hostServer.close(resolve));
    await new Promise((resolve) => strangerServer.close(resolve));
  });

  interface Heard {
    origin: string;
    data: { type: string; frame?: string; snapshotId?: string; format?: string; url?: string };
  }
  const heard = (page: Page) => page.evaluate(() => (window as unknown as { heard: Heard[] }).heard);

  test('the export frame tells the host it is ready and hands over the files it asks for; a stranger is ignored', async ({ page }) => {
    expect(made.hash).toBeTruthy();
    const warnings: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'warning') warnings.push(message.text());
    });
    await page.goto(`${HOST}/?frame=${encodeURIComponent(`/iframe/plusminus-export3d?snapshot=${made.hash}`)}`);
    const frame = page.frameLocator('iframe[name="lumen-export"]');
    await expect(frame.getByRole('heading', { level: 1, name: en('drawingShare.frame.exportTitle', { collection: 'Plusminus' }) })).toBeVisible();
    // No platform header in the frame.
    await expect(frame.getByRole('banner')).toHaveCount(0);
    await expect.poll(async () => (await heard(page)).map((m) => m.data.type)).toContain('lumen:ready');

    // A stranger inside the partner page asks for a file: ignored.
    await page.frame({ name: 'stranger' })?.evaluate(() => (window as unknown as { askExport: () => void }).askExport());
    await expect.poll(() => warnings.some((text) => text.includes('[drawing frame] message ignored (origin)'))).toBe(true);

    // The host asks for the glTF: the frame answers with its address, which serves the file.
    await page.evaluate(() => (window as unknown as { askExport: (format: string) => void }).askExport('glb'));
    await expect.poll(async () => (await heard(page)).filter((m) => m.data.type === 'lumen:export-ready').length).toBe(1);
    const ready = (await heard(page)).find((m) => m.data.type === 'lumen:export-ready');
    expect(ready?.origin).toBe(APP);
    expect(ready?.data).toMatchObject({ format: 'glb', url: `${APP}/api/products/v1/creations/shared/${made.hash}/export/glb` });
    readGlb(Buffer.from(await (await page.request.get(ready?.data.url ?? '')).body()));
    expect((await heard(page)).every((m) => m.origin === APP)).toBe(true);
  });

  test('the configurator frame: a strap drawn with its power canopy reaches the host as a snapshot it can open', async ({ page }) => {
    await page.goto(`${HOST}/?frame=${encodeURIComponent('/iframe/plusminus-drawing-configurator')}`);
    const frame = page.frameLocator('iframe[name="lumen-configurator"]');
    await expect(frame.getByRole('heading', { level: 1, name: en('drawingShare.frame.configuratorTitle') })).toBeVisible();
    await expect.poll(async () => (await heard(page)).map((m) => m.data.type)).toContain('lumen:ready');

    // A 2 m strap, then its power canopy on it.
    const inner = page.frame({ name: 'lumen-configurator' });
    if (!inner) throw new Error('no configurator frame');
    await expect(frame.locator('[data-testid="drawing-plan"]')).toBeVisible();
    const onPlan = async (x: number, z: number) => {
      const at = await inner.evaluate(
        ([px, pz]) => {
          const svg = document.querySelector<SVGSVGElement>('[data-testid="drawing-plan"]');
          const matrix = svg?.getScreenCTM();
          if (!matrix) return null;
          const p = new DOMPoint(px, pz).matrixTransform(matrix);
          return { x: p.x, y: p.y };
        },
        [x, z] as const,
      );
      const box = await page.locator('iframe[name="lumen-configurator"]').boundingBox();
      if (!at || !box) throw new Error('the plan is not on the page');
      await page.mouse.click(box.x + at.x, box.y + at.y);
    };
    await frame.getByRole('radio', { name: exactly(en('drawing.tool.draw')) }).click();
    await onPlan(-1, 0);
    await onPlan(1, 0);
    await page.keyboard.press('Escape');
    await frame.getByRole('radio', { name: exactly(en('drawing.tool.connection')) }).click();
    await onPlan(0, 0);
    await expect(frame.getByText(en('crea.live.valid'))).toBeVisible({ timeout: 20_000 });

    await expect.poll(async () => (await heard(page)).filter((m) => m.data.type === 'lumen:configuration-changed').length, { timeout: 15_000 }).toBeGreaterThan(0);
    const changed = (await heard(page)).filter((m) => m.data.type === 'lumen:configuration-changed').at(-1);
    expect(changed?.origin).toBe(APP);
    expect(changed?.data.snapshotId).toMatch(/^[A-Za-z0-9_-]{22}$/);
    const snapshot = (await (await page.request.get(`${APP}/api/products/v1/creations/shared/${changed?.data.snapshotId}`)).json()) as { subFamilyId: number; evaluation: { valid: boolean } };
    expect(snapshot).toMatchObject({ subFamilyId: 225, evaluation: { valid: true } });
  });

  test('a page that is no partner cannot frame the drawing frames', async ({ page }) => {
    const response = await page.request.get(`${APP}/iframe/plusminus-drawing-configurator`);
    expect(response.headers()['content-security-policy']).toContain(`frame-ancestors 'self' ${HOST}`);
    await page.goto(`${E2E_SOCIAL.strangerOrigin}/`);
    await page.evaluate((src) => {
      const iframe = document.createElement('iframe');
      iframe.name = 'drawing';
      iframe.src = src;
      document.body.appendChild(iframe);
    }, `${APP}/iframe/plusminus-export3d?host=${encodeURIComponent(E2E_SOCIAL.strangerOrigin)}&snapshot=${made.hash ?? ''}`);
    await expect.poll(() => page.frame({ name: 'drawing' })?.url() ?? '').toMatch(/^chrome-error:/);
  });
});

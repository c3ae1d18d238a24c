/**
 * The plusminus drawing configurator in Chromium (issue 16 §2): a project line of 100 straps (a
 * serpentine in a 10 × 10 m room, a light on each strap and one power canopy: one structure) opened in
 * the built web, the 3D preview on SwiftShader (software GL: frame times are an upper bound). A node of
 * the plan is dragged with the mouse in `DRAWING_STEPS` steps (60); while it moves, every animation
 * frame's interval is recorded in the page, with the long tasks (> 50 ms), and each mouse step's time
 * to be handled (the browser acknowledges an input once its handlers ran). Also: the drawing chunks'
 * size (gzip level 9) and the time from navigation to the plan with its 100 straps.
 * Run after `npm run build`: npx tsx bench/web-drawing.bench.ts   (CHROME_PATH defaults to /usr/bin/chromium;
 * DRAWING_RUNS (3) drags, DRAWING_STEPS (60) steps each; DRAWING_SCREENSHOT=<file.png> for a picture;
 * DRAWING_NO_WEBGL=1 without the 3D preview; DRAWING_PROFILE=<file.cpuprofile>: the page's CPU profile of the drags, for DevTools)
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { drawingToSpace, type Drawing, type DrawingItem, type DrawingSegment } from '@lumen/domain';
import puppeteer from 'puppeteer-core';
import { readManifest } from '../apps/web/scripts/first-load';
import { loginCookie, startBenchApp } from './support/api-bench';

const STRAPS = 100;
const ROOM = { width: 10, depth: 10, height: 4, extraCeiling: 0.16, ceilingMaterial: 'pladur' as const };
const RUNS = Number(process.env.DRAWING_RUNS ?? 3);
const STEPS = Number(process.env.DRAWING_STEPS ?? 60);
/** Interactive: frames keep coming at 60 Hz or close (a frame interval under 50 ms at p95 is "stays interactive"). */
const FRAME_TARGET_MS = 50;

const dist = fileURLToPath(new URL('../apps/web/dist', import.meta.url));

/** The drawing pages' chunks: the pages with the plan editor, and the preview (three.js, react-three-fiber, drei), gzip. */
function chunkSizes(): Record<string, { file: string; rawKB: string; gzipKB: string }> {
  const manifest = readManifest(dist);
  const out: Record<string, { file: string; rawKB: string; gzipKB: string }> = {};
  for (const [key, chunk] of Object.entries(manifest)) {
    if (!/drawing-pages\.tsx$|drawing-preview\.tsx$/.test(key)) continue;
    const content = readFileSync(join(dist, chunk.file));
    out[key] = { file: chunk.file, rawKB: (content.length / 1024).toFixed(1), gzipKB: (gzipSync(content, { level: 9 }).length / 1024).toFixed(1) };
  }
  return out;
}

/**
 * 100 straps of 1 m in a serpentine: ten rows of nine along x, joined at alternate ends, and one more
 * strap hanging from the last row's end. A light of model 5520 at the middle of each strap, the power
 * canopy on the first. Straight joints (180°) and corners (90°), two straps per anchor at most.
 */
function serpentine(finish: string, light: Record<string, string>): Drawing {
  const segments: DrawingSegment[] = [];
  const items: DrawingItem[] = [];
  const point = (x: number, z: number) => ({ x: Math.round(x * 1000) / 1000, z: Math.round(z * 1000) / 1000 });
  for (let row = 0; row < 10 && segments.length < STRAPS; row++) {
    const z = -4.5 + row;
    const forward = row % 2 === 0;
    for (let i = 0; i < 9 && segments.length < STRAPS; i++) {
      const a = forward ? -4.5 + i : 4.5 - i;
      const b = forward ? a + 1 : a - 1;
      segments.push({ id: `s${segments.length}`, from: point(a, z), to: point(b, z), attributes: { finish } });
    }
    const end = forward ? 4.5 : -4.5;
    if (segments.length < STRAPS) segments.push({ id: `s${segments.length}`, from: point(end, z), to: point(end, z + 1 > 4.5 ? z - 0.5 : z + 1), attributes: { finish } });
  }
  segments.forEach((segment) => items.push({ id: `l${segment.id}`, kind: 'light', segmentId: segment.id, offset: 0.5, model: '5520', attributes: light }));
  items.push({ id: 'power', kind: 'connection', segmentId: 's0', offset: 0.25, model: '7495', attributes: {} });
  return { family: 'plusminus', height: 3, segments, items };
}

/** What the page records while the node moves: every frame's interval and the long tasks. */
const START_RECORDING = `(() => {
  const state = { frames: [], longTasks: [], last: performance.now(), running: true };
  window.__drawingBench = state;
  try {
    new PerformanceObserver((list) => { for (const entry of list.getEntries()) state.longTasks.push(entry.duration); }).observe({ type: 'longtask', buffered: false });
  } catch {}
  const tick = (now) => {
    state.frames.push(now - state.last);
    state.last = now;
    if (state.running) requestAnimationFrame(tick);
  };
  requestAnimationFrame((now) => { state.last = now; requestAnimationFrame(tick); });
})()`;
const STOP_RECORDING = `(() => { const s = window.__drawingBench; s.running = false; return { frames: s.frames, longTasks: s.longTasks }; })()`;

/** A plan point's place on the page (the plan's SVG transform). */
const ON_PLAN = (x: number, z: number) => `(() => {
  const svg = document.querySelector('[data-testid="drawing-plan"]');
  const m = svg && svg.getScreenCTM();
  if (!m) return null;
  const p = new DOMPoint(${x}, ${z}).matrixTransform(m);
  return { x: p.x, y: p.y };
})()`;

const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;
};

const bench = await startBenchApp();
const browser = await puppeteer.launch({
  executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  // DRAWING_NO_WEBGL=1: the same without WebGL (no 3D preview), to tell the plan's share from the preview's.
  args: process.env.DRAWING_NO_WEBGL ? ['--no-sandbox', '--disable-gpu', '--disable-webgl', '--window-size=1500,1100'] : ['--no-sandbox', '--use-angle=swiftshader', '--enable-unsafe-swiftshader', '--ignore-gpu-blocklist', '--window-size=1500,1100'],
  defaultViewport: { width: 1500, height: 1100 },
  protocolTimeout: 600_000,
});
try {
  const { base } = bench;
  const cookie = await loginCookie(base, 'distributor@demo.example');
  const call = async <T>(method: string, path: string, body?: unknown): Promise<T> => {
    const response = await fetch(`${base}${path}`, { method, headers: { cookie, 'content-type': 'application/json' }, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
    if (response.status >= 300) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
    return (await response.json()) as T;
  };
  const variations = await call<{ articles: { model: string; reference: string; referenceBase: string; attributes: Record<string, { code: string }> }[] }>('GET', '/api/apiv2/articles/variations?model=5520&catalog=16');
  const light = variations.articles.find((a) => a.model === '5520' && a.reference === a.referenceBase);
  if (!light) throw new Error('no base article of 5520');
  const values = Object.fromEntries(['finish', 'ledColourTemp', 'control'].map((key) => [key, light.attributes[key]?.code ?? '']));
  const drawing = serpentine(values.finish ?? '10', values);
  const space = drawingToSpace(drawing, { room: ROOM, configurator: 2, createdAt: 1, applicationLocationId: null });

  const code = await call<{ creationCode: string; creationNumber: number }>('POST', '/api/projects/v1/projects/products/generate-creation-code', { prefixCode: 'CR' });
  const project = await call<{ id: number; products: { _id: string }[] }>('POST', '/api/projects/v1/projects', {
    name: 'Drawing bench',
    catalogId: 16,
    products: [{ type: 'CREATION', model: '5520', creationCode: code.creationCode, creationNumber: code.creationNumber, quantity: 1, subFamily: { id: 225 }, configuratorType: { id: 2 }, space }],
  });
  const line = project.products[0];
  if (!line) throw new Error('the line was not added');

  const page = await browser.newPage();
  const url = new URL(base);
  await page.setCookie(...cookie.split('; ').map((pair) => ({ name: pair.slice(0, pair.indexOf('=')), value: pair.slice(pair.indexOf('=') + 1), domain: url.hostname, path: '/' })));
  const opened: number[] = [];
  const frames: number[] = [];
  const longTasks: number[] = [];
  const steps: number[] = [];
  const profiler = process.env.DRAWING_PROFILE ? await page.createCDPSession() : null;
  if (profiler) await profiler.send('Profiler.enable');
  for (let run = 0; run < RUNS; run++) {
    const start = Date.now();
    await page.goto(`${base}/project/${project.id}/product/${line._id}/plusminus-drawing-configurator/edit`, { waitUntil: 'domcontentloaded' });
    await page.waitForFunction(`document.querySelectorAll('[data-testid="drawing-plan"] [data-segment]').length === ${STRAPS}`, { timeout: 120_000 });
    opened.push(Date.now() - start);
    if (!process.env.DRAWING_NO_WEBGL) await page.waitForFunction('(window.lumenDrawingPreviewProbe?.frames ?? 0) > 0', { timeout: 120_000 });
    const problems = await page.$$eval('[data-testid="drawing-problems"] li', (list) => list.map((item) => item.getAttribute('data-code')));
    if (problems.length > 0) throw new Error(`the drawing has problems: ${problems.join(', ')}`);
    // The corner anchor between the first row and its connector (4.5, -4.5): two straps move with it.
    const from = (await page.evaluate(ON_PLAN(4.5, -4.5))) as { x: number; y: number } | null;
    const to = (await page.evaluate(ON_PLAN(4.2, -4.1))) as { x: number; y: number } | null;
    if (!from || !to) throw new Error('the plan is not on the page');
    await page.evaluate(START_RECORDING);
    if (profiler && run === RUNS - 1) await profiler.send('Profiler.start');
    await page.mouse.move(from.x, from.y);
    await page.mouse.down();
    for (let i = 1; i <= STEPS; i++) {
      const k = i / STEPS;
      const t0 = performance.now();
      await page.mouse.move(from.x + (to.x - from.x) * k, from.y + (to.y - from.y) * k);
      steps.push(performance.now() - t0);
    }
    await page.mouse.up();
    if (profiler && run === RUNS - 1) writeFileSync(process.env.DRAWING_PROFILE as string, JSON.stringify((await profiler.send('Profiler.stop')).profile));
    const recorded = (await page.evaluate(STOP_RECORDING)) as { frames: number[]; longTasks: number[] };
    frames.push(...recorded.frames.slice(1));
    longTasks.push(...recorded.longTasks);
    const moved = await page.$$eval('[data-testid="drawing-plan"] [data-node]', (nodes) => nodes.some((n) => Math.abs(Number(n.getAttribute('cx')) - 4.2) < 0.01));
    if (!moved) throw new Error('the node did not move');
  }
  if (process.env.DRAWING_SCREENSHOT) await page.screenshot({ path: process.env.DRAWING_SCREENSHOT as `${string}.png` });
  const ok = quantile(frames, 0.95) <= FRAME_TARGET_MS;
  console.log(`plusminus drawing of ${STRAPS} straps (${drawing.items.length} items), a node dragged in ${STEPS} steps × ${RUNS} (${process.env.DRAWING_NO_WEBGL ? 'no WebGL: plan only' : 'SwiftShader'}), load average ${loadavg().map((l) => l.toFixed(2)).join(' ')}`);
  console.table({
    'frame interval while dragging, p50 (ms)': { value: quantile(frames, 0.5).toFixed(1) },
    'frame interval while dragging, p95 (ms)': { value: quantile(frames, 0.95).toFixed(1), target: `≤ ${FRAME_TARGET_MS}`, met: ok },
    'frame interval while dragging, max (ms)': { value: Math.max(...frames).toFixed(1) },
    'frames recorded': { value: frames.length },
    'long tasks (> 50 ms) during the drags': { value: longTasks.length, longest: longTasks.length ? Math.max(...longTasks).toFixed(0) : '-' },
    'mouse step handled, p50 (ms)': { value: quantile(steps, 0.5).toFixed(1) },
    'mouse step handled, p95 (ms)': { value: quantile(steps, 0.95).toFixed(1) },
    [`navigation → plan with ${STRAPS} straps, median of ${RUNS} (ms)`]: { value: quantile(opened, 0.5).toFixed(0) },
  });
  console.table(chunkSizes());
  if (!ok) process.exitCode = 1;
} finally {
  await browser.close();
  await bench.close();
}

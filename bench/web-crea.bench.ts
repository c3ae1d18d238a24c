/**
 * The crea room in Chromium (issue 15): a project line of 200 pendants (200 clusters of the demo's
 * model 5770 in a 10 × 10 m room) opened in the built web, WebGL on SwiftShader (software GL: the
 * machine has no GPU, so frame times are an upper bound). Reports the draw calls and triangles of a
 * frame (renderer.info), the frame time (main-thread time of a frame forced 60 times, and frames per
 * second when frames are asked back to back), the time from navigation to the room's first frame,
 * and the size of the room's chunks (gzip level 9, as served).
 * Run after `npm run build`: npx tsx bench/web-crea.bench.ts   (CHROME_PATH defaults to /usr/bin/chromium;
 * CREA_RUNS, CREA_FRAMES, CREA_SCREENSHOT=<file.png> for a picture of the room)
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { addElement, createSpace, spaceToJSON, type ElementTree } from '@lumen/domain';
import puppeteer from 'puppeteer-core';
import { readManifest } from '../apps/web/scripts/first-load';
import { loginCookie, startBenchApp } from './support/api-bench';

/** The room's probe on the page's window (apps/web room-scene.tsx): when its first frame was drawn. */
interface ProbeHost {
  lumenCreaProbe?: { firstFrameAt: number | null };
}

/** What the room's scene exposes (apps/web/src/features/crea/room-scene.tsx, CreaSceneProbe). */
declare global {
  interface Window {
    lumenCreaProbe?: { frames: number; drawCalls: number; triangles: number; lastFrameMs: number; firstFrameAt: number | null; invalidate: () => void };
  }
}

const PENDANTS = 200;
const ROOM = { width: 10, depth: 10, height: 4 };
const MODEL = '5770';
const DRAW_CALL_TARGET = 150;
const CLUSTERS_PER_COMPOSITION = 24;
const RUNS = Number(process.env.CREA_RUNS ?? 3);

const dist = fileURLToPath(new URL('../apps/web/dist', import.meta.url));

/** The room's chunks: the crea pages and the scene (three.js, react-three-fiber, drei), gzip. */
function chunkSizes(): Record<string, { file: string; rawKB: string; gzipKB: string }> {
  const manifest = readManifest(dist);
  const out: Record<string, { file: string; rawKB: string; gzipKB: string }> = {};
  for (const [key, chunk] of Object.entries(manifest)) {
    if (!/crea-pages\.tsx$|room-scene\.tsx$/.test(key)) continue;
    const content = readFileSync(join(dist, chunk.file));
    out[key] = { file: chunk.file, rawKB: (content.length / 1024).toFixed(1), gzipKB: (gzipSync(content, { level: 9 }).length / 1024).toFixed(1) };
  }
  return out;
}

interface ModelData {
  technicalData: { width: number; height: number; depth: number };
}
interface Variations {
  articles: { model: string; reference: string; referenceBase: string; attributes: Record<string, { code: string }> }[];
}

/** 200 clusters on a grid (in compositions of 24), each a surface canopy, a pendant 2 m down and its light, in the model's base values. */
function buildSpace(body: { width: number; height: number; depth: number }, base: Record<string, string>): ElementTree {
  let tree = createSpace({ id: 'space', createdAt: 1, configurator: 5, roomSize: { ...ROOM, extraCeiling: 0.16, ceilingMaterial: 'pladur' } });
  const side = Math.ceil(Math.sqrt(PENDANTS));
  const step = (ROOM.width - 1) / side;
  const canopy = { x: 0.195, y: 0.135, z: 0.195 };
  const clusterY = ROOM.height - canopy.y / 2;
  const pendantHeight = 2;
  for (let i = 0; i < PENDANTS; i++) {
    const x = -ROOM.width / 2 + 0.5 + step * ((i % side) + 0.5);
    const z = -ROOM.depth / 2 + 0.5 + step * (Math.floor(i / side) + 0.5);
    // The demo's rules take at most 24 canopies per composition: a new composition every 24 clusters.
    const composition = `composition${Math.floor(i / CLUSTERS_PER_COMPOSITION) + 1}`;
    if (i % CLUSTERS_PER_COMPOSITION === 0) tree = addElement(tree, 'space', { type: 'Composition', id: composition, createdAt: 1, props: { compositionNumber: Math.floor(i / CLUSTERS_PER_COMPOSITION) + 1 } });
    tree = addElement(tree, composition, { type: 'Cluster', id: `c${i}`, createdAt: 1, attributes: { installation: '10' }, size: canopy, position: { x, y: clusterY, z } });
    tree = addElement(tree, `c${i}`, {
      type: 'Pendant',
      id: `p${i}`,
      createdAt: 1,
      props: { pendantHeight, positionOffset: body.height },
      size: { x: body.width, y: body.height, z: body.depth },
      position: { x: 0, y: ROOM.height - pendantHeight + body.height / 2 - clusterY, z: 0 },
    });
    tree = addElement(tree, `p${i}`, { type: 'Light', id: `l${i}`, createdAt: 1, props: { code: MODEL }, attributes: base, position: { x: 0, y: -body.height / 2, z: 0 } });
  }
  return tree;
}

/** Runs in the page: 60 forced frames one by one (main-thread time of each), then frames back to back for two seconds. */
const FORCED_FRAMES = Number(process.env.CREA_FRAMES ?? 30);
const MEASURE_FRAMES = `(async () => {
  const FORCED_FRAMES = ${FORCED_FRAMES};
  const probe = window.lumenCreaProbe;
  if (!probe) throw new Error('no probe');
  const frame = () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
  await frame();
  const frameMs = [];
  for (let i = 0; i < FORCED_FRAMES; i++) {
    probe.invalidate();
    await frame();
    frameMs.push(probe.lastFrameMs);
  }
  const start = performance.now();
  const before = probe.frames;
  while (performance.now() - start < 3000) {
    probe.invalidate();
    await new Promise((resolve) => requestAnimationFrame(resolve));
  }
  const fps = ((probe.frames - before) * 1000) / (performance.now() - start);
  return { drawCalls: probe.drawCalls, triangles: probe.triangles, frameMs, fps };
})()`;

const bench = await startBenchApp();
const browser = await puppeteer.launch({
  executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--use-angle=swiftshader', '--enable-unsafe-swiftshader', '--ignore-gpu-blocklist', '--window-size=1400,1000'],
  defaultViewport: { width: 1400, height: 1000 },
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
  const models = await call<(ModelData & { model: string })[]>('GET', '/api/products/v1/articles/models?catalog=16&subFamilyId=259');
  const model = models.find((m) => m.model === MODEL);
  if (!model) throw new Error(`model ${MODEL} is not in the demo catalogue`);
  const variations = await call<Variations>('GET', `/api/apiv2/articles/variations?model=${MODEL}&catalog=16`);
  const baseArticle = variations.articles.find((a) => a.model === MODEL && a.reference === a.referenceBase);
  if (!baseArticle) throw new Error('no base article');
  const values = Object.fromEntries(['finish', 'ledColourTemp', 'control', 'installation'].map((key) => [key, baseArticle.attributes[key]?.code ?? '']));
  const body = { width: model.technicalData.width / 100, height: model.technicalData.height / 100, depth: model.technicalData.depth / 100 };
  const space = spaceToJSON(buildSpace(body, { ...values, installation: '10' }));

  const code = await call<{ creationCode: string; creationNumber: number }>('POST', '/api/projects/v1/projects/products/generate-creation-code', { prefixCode: 'CR' });
  const project = await call<{ id: number; products: { _id: string }[] }>('POST', '/api/projects/v1/projects', {
    name: 'Crea bench',
    catalogId: 16,
    products: [{ type: 'CREATION', model: MODEL, creationCode: code.creationCode, creationNumber: code.creationNumber, quantity: 1, subFamily: { id: 259 }, configuratorType: { id: 5 }, space }],
  });
  const line = project.products[0];
  if (!line) throw new Error('the line was not added');

  const page = await browser.newPage();
  const url = new URL(base);
  await page.setCookie(...cookie.split('; ').map((pair) => ({ name: pair.slice(0, pair.indexOf('=')), value: pair.slice(pair.indexOf('=') + 1), domain: url.hostname, path: '/' })));
  const runs: number[] = [];
  type Figures = { drawCalls: number; triangles: number; frameMs: number[]; fps: number };
  let figures: Figures | null = null;
  for (let run = 0; run < RUNS; run++) {
    await page.goto(`${base}/project/${project.id}/product/${line._id}/crea-configurator/edit`, { waitUntil: 'domcontentloaded' });
    await page.waitForFunction(() => ((globalThis as unknown as ProbeHost).lumenCreaProbe?.firstFrameAt ?? null) !== null, { timeout: 120_000 });
    runs.push(await page.evaluate(() => (globalThis as unknown as ProbeHost).lumenCreaProbe?.firstFrameAt ?? NaN));
    const items = await page.$$eval('[data-cluster-id]', (list) => list.length);
    if (items !== PENDANTS) throw new Error(`the room shows ${items} clusters`);
    // A string, not a function: tsx would wrap named functions in a helper the page does not have.
    figures = (await page.evaluate(MEASURE_FRAMES)) as Figures;
  }
  if (!figures) throw new Error('no figures');
  // CREA_SCREENSHOT=<file.png> keeps a picture of the room as measured.
  if (process.env.CREA_SCREENSHOT) {
    await page.$eval('[data-testid="crea-scene"]', (scene) => scene.scrollIntoView());
    await page.screenshot({ path: process.env.CREA_SCREENSHOT as `${string}.png` });
  }
  const sorted = [...figures.frameMs].sort((a, b) => a - b);
  const pick = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;
  const firstFrames = [...runs].sort((a, b) => a - b);
  console.log(`crea room, ${PENDANTS} pendants (SwiftShader), load average ${(await import('node:os')).loadavg().map((l) => l.toFixed(2)).join(' ')}`);
  console.table({
    'draw calls per frame': { value: figures.drawCalls, target: `≤ ${DRAW_CALL_TARGET}`, met: figures.drawCalls <= DRAW_CALL_TARGET },
    'triangles per frame': { value: figures.triangles },
    [`frame, main thread p50 of ${FORCED_FRAMES} (ms)`]: { value: pick(0.5).toFixed(1) },
    'frame, main thread p95 (ms)': { value: pick(0.95).toFixed(1) },
    'frames per second, back to back': { value: figures.fps.toFixed(1) },
    [`navigation → first frame, median of ${RUNS} (ms)`]: { value: (firstFrames[Math.floor(RUNS / 2)] ?? NaN).toFixed(0), range: `${(firstFrames[0] ?? NaN).toFixed(0)}–${(firstFrames.at(-1) ?? NaN).toFixed(0)}` },
  });
  console.table(chunkSizes());
  if (figures.drawCalls > DRAW_CALL_TARGET) process.exitCode = 1;
} finally {
  await browser.close();
  await bench.close();
}

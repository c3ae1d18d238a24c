/**
 * Exports of a drawn product (issue 16 §4, target < 1 s): a plusminus drawing of about 100 elements
 * (the element tree: space, compositions, straps, lights, counterweights, power canopies) exported as
 * glb, obj, stl, dxf and svg — in process (the space rebuilt and checked by the engine, read back as a
 * drawing, its parts and plan, the file written) and through POST /api/products/v1/creations/export/{format}
 * on 127.0.0.1 (JSON in, the file out, one request at a time).
 * Run: npx tsx bench/api-exports.bench.ts   (BENCH_DATABASE_URL runs on PostgreSQL)
 */
import { loadavg } from 'node:os';
import { CREATION_EXPORT_FORMATS } from '../packages/contracts/src/creations';
import { type Drawing, type DrawingItem, type DrawingSegment, drawingToSpace } from '../packages/domain/src';
import { createCatalogueCache } from '../apps/api/src/modules/products/products.catalogue';
import { evaluateCreationTree } from '../apps/api/src/modules/products/products.creations';
import { drawingFile } from '../apps/api/src/modules/products/products.drawings';
import { loginCookie, startBenchApp } from './support/api-bench';

const LIGHT = { finish: '10', ledColourTemp: '2', control: '0', installation: '10' };
const ROOM = { height: 4, width: 5, depth: 5, extraCeiling: 0.16, ceilingMaterial: 'pladur' as const };

/**
 * `rows` combs of 0.60 m straps (a spine of 5 along x, a tooth along z from each spine node but the
 * last), a light on each strap, a counterweight on each tooth, one power canopy per comb.
 */
function combs(rows: number): Drawing {
  const segments: DrawingSegment[] = [];
  const items: DrawingItem[] = [];
  const L = 0.6;
  for (let row = 0; row < rows; row += 1) {
    const z = -2 + row;
    for (let k = 0; k < 5; k += 1) {
      const x = -1.5 + k * L;
      const spine = `r${row}s${k}`;
      const colour = k % 2 === 0 ? '10' : '23';
      segments.push({ id: spine, from: { x, z }, to: { x: x + L, z }, attributes: { finish: colour } });
      items.push({ id: `${spine}l`, kind: 'light', segmentId: spine, offset: 0.3, model: '5520', attributes: LIGHT });
      if (k === 4) continue;
      const tooth = `r${row}t${k}`;
      segments.push({ id: tooth, from: { x: x + L, z }, to: { x: x + L, z: z + L }, attributes: { finish: colour } });
      items.push({ id: `${tooth}l`, kind: 'light', segmentId: tooth, offset: 0.4, model: '5525', attributes: LIGHT });
      items.push({ id: `${tooth}w`, kind: 'counterweight', segmentId: tooth, offset: 0.55, model: '7490', attributes: {} });
    }
    items.push({ id: `r${row}k`, kind: 'connection', segmentId: `r${row}s0`, offset: 0.1, model: '7495', attributes: {} });
  }
  return { family: 'plusminus', height: 3, segments, items };
}

const drawing = combs(4);
const space = drawingToSpace(drawing, { room: ROOM, configurator: 2, createdAt: Date.UTC(2026, 10, 1), applicationLocationId: 15 });
const count = (node: unknown): number => 1 + (((node as { children?: unknown[] }).children ?? []) as unknown[]).reduce<number>((sum, child) => sum + count(child), 0);
console.log(`plusminus drawing: ${drawing.segments.length} straps, ${drawing.items.length} items → ${count(space)} elements, ${(JSON.stringify(space).length / 1024).toFixed(1)} kB of space JSON`);

function stats(values: number[]): Record<string, string> {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (share: number) => (sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))] ?? 0).toFixed(2);
  return { 'mean ms': (sorted.reduce((sum, value) => sum + value, 0) / sorted.length).toFixed(2), 'p50 ms': at(0.5), 'p95 ms': at(0.95), 'max ms': at(1) };
}

const bench = await startBenchApp();
try {
  const cache = createCatalogueCache(bench.database.db);
  const [snapshot, docs] = await Promise.all([cache.snapshot(16), cache.documents()]);
  const source = { snapshot, docs, pricing: null, remoteDriverCP: true, lang: 'en' as const, now: new Date() };
  const check = evaluateCreationTree(source, { space, subFamilyId: 225, quantity: 1 });
  if (!check.evaluation.valid) throw new Error(`the bench drawing is not valid: ${JSON.stringify(check.evaluation.failures.slice(0, 3))}`);

  const inProcess = [];
  for (const format of CREATION_EXPORT_FORMATS) {
    const times: number[] = [];
    let size = 0;
    for (let index = 0; index < 60; index += 1) {
      const started = performance.now();
      const { tree } = evaluateCreationTree(source, { space, subFamilyId: 225, quantity: 1 });
      const file = await drawingFile({ tree, family: 'plusminus', catalogId: 16, format, name: 'bench', collection: 'Plusminus' });
      if (index >= 10) times.push(performance.now() - started);
      size = file.body.byteLength;
    }
    inProcess.push({ scenario: `evaluate + ${format} in process`, 'file kB': (size / 1024).toFixed(1), ...stats(times) });
  }
  console.table(inProcess);

  const cookie = await loginCookie(bench.base, 'distributor@demo.example');
  const body = JSON.stringify({ space, subFamilyId: 225 });
  const rows = [];
  for (const format of CREATION_EXPORT_FORMATS) {
    const times: number[] = [];
    for (let index = 0; index < 40; index += 1) {
      const started = performance.now();
      const response = await fetch(`${bench.base}/api/products/v1/creations/export/${format}`, { method: 'POST', headers: { cookie, 'content-type': 'application/json' }, body });
      await response.arrayBuffer();
      if (response.status !== 200) throw new Error(`export ${format} answered ${response.status}`);
      if (index >= 5) times.push(performance.now() - started);
    }
    rows.push({ scenario: `POST creations/export/${format} over HTTP`, ...stats(times) });
  }
  console.table(rows);
  console.log(`load average ${loadavg().map((value) => value.toFixed(2)).join(' ')}; target: the export of a 100-element product under 1 s`);
  cache.close();
} finally {
  await bench.close();
}

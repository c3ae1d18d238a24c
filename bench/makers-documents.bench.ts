/**
 * Document makers benchmark (issue 14 §1): the time to make each kind's files for a product as
 * configured, in process (no HTTP, no queue: that is api-documents.bench.ts), after a warm-up:
 * - a spec sheet (PDF: the catalogue read, the picture rasterised, the polar diagram from the
 *   photometry, fonts embedded), target < 300 ms, over 10 models in turn;
 * - for the record: photometry (IES, LDT and GLDF), 2D/3D (DXF, SVG, GLB, OBJ), the installation
 *   manual, the energy label, and the two 2,400 px HD images.
 * Sequential calls; mean, p50, p95, max. Run: npx tsx bench/makers-documents.bench.ts (BENCH_ROUNDS=30)
 */
import type { AppContext } from '../apps/api/src/context';
import { type DocumentKind, type MakerDeps, makeDocuments } from '../apps/api/src/modules/documents/makers';
import type { FlagsService } from '../apps/api/src/modules/flags/flags.service';
import { createImagesService } from '../apps/api/src/modules/images/images.service';
import { createProductsService } from '../apps/api/src/modules/products/products.service';
import { startBenchApp } from './support/api-bench';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 30);
const WARM_UP = 3;
const MODELS = ['7460', '5520', '2355', '0270', '5660', '3235', '4510', '6410', '5770', '0345'];

const bench = await startBenchApp();
try {
  const ctx = { db: bench.database.db, database: bench.database } as Pick<AppContext, 'db' | 'database'> as AppContext;
  const products = createProductsService(ctx, () => bench.app.log, { flags: {} as FlagsService });
  const deps: MakerDeps = { products, images: createImagesService({ products }) };
  const stats = (samples: number[]) => {
    const sorted = [...samples].sort((a, b) => a - b);
    const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
    return { mean: samples.reduce((s, x) => s + x, 0) / samples.length, p50: at(0.5), p95: at(0.95), max: sorted.at(-1) ?? 0 };
  };
  const measure = async (kind: DocumentKind, rounds: number) => {
    const samples: number[] = [];
    let bytes = 0;
    for (let i = -WARM_UP; i < rounds; i++) {
      const model = MODELS[(i + WARM_UP) % MODELS.length] ?? '7460';
      const start = performance.now();
      const files = await makeDocuments(kind, { catalogId: 16, language: 'fr', product: { model } }, deps);
      const elapsed = performance.now() - start;
      if (i >= 0) {
        samples.push(elapsed);
        bytes += files.reduce((sum, file) => sum + file.body.length, 0);
      }
    }
    return { ...stats(samples), kB: bytes / rounds / 1024 };
  };
  const rows: Array<[string, Awaited<ReturnType<typeof measure>>]> = [];
  rows.push(['specSheet reference (PDF)', await measure({ type: 'specSheet', subType: 'reference' }, ROUNDS)]);
  rows.push(['specSheet model (PDF)', await measure({ type: 'specSheet', subType: 'model' }, ROUNDS)]);
  rows.push(['manual (PDF)', await measure({ type: 'manual', subType: 'regular' }, ROUNDS)]);
  rows.push(['energyLabel (PDF)', await measure({ type: 'energyLabel' }, ROUNDS)]);
  rows.push(['photometry (IES, LDT, GLDF)', await measure({ type: 'photometry' }, ROUNDS)]);
  rows.push(['2D_3D (DXF, SVG, GLB, OBJ, MTL)', await measure({ type: '2D_3D' }, ROUNDS)]);
  rows.push(['imagesHD product (PNG 2,400 px)', await measure({ type: 'imagesHD', subType: 'product' }, Math.min(ROUNDS, 10))]);
  rows.push(['imagesHD ambient (PNG 2,400 px)', await measure({ type: 'imagesHD', subType: 'ambient' }, Math.min(ROUNDS, 10))]);
  console.log(`document makers, ${ROUNDS} rounds over ${MODELS.length} models (ms; load ${(await import('node:os')).loadavg().map((v) => v.toFixed(2)).join(' ')})`);
  console.table(Object.fromEntries(rows.map(([name, r]) => [name, { mean: +r.mean.toFixed(1), p50: +r.p50.toFixed(1), p95: +r.p95.toFixed(1), max: +r.max.toFixed(1), 'kB/call': +r.kB.toFixed(0) }])));
  const sheet = rows[0]?.[1];
  console.log(`spec sheet p95 ${sheet?.p95.toFixed(1)} ms: ${sheet && sheet.p95 < 300 ? 'under' : 'OVER'} the 300 ms target`);
} finally {
  await bench.close();
}

/**
 * Product image renderer benchmark (issue 35 §2): the time to render a model of the demo catalogue
 * from its geometry, in process (no HTTP, no cache), after a warm-up:
 * - the catalogue's thumbnail, 480 × 360 WebP (3 × 3 samples a pixel), over 10 models in turn;
 * - the HD image, 2,400 × 1,800 PNG (2 × 2 samples), over 5 models.
 * Sequential calls; mean, p50, p95, max and kB per image. Run: npx tsx bench/images-render.bench.ts
 * (BENCH_ROUNDS=20). The route renders each image once per content and answers from its cache after.
 */
import { luminaireGeometry } from '../packages/domain/src/index';
import catalogue from '../apps/api/src/db/seed/catalogue/data/catalogue.json' with { type: 'json' };
import { finishSurfaceOf } from '../apps/api/src/modules/images/images.renders';
import { renderLuminaireImage } from '../apps/api/src/modules/images/render/render-luminaire';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 20);
const WARM_UP = 2;
const MODELS = ['7460', '5520', '5774', '0820', '0270', '3810', '3235', '4510', '6410', '5935'];

const locations = new Map(catalogue.applicationLocations.map((location) => [location.id, location.locationId]));
const colours = new Map(catalogue.attributes.finish.map((finish) => [finish.code, finish.thumbnail]));

function request(model: string) {
  const row = catalogue.models.find((candidate) => candidate.model === model);
  if (!row) throw new Error(`no model ${model}`);
  const technical = row.technical as { width: number; height: number; depth: number; lightSources?: number };
  const family = catalogue.collections.find((collection) => collection.subFamilyId === row.subFamilyId)?.familyName;
  const finish = (row as { options?: Record<string, { finish?: string[] }> }).options?.['16']?.finish?.[0] ?? '10';
  const geometry = luminaireGeometry({
    luminaire: { category: row.categoryId, locationId: locations.get(row.applicationLocationId) ?? 0, width: technical.width, height: technical.height, depth: technical.depth, ...(technical.lightSources ? { lightSources: technical.lightSources } : {}), ...(family ? { family } : {}) },
    installation: '00',
    pendantHeight: null,
  });
  return { geometry, finish: { colour: colours.get(finish) ?? '#b5b8bb', surface: finishSurfaceOf(finish) } };
}

const stats = (samples: number[]) => {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
  return { mean: samples.reduce((s, x) => s + x, 0) / samples.length, p50: at(0.5), p95: at(0.95), max: sorted.at(-1) ?? 0 };
};

async function measure(label: string, models: string[], rounds: number, size: number, format: 'png' | 'webp') {
  const samples: number[] = [];
  let bytes = 0;
  for (let i = -WARM_UP; i < rounds; i++) {
    const model = models[(i + WARM_UP) % models.length] ?? '7460';
    const start = performance.now();
    const image = await renderLuminaireImage({ ...request(model), size, format });
    const elapsed = performance.now() - start;
    if (i >= 0) {
      samples.push(elapsed);
      bytes += image.data.length;
    }
  }
  const s = stats(samples);
  console.log(`${label.padEnd(34)} mean ${s.mean.toFixed(0)} ms  p50 ${s.p50.toFixed(0)}  p95 ${s.p95.toFixed(0)}  max ${s.max.toFixed(0)}  ${(bytes / samples.length / 1024).toFixed(0)} kB`);
}

await measure('thumbnail 480 × 360 WebP', MODELS, ROUNDS, 480, 'webp');
await measure('HD 2,400 × 1,800 PNG', MODELS.slice(0, 5), Math.max(5, Math.round(ROUNDS / 4)), 2400, 'png');

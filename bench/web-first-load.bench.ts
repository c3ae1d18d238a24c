/**
 * Web first load: the JavaScript each route downloads on arrival, read from the build's manifest
 * (entry + static imports, then the route's lazy modules), raw and gzip (level 9, as served).
 * Run after `npm run build`: npx tsx bench/web-first-load.bench.ts
 */
import { fileURLToPath } from 'node:url';
import { FIRST_LOAD_BUDGET_GZIP, firstLoad } from '../apps/web/scripts/first-load';

const dist = fileURLToPath(new URL('../apps/web/dist', import.meta.url));
const report = firstLoad(dist);
const kb = (bytes: number) => (bytes / 1024).toFixed(1);

console.log(`web first load (budget for /: ${kb(FIRST_LOAD_BUDGET_GZIP)} KB gzip)`);
console.table({
  'entry (static imports)': { files: report.entry.files.length, 'raw KB': kb(report.entry.raw), 'gzip KB': kb(report.entry.gzip) },
  ...Object.fromEntries(Object.entries(report.routes).map(([route, load]) => [route, { files: load.files.length, 'raw KB': kb(load.raw), 'gzip KB': kb(load.gzip) }])),
  'all JS of the build': { files: report.all.files.length, 'raw KB': kb(report.all.raw), 'gzip KB': kb(report.all.gzip) },
});
console.log(`the entry holds ${((100 * report.entry.raw) / report.all.raw).toFixed(0)} % of the built JavaScript (raw)`);
if (process.env.BENCH_VERBOSE) for (const [route, load] of Object.entries(report.routes)) console.log(route, load.files.join(' '));

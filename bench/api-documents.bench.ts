/**
 * Documents delivery benchmark (issue 14), over HTTP on 127.0.0.1 as a specifier:
 * - 50 documents asked at once (POST documents/v1/docs-web: one job each on the job queue, files put
 *   in the file storage), waited for, and the zip streamed and read to its end; cold (files made) and
 *   warm (the same request again: every file from the cache), target < 5 s warm;
 * - a 200 MB zip (20 documents of 10 MB of incompressible bytes) streamed to a client that reads and
 *   drops it: the server process's memory sampled every 50 ms while it streams, target flat.
 * The makers are a double (a fixed number of pseudo-random bytes per file): what is measured is the
 * delivery (queue, cache, storage, zip, HTTP); the makers have their own bench.
 * Run: npx tsx bench/api-documents.bench.ts   (BENCH_DATABASE_URL for PostgreSQL)
 */
import { randomBytes } from 'node:crypto';
import { loginCookie, startBenchApp } from './support/api-bench';

let fileBytes = 200 * 1024;
const bench = await startBenchApp({
  makeDocuments: async (kind, subject) => {
    const model = 'product' in subject ? ('reference' in subject.product ? subject.product.reference.slice(0, 4) : subject.product.model) : subject.creation.model;
    return [{ fileName: `${model}-${kind.type}-${kind.subType ?? 'x'}-${subject.language}.pdf`, contentType: 'application/pdf', body: randomBytes(fileBytes) }];
  },
});
try {
  const { base } = bench;
  const cookie = await loginCookie(base, 'specifier@demo.example');
  const call = async (method: 'GET' | 'POST', path: string, body?: unknown): Promise<Response> => {
    const response = await fetch(`${base}${path}`, { method, headers: { cookie, ...(body ? { 'content-type': 'application/json' } : {}) }, ...(body ? { body: JSON.stringify(body) } : {}) });
    if (response.status >= 300) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
    return response;
  };
  const models = ['7460', '7450', '7470', '2355', '5520', '7475', '7455', '2299', '5772', '5774'];
  const types = [
    { type: 'specSheet', subType: 'model' },
    { type: 'manual', subType: 'regular' },
    { type: 'energyLabel' },
    { type: 'photometry' },
    { type: '2D_3D' },
  ];
  const docsOf = (count: number, lang: string) =>
    Array.from({ length: count }, (_, i) => ({ ...types[i % types.length], ...(types[i % types.length]!.type === 'manual' ? { language: lang } : {}), params: { model: models[Math.floor(i / types.length) % models.length], productType: 'REGULAR' } }));

  /** Asks, waits for every document, then reads the zip to its end; returns the times and size. */
  async function run(count: number, lang: string): Promise<{ readyMs: number; totalMs: number; bytes: number; peakRss?: number }> {
    const started = performance.now();
    const download = (await (await call('POST', `/api/documents/v1/docs-web?lang=${lang}&catalogId=16`, { docs: docsOf(count, lang) })).json()) as { id: string };
    for (;;) {
      const state = (await (await call('GET', `/api/documents/v1/downloads/${download.id}`)).json()) as { status: string };
      if (state.status !== 'running') break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const readyMs = performance.now() - started;
    const response = await call('GET', `/sr-documents/v1/docs-web/download?id=${download.id}`);
    let bytes = 0;
    for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) bytes += chunk.length;
    return { readyMs, totalMs: performance.now() - started, bytes };
  }

  const mb = (n: number) => `${(n / 1024 / 1024).toFixed(1)} MB`;
  const cold = await run(50, 'en');
  const warm = [await run(50, 'en'), await run(50, 'en'), await run(50, 'en')];
  const best = warm.reduce((a, b) => (a.totalMs < b.totalMs ? a : b));
  console.log(`50 documents, cold (made + stored): ready ${cold.readyMs.toFixed(0)} ms, zip delivered ${cold.totalMs.toFixed(0)} ms, ${mb(cold.bytes)}`);
  for (const [i, w] of warm.entries()) console.log(`50 documents, warm #${i + 1} (cache): ready ${w.readyMs.toFixed(0)} ms, zip delivered ${w.totalMs.toFixed(0)} ms, ${mb(w.bytes)}`);
  console.log(`target < 5000 ms warm: ${best.totalMs < 5000 ? 'met' : 'MISSED'} (${best.totalMs.toFixed(0)} ms)`);

  // 200 MB: 20 documents of 10 MB, made first (not measured), then the zip streamed while memory is sampled.
  fileBytes = 10 * 1024 * 1024;
  const big = (await (await call('POST', '/api/documents/v1/docs-web?lang=fr&catalogId=16', { docs: docsOf(20, 'fr') })).json()) as { id: string };
  for (;;) {
    const state = (await (await call('GET', `/api/documents/v1/downloads/${big.id}`)).json()) as { status: string };
    if (state.status !== 'running') break;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  global.gc?.();
  const before = process.memoryUsage();
  let peakRss = before.rss;
  let peakHeap = before.heapUsed;
  const sampler = setInterval(() => {
    const now = process.memoryUsage();
    peakRss = Math.max(peakRss, now.rss);
    peakHeap = Math.max(peakHeap, now.heapUsed);
  }, 50);
  const zipStarted = performance.now();
  const response = await call('GET', `/sr-documents/v1/docs-web/download?id=${big.id}`);
  let bytes = 0;
  for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) bytes += chunk.length;
  clearInterval(sampler);
  const zipMs = performance.now() - zipStarted;
  console.log(`zip of ${mb(bytes)} streamed in ${zipMs.toFixed(0)} ms (${(bytes / 1024 / 1024 / (zipMs / 1000)).toFixed(0)} MB/s)`);
  console.log(`process memory while streaming: rss ${mb(before.rss)} → peak ${mb(peakRss)} (+${mb(peakRss - before.rss)}), heap ${mb(before.heapUsed)} → peak ${mb(peakHeap)} (+${mb(peakHeap - before.heapUsed)})`);
  console.log(`target flat (rss growth < 64 MB for a 200 MB zip): ${peakRss - before.rss < 64 * 1024 * 1024 ? 'met' : 'MISSED'}`);
} finally {
  await bench.close();
}

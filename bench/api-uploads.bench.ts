/**
 * Uploads benchmark (issue 11): 20 files of 5 MB sent at once to POST /api/images/v1/files/temp over
 * HTTP on 127.0.0.1, three rounds; prints each round's wall time, throughput and the peak memory of
 * the process above the baseline taken before the first round.
 * Run: npx tsx bench/api-uploads.bench.ts   (UPLOAD_FILES=20, UPLOAD_MB=5, UPLOAD_ROUNDS=3)
 *
 * The bodies are streamed from one 64 KB chunk, so the client holds almost nothing: what the peak
 * shows is what the server keeps while it receives (it should stream to the file storage, not buffer:
 * the peak stays flat, far below files × size, and does not grow from round to round).
 */
import { randomUUID } from 'node:crypto';
import { cpus } from 'node:os';
import { loginCookie, startBenchApp } from './support/api-bench';

const FILES = Number(process.env.UPLOAD_FILES ?? 20);
const MEGABYTES = Number(process.env.UPLOAD_MB ?? 5);
const ROUNDS = Number(process.env.UPLOAD_ROUNDS ?? 3);
const FILE_BYTES = MEGABYTES * 1024 * 1024;
const CHUNK = Buffer.alloc(64 * 1024, 0x20);
const MB = 1024 * 1024;

/** A multipart body holding one PDF-looking file of FILE_BYTES, streamed chunk by chunk. */
function multipartStream(boundary: string): ReadableStream<Uint8Array> {
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="plan.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.7\n`);
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  let left = FILE_BYTES - 9;
  let stage: 'head' | 'body' | 'tail' | 'done' = 'head';
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      if (stage === 'head') {
        controller.enqueue(head);
        stage = 'body';
      } else if (stage === 'body') {
        const size = Math.min(left, CHUNK.length);
        controller.enqueue(CHUNK.subarray(0, size));
        left -= size;
        if (left === 0) stage = 'tail';
      } else if (stage === 'tail') {
        controller.enqueue(tail);
        stage = 'done';
      } else {
        controller.close();
      }
    },
  });
}

const bench = await startBenchApp();
try {
  const cookie = await loginCookie(bench.base, 'distributor@demo.example');
  const url = `${bench.base}/api/images/v1/files/temp?domain=support&entity=support-request`;
  const upload = async (): Promise<number> => {
    const boundary = `----bench${randomUUID()}`;
    const response = await fetch(url, {
      method: 'POST',
      headers: { cookie, 'content-type': `multipart/form-data; boundary=${boundary}` },
      body: multipartStream(boundary),
      duplex: 'half',
    } as RequestInit & { duplex: 'half' });
    await response.arrayBuffer();
    return response.status;
  };

  // Warm up (JIT, the storage folder, the rate-limit row), then take the baseline.
  await upload();
  global.gc?.();
  const baseline = process.memoryUsage();
  const rows: Array<Record<string, string | number>> = [];
  for (let round = 1; round <= ROUNDS; round += 1) {
    let peakRss = 0;
    let peakHeap = 0;
    let peakBuffers = 0;
    const sample = setInterval(() => {
      const usage = process.memoryUsage();
      peakRss = Math.max(peakRss, usage.rss);
      peakHeap = Math.max(peakHeap, usage.heapUsed);
      peakBuffers = Math.max(peakBuffers, usage.arrayBuffers);
    }, 10);
    const started = performance.now();
    const statuses = await Promise.all(Array.from({ length: FILES }, () => upload()));
    const seconds = (performance.now() - started) / 1000;
    clearInterval(sample);
    rows.push({
      round,
      'files ok': statuses.filter((status) => status === 201).length,
      'wall s': Number(seconds.toFixed(2)),
      'MB/s': Number(((FILES * FILE_BYTES) / MB / seconds).toFixed(1)),
      'peak RSS +MB': Number(((peakRss - baseline.rss) / MB).toFixed(1)),
      'peak heap +MB': Number(((peakHeap - baseline.heapUsed) / MB).toFixed(1)),
      'peak buffers +MB': Number(((peakBuffers - baseline.arrayBuffers) / MB).toFixed(1)),
    });
    global.gc?.();
  }
  const cpu = cpus();
  console.log(`\nLumen Pro uploads — ${bench.database.kind}, ${FILES} files × ${MEGABYTES} MB at once, ${ROUNDS} rounds, ${cpu.length} CPU(s) ${cpu[0]?.model ?? ''}, node ${process.version}`);
  console.log(`baseline RSS ${(baseline.rss / MB).toFixed(1)} MB, heap ${(baseline.heapUsed / MB).toFixed(1)} MB; one round sends ${((FILES * FILE_BYTES) / MB).toFixed(0)} MB\n`);
  console.table(rows);
} finally {
  await bench.close();
}

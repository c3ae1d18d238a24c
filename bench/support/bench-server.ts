/**
 * A server for a benchmark to load from another process (so that autocannon and the server do not
 * share one event loop): `BENCH_SERVER=bare` is a bare Fastify hello-world, `BENCH_SERVER=api` the
 * api as startBenchApp starts it (temporary data dir or BENCH_DATABASE_URL, demo data). Prints one
 * line `READY {"base": …}` once listening and closes on SIGTERM. Commands on stdin, one per line:
 * `profile-start` starts the CPU profiler, `profile-stop <file>` writes the profile (.cpuprofile, for
 * Chrome DevTools) and answers `PROFILED <file>`, so a profile covers only the load, not the start-up.
 * Started by spawnBenchServer() in ./api-bench.ts; not a benchmark itself.
 */
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { createInterface } from 'node:readline';
import Fastify from 'fastify';
import { startBenchApp } from './api-bench';

async function start(): Promise<{ base: string; close: () => Promise<void> }> {
  if (process.env.BENCH_SERVER === 'bare') {
    const app = Fastify({ logger: false });
    app.get('/', async () => ({ hello: 'world' }));
    await app.listen({ host: '127.0.0.1', port: 0 });
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    return { base: `http://127.0.0.1:${port}`, close: () => app.close() };
  }
  const bench = await startBenchApp();
  return { base: bench.base, close: bench.close };
}

const server = await start();
let closing = false;
const stop = (): void => {
  if (closing) return;
  closing = true;
  server.close().then(
    () => process.exit(0),
    (error: unknown) => {
      process.stderr.write(`bench server close failed: ${String(error)}\n`);
      process.exit(1);
    },
  );
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
const inspector = new Session();
inspector.connect();
async function command(line: string): Promise<void> {
  if (line === 'profile-start') {
    await inspector.post('Profiler.enable');
    await inspector.post('Profiler.start');
  } else if (line.startsWith('profile-stop ')) {
    const file = line.slice('profile-stop '.length);
    const { profile } = await inspector.post('Profiler.stop');
    writeFileSync(file, JSON.stringify(profile));
    process.stdout.write(`PROFILED ${file}\n`);
  }
}
const commands = createInterface({ input: process.stdin });
commands.on('line', (line) => {
  command(line.trim()).catch((error: unknown) => process.stderr.write(`bench server: ${line}: ${String(error)}\n`));
});
// The parent went away: do not outlive it.
commands.on('close', stop);
process.stdout.write(`READY ${JSON.stringify({ base: server.base })}\n`);

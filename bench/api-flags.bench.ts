/**
 * What feature flags cost a request: the caller's evaluated flags (every known flag through
 * OpenFeature and the in-memory table) and /config.json, next to /health, logged in and anonymous;
 * then the same with the PRO table (empty) and a remote OFREP service whose answers are cached.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { loginCookie, scenarioRunner, startBenchApp } from './support/api-bench';

async function measure(title: string, env: Record<string, string> = {}): Promise<void> {
  const bench = await startBenchApp({ env });
  try {
    const cookie = await loginCookie(bench.base, 'distributor@demo.example');
    const scenarios = scenarioRunner(bench, title);
    await scenarios.run('GET /health (baseline)', '/health');
    await scenarios.run('GET flags/evaluated, logged in', '/api/masters/v1/flags/evaluated', { headers: { cookie } });
    await scenarios.run('GET /config.json, logged in', '/config.json', { headers: { cookie } });
    await scenarios.run('GET /config.json, anonymous', '/config.json');
    scenarios.print();
  } finally {
    await bench.close();
  }
}

// A minimal OFREP service on loopback: every flag on.
const ofrep = createServer((request, response) => {
  request.resume();
  request.on('end', () => {
    const key = decodeURIComponent((request.url ?? '').split('/').pop() ?? '');
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ key, value: true, reason: 'STATIC' }));
  });
});
await new Promise<void>((resolve) => ofrep.listen(0, '127.0.0.1', resolve));
try {
  await measure('api flags (DEV table)');
  const { port } = ofrep.address() as AddressInfo;
  await measure('api flags (PRO table empty, remote OFREP, answers cached 30 s)', { FLAGS_ENV: 'PRO', FLAGS_REMOTE_URL: `http://127.0.0.1:${port}` });
} finally {
  ofrep.closeAllConnections();
  await new Promise((resolve) => ofrep.close(resolve));
}

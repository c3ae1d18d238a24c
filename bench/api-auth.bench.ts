/**
 * API auth benchmark: login (argon2id verify + session write) and GET /api/users/v1/account (JWT
 * verify + session, roles and privileges read per request) over HTTP on 127.0.0.1.
 * Run: npx tsx bench/api-auth.bench.ts   (BENCH_SECONDS=10, BENCH_CONNECTIONS=10 by default)
 *
 * The app runs on a temporary data dir with the embedded PGlite (or BENCH_DATABASE_URL), demo accounts
 * seeded. Login is throttled (per address-and-IP pair, per address, per IP; attempts count while in
 * flight): this bench raises the limits (LOGIN_RATE_LIMIT_PER_PAIR / _PER_ADDRESS / _PER_IP) so that it
 * measures the work, not the 429s.
 */
import { DEMO_PASSWORD, loginCookie, scenarioRunner, startBenchApp } from './support/api-bench';

const EMAIL = 'distributor@demo.example';

const bench = await startBenchApp({
  env: { LOGIN_RATE_LIMIT_PER_PAIR: '1000000000', LOGIN_RATE_LIMIT_PER_ADDRESS: '1000000000', LOGIN_RATE_LIMIT_PER_IP: '1000000000' },
});
try {
  const cookie = await loginCookie(bench.base, EMAIL);
  const scenarios = scenarioRunner(bench, 'api auth');

  await scenarios.run('GET /health (baseline, no database)', '/health');
  await scenarios.run('POST /api/users/v1/auth/login', '/api/users/v1/auth/login', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: EMAIL, password: DEMO_PASSWORD }),
  });
  await scenarios.run('GET /api/users/v1/account', '/api/users/v1/account', { headers: { cookie } });

  scenarios.print();
} finally {
  await bench.close();
}

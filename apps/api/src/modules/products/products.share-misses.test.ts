import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { describeWithDb } from '../../../test/test-db';
import { drawnSpace, plusminusV } from './products.drawings.test-support';
import { SHARE_MISSES_PER_HOUR } from './products.service';

const SHARED = '/api/products/v1/creations/shared';

/** Issue 29 §9: misses on shared-creation hashes are rate limited (a guesser is stopped). */
describeWithDb('shared creations: misses counted (issue 29 §9)', () => {
  let t: TestApp;
  let hash = '';

  beforeAll(async () => {
    t = await createTestApp();
    const shared = await t.agent().post(SHARED, { space: drawnSpace(plusminusV()), subFamilyId: 225 });
    expect(shared.statusCode, shared.body).toBe(201);
    hash = shared.json<{ hash: string }>().hash;
  });
  afterAll(async () => {
    await t?.close();
  });

  it(`after ${SHARE_MISSES_PER_HOUR.limit} unknown hashes an address gets 429 for every lookup; hits cost nothing; other addresses are not held`, async () => {
    const guesser = t.agent();
    // Hits do not use the allowance.
    for (let index = 0; index < SHARE_MISSES_PER_HOUR.limit + 5; index += 1) expect((await guesser.get(`${SHARED}/${hash}`)).statusCode).toBe(200);
    for (let index = 0; index < SHARE_MISSES_PER_HOUR.limit; index += 1) {
      const miss = await guesser.get(`${SHARED}/${hash.slice(0, -2)}${index.toString().padStart(2, '0')}`);
      expect(miss.statusCode).toBe(404);
    }
    const stopped = await guesser.get(`${SHARED}/${hash.slice(0, -2)}zz`);
    expect(stopped.statusCode).toBe(429);
    expect(Number(stopped.headers['retry-after'])).toBeGreaterThan(0);
    // Past the allowance a found hash is refused too: the answer says nothing about the guess.
    expect((await guesser.get(`${SHARED}/${hash}`)).statusCode).toBe(429);
    expect((await guesser.get(`${SHARED}/${hash}/export/svg`)).statusCode).toBe(429);
    expect((await t.agent().get(`${SHARED}/${hash}`)).statusCode).toBe(200);
    t.clock.advance(SHARE_MISSES_PER_HOUR.windowMs + 1000);
    expect((await guesser.get(`${SHARED}/${hash}`)).statusCode).toBe(200);
  });
});

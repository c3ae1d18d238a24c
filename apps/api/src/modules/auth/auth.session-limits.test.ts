import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp, testClock } from '../../../test/test-app';
import { describeWithDb } from '../../../test/test-db';
import { SESSION_ABSOLUTE_MAX_MS, SESSION_LIFETIME_MS } from '../../http/sessions';

const ACCOUNT = '/api/users/v1/account';
const REFRESH = '/api/users/v1/auth/refresh';
const DAY = 24 * 60 * 60 * 1000;

/** ASVS 7.3.2 (SECURITY.md): a session slides with its refreshes, up to an absolute maximum from its login. */
describeWithDb('the absolute maximum of a session', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ clock: testClock() });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('ends 90 days after the login however often it was refreshed, and a new login starts a new one', async () => {
    expect(SESSION_ABSOLUTE_MAX_MS).toBeGreaterThan(SESSION_LIFETIME_MS);
    const agent = t.agent();
    await agent.login('specifier@demo.example');
    // A refresh every 20 days (inside the 30-day slide) keeps it alive until day 80.
    for (let day = 20; day <= 80; day += 20) {
      t.clock.advance(20 * DAY);
      expect((await agent.post(REFRESH)).statusCode, `day ${day}`).toBe(204);
      expect((await agent.get(ACCOUNT)).statusCode).toBe(200);
    }
    // Day 91: still inside the slide of the last refresh (day 80 + 30), past the maximum.
    t.clock.advance(11 * DAY);
    expect((await agent.post(REFRESH)).statusCode).toBe(401);
    await agent.login('specifier@demo.example');
    expect((await agent.post(REFRESH)).statusCode).toBe(204);
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bucketOf, inRollout } from './flags.bucketing';

describe('sticky rollout buckets', () => {
  it('gives a user the same bucket every time, from any instance (a pure function of key and id)', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1, maxLength: 40 }), fc.integer({ min: 1, max: 2_147_483_647 }), (key, id) => {
        const first = bucketOf(key, String(id));
        expect(bucketOf(key, String(id))).toBe(first);
        expect(first).toBeGreaterThanOrEqual(0);
        expect(first).toBeLessThan(1);
      }),
    );
  });

  it('turns the flag on for about the rollout share of many users', () => {
    for (const rollout of [0.1, 0.25, 0.5, 0.9]) {
      let on = 0;
      const users = 20_000;
      for (let id = 1; id <= users; id += 1) if (inRollout('getArticlesByReferenceV2', String(id), rollout)) on += 1;
      // 20 000 draws: the standard deviation of the share is at most 0.0035; 0.015 is over four of them.
      expect(Math.abs(on / users - rollout)).toBeLessThan(0.015);
    }
  });

  it('keeps flags independent: the users of one rollout are not those of another', () => {
    let both = 0;
    const users = 20_000;
    for (let id = 1; id <= users; id += 1) if (inRollout('flagA', String(id), 0.5) && inRollout('flagB', String(id), 0.5)) both += 1;
    expect(Math.abs(both / users - 0.25)).toBeLessThan(0.015);
  });

  it('only adds users when a rollout grows (nobody who had the flag loses it)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1_000_000 }), fc.double({ min: 0, max: 1, noNaN: true }), fc.double({ min: 0, max: 1, noNaN: true }), (id, a, b) => {
        const [low, high] = a <= b ? [a, b] : [b, a];
        if (inRollout('unifiedCodeVersion', String(id), low)) expect(inRollout('unifiedCodeVersion', String(id), high)).toBe(true);
      }),
    );
  });

  it('gives nobody a flag at 0 and everybody at 1; an anonymous visitor only at 1', () => {
    for (let id = 1; id <= 500; id += 1) {
      expect(inRollout('k', String(id), 0)).toBe(false);
      expect(inRollout('k', String(id), 1)).toBe(true);
    }
    expect(inRollout('k', undefined, 0.999)).toBe(false);
    expect(inRollout('k', undefined, 1)).toBe(true);
  });
});

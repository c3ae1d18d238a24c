import { describe, expect, it } from 'vitest';
import { availabilityState, dateWhenAvailable, isAvailable, weeksUntilAvailable } from './availability';

const now = new Date('2026-06-01T12:00:00Z');

describe('availability: available if now ≥ since and < until', () => {
  it('at since is available, at until is not', () => {
    expect(isAvailable({ since: '2026-06-01T12:00:00Z', until: '2026-07-01T00:00:00Z' }, now)).toBe(true);
    expect(isAvailable({ since: '2026-05-01T00:00:00Z', until: '2026-06-01T12:00:00Z' }, now)).toBe(false);
    expect(isAvailable({ since: '2026-06-02T00:00:00Z' }, now)).toBe(false);
  });
  it('missing bounds are open', () => {
    expect(isAvailable(undefined, now)).toBe(true);
    expect(isAvailable({}, now)).toBe(true);
    expect(isAvailable({ since: null, until: null, expected: null }, now)).toBe(true);
    expect(availabilityState({ until: '2026-01-01' }, now)).toBe('expired');
  });
});

describe('time until available: -1 expired, 0 available, otherwise the later of since and expected', () => {
  it('-1 when expired', () => {
    expect(weeksUntilAvailable({ until: '2026-05-01T00:00:00Z' }, now)).toBe(-1);
    expect(dateWhenAvailable({ until: '2026-05-01T00:00:00Z' }, now)).toBe(-1);
  });
  it('0 when available', () => {
    expect(weeksUntilAvailable({ since: '2026-05-01T00:00:00Z' }, now)).toBe(0);
    expect(dateWhenAvailable({}, now)).toBe(0);
  });
  it('the later of since and expected, in weeks (rounded up)', () => {
    expect(weeksUntilAvailable({ since: '2026-06-15T12:00:00Z' }, now)).toBe(2);
    expect(weeksUntilAvailable({ since: '2026-06-15T12:00:00Z', expected: '2026-06-30T12:00:00Z' }, now)).toBe(5);
    expect(weeksUntilAvailable({ since: '2026-06-30T12:00:00Z', expected: '2026-06-10T12:00:00Z' }, now)).toBe(5);
    expect(weeksUntilAvailable({ since: '2026-06-01T13:00:00Z' }, now)).toBe(1);
  });
  it('or as a date', () => {
    expect(dateWhenAvailable({ since: '2026-06-15T12:00:00Z', expected: '2026-06-30T12:00:00Z' }, now)).toBe('2026-06-30T12:00:00.000Z');
    expect(dateWhenAvailable({ since: '2026-06-15T12:00:00Z' }, now)).toBe('2026-06-15T12:00:00.000Z');
  });
});

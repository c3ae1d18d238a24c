/**
 * Availability of a variation (spec configuration-domain §4). Available when now ≥ since and
 * now < until (a missing bound is open). Time until available: -1 expired, 0 available, otherwise
 * the later of since and expected, in weeks (rounded up) or as a date.
 */
import { differenceInMilliseconds, isValid, parseISO } from 'date-fns';
import type { Availability } from '../catalogue/catalogue.types';

const WEEK_MS = 7 * 24 * 60 * 60 * 1000;

function instant(text: string | null | undefined): Date | undefined {
  if (text === undefined || text === null || text.trim() === '') return undefined;
  const date = parseISO(text.trim());
  return isValid(date) ? date : undefined;
}

export type AvailabilityState = 'available' | 'expired' | 'upcoming';

export function availabilityState(availability: Availability | undefined, now: Date = new Date()): AvailabilityState {
  const since = instant(availability?.since);
  const until = instant(availability?.until);
  if (until !== undefined && now.getTime() >= until.getTime()) return 'expired';
  if (since !== undefined && now.getTime() < since.getTime()) return 'upcoming';
  return 'available';
}

/** Available if now is at or after since and before until. */
export function isAvailable(availability: Availability | undefined, now: Date = new Date()): boolean {
  return availabilityState(availability, now) === 'available';
}

/** The later of since and expected, when the variation is not yet available. */
export function availableFrom(availability: Availability | undefined, now: Date = new Date()): Date | undefined {
  if (availabilityState(availability, now) !== 'upcoming') return undefined;
  const since = instant(availability?.since);
  const expected = instant(availability?.expected);
  const candidates = [since, expected].filter((d): d is Date => d !== undefined);
  return candidates.reduce<Date | undefined>((later, d) => (later === undefined || d > later ? d : later), undefined);
}

/** -1 expired, 0 available, otherwise whole weeks (rounded up, at least 1) until it becomes available. */
export function weeksUntilAvailable(availability: Availability | undefined, now: Date = new Date()): number {
  const state = availabilityState(availability, now);
  if (state === 'expired') return -1;
  if (state === 'available') return 0;
  const from = availableFrom(availability, now) ?? now;
  return Math.max(1, Math.ceil(differenceInMilliseconds(from, now) / WEEK_MS));
}

/** -1 expired, 0 available, otherwise the date (ISO 8601) it becomes available. */
export function dateWhenAvailable(availability: Availability | undefined, now: Date = new Date()): -1 | 0 | string {
  const state = availabilityState(availability, now);
  if (state === 'expired') return -1;
  if (state === 'available') return 0;
  return (availableFrom(availability, now) ?? now).toISOString();
}

/**
 * When an order line can ship (issue 13; configuration-domain §4 availability, §9 lead time). Used by
 * the api (the ERP's answer, the server's check of a chosen shipping date) and by the web (live, as
 * the quantity changes), so both say the same.
 *
 * - Lead time: the last breakpoint whose `from` ≤ quantity (`leadTimeWeeks`).
 * - The selected variations' windows: one expired → the line cannot be made (-1); one not yet
 *   available → it waits for the later of since and expected (`availableFrom`).
 * - The earliest shipping date is today plus the lead time, and never before the variations are available.
 * - Availability for the user: expired, upcoming (a date), in stock (the ERP holds enough: it ships
 *   today and has no lead time, so "in stock" and "N weeks" never stand side by side), or to order
 *   (more than the stock, or none: ships after the lead time).
 */
import { addDays, formatISO, parseISO } from 'date-fns';
import { availableFrom, weeksUntilAvailable } from '../attributes/availability';
import type { Availability, LeadTimeEntry } from '../catalogue/catalogue.types';
import { leadTimeWeeks } from './lead-time';

export type ShippingState = 'inStock' | 'toOrder' | 'upcoming' | 'expired';

export interface ShippingPlanInput {
  readonly quantity: number;
  readonly leadtime: readonly LeadTimeEntry[] | undefined;
  /** Availability windows of the line's selected variations. */
  readonly availabilities?: readonly Availability[];
  /** Units the ERP holds; absent means unknown (treated as none). */
  readonly stock?: number;
  /** Today, `yyyy-mm-dd` (UTC day). */
  readonly today: string;
}

export interface ShippingPlan {
  readonly state: ShippingState;
  /** -1 expired, 0 available now (in stock), otherwise weeks until it can ship. */
  readonly weeks: number;
  readonly leadTimeWeeks: number;
  /** The day it can ship at the earliest; null when expired. */
  readonly earliestShippingDate: string | null;
}

const day = (date: Date): string => formatISO(date, { representation: 'date' });
/** Midday UTC of an ISO day: safe from time-zone shifts in date-fns' local arithmetic. */
const noon = (iso: string): Date => parseISO(`${iso}T12:00:00Z`);

export function shippingPlan(input: ShippingPlanInput): ShippingPlan {
  const now = noon(input.today);
  const weeks = leadTimeWeeks(input.leadtime, input.quantity);
  const windows = input.availabilities ?? [];
  if (windows.some((availability) => weeksUntilAvailable(availability, now) === -1)) {
    return { state: 'expired', weeks: -1, leadTimeWeeks: weeks, earliestShippingDate: null };
  }
  let earliest = addDays(now, weeks * 7);
  let waitWeeks = 0;
  for (const availability of windows) {
    const from = availableFrom(availability, now);
    if (from === undefined) continue;
    waitWeeks = Math.max(waitWeeks, weeksUntilAvailable(availability, now));
    const fromDay = noon(day(from));
    if (fromDay > earliest) earliest = fromDay;
  }
  const earliestShippingDate = day(earliest);
  if (waitWeeks > 0) return { state: 'upcoming', weeks: Math.max(waitWeeks, weeks), leadTimeWeeks: weeks, earliestShippingDate };
  // Held in stock (issue 34 §4): it ships from stock, today, with no lead time of its own; the lead time is for what is made to order.
  if ((input.stock ?? 0) >= input.quantity) return { state: 'inStock', weeks: 0, leadTimeWeeks: 0, earliestShippingDate: input.today };
  return { state: 'toOrder', weeks, leadTimeWeeks: weeks, earliestShippingDate };
}

/** Whether `date` (yyyy-mm-dd) is a real calendar day. */
export function isCalendarDay(date: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) return false;
  const parsed = noon(date);
  return !Number.isNaN(parsed.getTime()) && day(parsed) === date;
}

/** The smallest line quantity that meets every referenced article's MOQ (units per product each). */
export function minimumOrderQuantity(articles: ReadonlyArray<{ readonly moq?: number; readonly quantity?: number }>): number {
  let minimum = 1;
  for (const article of articles) minimum = Math.max(minimum, Math.ceil((article.moq ?? 1) / Math.max(1, article.quantity ?? 1)));
  return minimum;
}

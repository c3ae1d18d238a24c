/**
 * Lead time (spec configuration-domain §9): breakpoints `{from, weeks}` by ordered quantity.
 * - The last entry whose `from` ≤ quantity gives the weeks.
 * - Several lists (the base article and its variations) merge by quantity breakpoints, taking the
 *   longer weeks at each breakpoint and dropping entries whose weeks do not increase.
 * - The lead time of an order is the maximum across its references.
 */
import type { LeadTimeEntry } from '../catalogue/catalogue.types';

const byFrom = (a: LeadTimeEntry, b: LeadTimeEntry): number => a.from - b.from;

function sane(entries: readonly LeadTimeEntry[] | undefined): LeadTimeEntry[] {
  return (entries ?? []).filter((e) => Number.isFinite(e.from) && Number.isFinite(e.weeks)).sort(byFrom);
}

/**
 * Weeks for a quantity: the last entry (by `from`) whose from ≤ quantity. Below the first
 * breakpoint the first entry applies; an empty list is 0 weeks.
 */
export function leadTimeWeeks(entries: readonly LeadTimeEntry[] | undefined, quantity: number): number {
  return weeksInSorted(sane(entries), quantity);
}

/** `leadTimeWeeks` on a list already sorted by `from`. */
function weeksInSorted(sorted: readonly LeadTimeEntry[], quantity: number): number {
  if (sorted.length === 0) return 0;
  let weeks = sorted[0]!.weeks;
  for (const entry of sorted) {
    if (entry.from <= quantity) weeks = entry.weeks;
    else break;
  }
  return weeks;
}

/**
 * Merges lead-time lists: at every breakpoint of any list the longest of the lists' weeks applies;
 * entries whose weeks are not greater than the previous entry's are dropped. The result is strictly
 * increasing in both `from` and `weeks`.
 */
export function mergeLeadTimes(...lists: readonly (readonly LeadTimeEntry[] | undefined)[]): LeadTimeEntry[] {
  const cleaned = lists.map(sane).filter((list) => list.length > 0);
  const breakpoints = [...new Set(cleaned.flatMap((list) => list.map((e) => e.from)))].sort((a, b) => a - b);
  const merged: LeadTimeEntry[] = [];
  for (const from of breakpoints) {
    let weeks = Number.NEGATIVE_INFINITY;
    for (const list of cleaned) weeks = Math.max(weeks, weeksInSorted(list, from));
    const last = merged[merged.length - 1];
    if (last === undefined || weeks > last.weeks) merged.push({ from, weeks });
  }
  return merged;
}

/** One referenced article of an order with its lead-time list and ordered quantity. */
export interface LeadTimeLine {
  readonly leadtime: readonly LeadTimeEntry[] | undefined;
  readonly quantity: number;
}

/** Lead time of an order: the maximum, across references, of each reference's weeks for its quantity (0 when empty). */
export function orderLeadTime(lines: readonly LeadTimeLine[]): number {
  return lines.reduce((max, line) => Math.max(max, leadTimeWeeks(line.leadtime, line.quantity)), 0);
}

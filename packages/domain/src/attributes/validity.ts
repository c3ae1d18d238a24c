/**
 * Validity dates of attribute values (dd/mm/yyyy). A value is currently valid when today lies
 * strictly between its from and to dates, or when either date is empty.
 */
import { isValid, parse, startOfDay } from 'date-fns';

/** Parses a strict `dd/mm/yyyy` date (local midnight); `undefined` for '' / absent / malformed. */
export function parseValidityDate(text: string | null | undefined): Date | undefined {
  if (text === undefined || text === null) return undefined;
  const trimmed = text.trim();
  if (!/^\d{2}\/\d{2}\/\d{4}$/.test(trimmed)) return undefined;
  const date = parse(trimmed, 'dd/MM/yyyy', new Date(2000, 0, 1));
  return isValid(date) ? date : undefined;
}

export interface ValidityWindow {
  readonly fromValidityDate?: string | null;
  readonly toValidityDate?: string | null;
}

const isEmpty = (text: string | null | undefined): boolean => text === undefined || text === null || text.trim() === '';

/**
 * True when either date is empty, or when today (the calendar day of `now`) lies strictly
 * between from and to. A date that is present but malformed makes the value invalid.
 */
export function isCurrentlyValid(window: ValidityWindow, now: Date = new Date()): boolean {
  if (isEmpty(window.fromValidityDate) || isEmpty(window.toValidityDate)) return true;
  const from = parseValidityDate(window.fromValidityDate);
  const to = parseValidityDate(window.toValidityDate);
  if (from === undefined || to === undefined) return false;
  const today = startOfDay(now).getTime();
  return from.getTime() < today && today < to.getTime();
}

import type { FieldError, Lang, OrderDraft, OrderDraftLine, ProcessOrderBody } from '@lumen/contracts';
import { INTERNAL_ORDER_NUMBER_MAX } from '@lumen/contracts/constants';
import { leadTimeWeeks as weeksFor, linePrices, orderLineValidity, taxSummaryOfLines, toDecimal, toMoney, type ReferenceValidity, type TaxSummary } from '@lumen/domain';

/*
 * The order being edited on the new-order page (spec §4 "edited locally"): comments, internal
 * number, delivery together or separately, and per line the quantity and the shipping date. The
 * checks are the server's (MOQ per reference with the domain's orderLineValidity, the lead time for
 * the quantity, the shipping date not before today plus it), run as the user types; the server runs
 * them again when the order is processed.
 */

export const COMMENTS_MAX = 4000;
export { INTERNAL_ORDER_NUMBER_MAX };

export interface LineEdit {
  quantity: string;
  shippingDate: string;
}

export interface OrderEdit {
  comments: string;
  internalOrderNumber: string;
  sendTogether: boolean;
  lines: Record<string, LineEdit>;
  /** Where to deliver (issue 34 §4): one of the draft's addresses by index, or `other` (typed, one line per row). */
  address: { choice: number | 'other'; other: string };
}

/** The delivery address as lines: the chosen one, or the typed one's non-empty rows. */
export function deliveryAddressOf(draft: OrderDraft, edit: OrderEdit): string[] {
  if (edit.address.choice === 'other') return edit.address.other.split('\n').map((line) => line.trim()).filter(Boolean);
  return draft.deliveryAddresses?.[edit.address.choice] ?? [];
}

/** The typed address's fault, as the server's: 2 to 6 non-empty lines of at most 120 characters. */
export function addressError(lines: readonly string[]): string | null {
  if (lines.length < 2 || lines.length > 6) return 'formError.addressLines';
  if (lines.some((line) => line.length > 120)) return 'formError.maxLength';
  return null;
}

/** A line's net at a quantity, as the server computes it (list price less discount, half away from zero); null without prices. */
export function lineTotalOf(line: OrderDraftLine, quantity: number): number | null {
  if (!line.price) return null;
  if (line.price.unitGross === undefined) return quantity === line.quantity ? line.price.totalNet : toMoney(toDecimal(line.price.unitNet).times(quantity));
  return linePrices({ unitGross: line.price.unitGross, quantity, discountPercent: line.price.discountPercent ?? 0 }).totalNet;
}

/** The order's money at review: each line's net, the net before tax, the tax at the order's rate and the total. */
export function orderFiguresOf(draft: OrderDraft, edit: OrderEdit): { lines: Record<string, number | null>; summary: TaxSummary | null } {
  const lines: Record<string, number | null> = {};
  for (const line of draft.lines) {
    const lineEdit = edit.lines[line._id];
    if (!lineEdit || !/^\d+$/.test(lineEdit.quantity.trim())) continue;
    lines[line._id] = lineTotalOf(line, Number(lineEdit.quantity.trim()));
  }
  const values = Object.values(lines);
  if (values.length === 0 || values.some((value) => value === null)) return { lines, summary: null };
  return { lines, summary: taxSummaryOfLines(values.map((net) => ({ net: net ?? 0, rate: draft.vatPercent ?? 0 }))) };
}

/** Lines that can be ordered once their quantity is right: faults other than MOQ (discontinued, expired, no reference) keep a line out. */
export function orderable(line: OrderDraftLine): boolean {
  return line.faults.every((fault) => fault === 'moq');
}

export function editOf(draft: OrderDraft): OrderEdit {
  const lines: Record<string, LineEdit> = {};
  for (const line of draft.lines) if (orderable(line)) lines[line._id] = { quantity: String(line.quantity), shippingDate: line.earliestShippingDate };
  return { comments: '', internalOrderNumber: '', sendTogether: true, lines, address: { choice: (draft.deliveryAddresses?.length ?? 0) > 0 ? 0 : 'other', other: '' } };
}

const DAY_MS = 86_400_000;
export const addDays = (day: string, days: number): string => new Date(Date.parse(`${day}T12:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

export interface LineCheck {
  quantity: number | null;
  quantityError: string | null;
  references: Readonly<Record<string, ReferenceValidity>>;
  leadTimeWeeks: number;
  earliestShippingDate: string;
  shippingError: string | null;
}

/** One line as the user left it: quantity (MOQ per reference), lead time for it and the earliest shipping date. */
export function checkLine(line: OrderDraftLine, edit: LineEdit, today: string): LineCheck {
  const text = edit.quantity.trim();
  const parsed = /^\d+$/.test(text) ? Number(text) : null;
  let quantityError: string | null = null;
  if (text === '') quantityError = 'formError.required';
  else if (parsed === null) quantityError = 'formError.wholeUnits';
  else if (parsed < 1) quantityError = 'formError.quantityMin';
  else if (parsed > 100_000) quantityError = 'formError.quantityTooLarge';
  const quantity = quantityError ? null : parsed;
  const validity = orderLineValidity(quantity ?? line.quantity, line.articles);
  if (!quantityError && !validity.valid) quantityError = 'formError.belowMoq';
  // What the stock covers ships today, with no lead time (domain shippingPlan, as the server checks it; issue 34 §4).
  const fromStock = (line.availability.state === 'inStock' || line.availability.state === 'toOrder') && (quantity ?? line.quantity) <= line.availability.stock;
  const leadTimeWeeks = fromStock ? 0 : weeksFor(line.leadtime, quantity ?? line.quantity);
  let earliest = addDays(today, leadTimeWeeks * 7);
  // A variation not yet made waits for its date, whatever the quantity (the server said when).
  if (line.availability.state === 'upcoming' && line.availability.expectedDate && line.availability.expectedDate > earliest) earliest = line.availability.expectedDate;
  let shippingError: string | null = null;
  if (!/^\d{4}-\d{2}-\d{2}$/.test(edit.shippingDate)) shippingError = 'formError.date';
  else if (edit.shippingDate < earliest) shippingError = 'formError.shippingDateTooEarly';
  return { quantity, quantityError, references: validity.references, leadTimeWeeks, earliestShippingDate: earliest, shippingError };
}

export interface OrderCheck {
  lines: Record<string, LineCheck>;
  /** Maximum across the lines ordered (spec §9). */
  leadTimeWeeks: number;
  internalNumberError: string | null;
  commentsError: string | null;
  deliveryAddressError: string | null;
  valid: boolean;
}

export function checkOrder(draft: OrderDraft, edit: OrderEdit): OrderCheck {
  const lines: Record<string, LineCheck> = {};
  let leadTime = 0;
  let valid = Object.keys(edit.lines).length > 0;
  for (const line of draft.lines) {
    const lineEdit = edit.lines[line._id];
    if (!lineEdit) continue;
    const check = checkLine(line, lineEdit, draft.today);
    lines[line._id] = check;
    leadTime = Math.max(leadTime, check.leadTimeWeeks);
    if (check.quantityError || check.shippingError) valid = false;
  }
  const internalNumberError = edit.internalOrderNumber.trim().length > INTERNAL_ORDER_NUMBER_MAX ? 'formError.maxLength' : null;
  const commentsError = edit.comments.length > COMMENTS_MAX ? 'formError.maxLength' : null;
  const deliveryAddressError = addressError(deliveryAddressOf(draft, edit));
  return { lines, leadTimeWeeks: leadTime, internalNumberError, commentsError, deliveryAddressError, valid: valid && !internalNumberError && !commentsError && !deliveryAddressError };
}

export function bodyOf(draft: OrderDraft, edit: OrderEdit, lang: Lang): ProcessOrderBody {
  return {
    projectId: draft.projectId,
    ...(draft.quoteId !== null ? { quoteId: draft.quoteId } : {}),
    lang,
    comments: edit.comments,
    internalOrderNumber: edit.internalOrderNumber.trim(),
    sendTogether: edit.sendTogether,
    deliveryAddress: deliveryAddressOf(draft, edit),
    products: draft.lines.flatMap((line) => {
      const lineEdit = edit.lines[line._id];
      return lineEdit ? [{ _id: line._id, quantity: Number(lineEdit.quantity), shippingDate: lineEdit.shippingDate }] : [];
    }),
  };
}

/** A 400's fields as the form shows them: `<lineId>.quantity`, `<lineId>.shippingDate`, `comments`, `internalOrderNumber`; the rest above the form. */
export function refusalsOf(fields: readonly FieldError[] | undefined, body: ProcessOrderBody): { byField: Record<string, string>; rest: string[] } {
  const byField: Record<string, string> = {};
  const rest: string[] = [];
  for (const { path, message } of fields ?? []) {
    const line = /^body\.products\.(\d+)\.(quantity|shippingDate|_id)$/.exec(path);
    const id = line ? body.products[Number(line[1])]?._id : undefined;
    if (line && id) byField[`${id}.${line[2] === '_id' ? 'quantity' : line[2]}`] ??= message;
    else if (path === 'body.comments' || path === 'body.internalOrderNumber') byField[path.slice(5)] ??= message;
    else if (path.startsWith('body.deliveryAddress')) byField.deliveryAddress ??= message;
    else if (!rest.includes(message)) rest.push(message);
  }
  return { byField, rest };
}

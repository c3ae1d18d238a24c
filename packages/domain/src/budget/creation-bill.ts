/**
 * A creation's bill of materials as the sub-lines of its one quote, order or invoice line (issue 34
 * §3): every luminaire, accessory and driver of its compositions, by reference, with how many one
 * set of the creation takes. Read from the compositions as stored (`CompositionBill[]` of
 * bill-of-materials, kept as JSON on the line), so older or partial shapes give what they hold.
 */

export type CreationBillKind = 'luminaire' | 'accessory' | 'driver';

export interface CreationBillLine {
  readonly kind: CreationBillKind;
  readonly reference: string;
  readonly quantity: number;
}

const KIND_ORDER: Readonly<Record<CreationBillKind, number>> = { luminaire: 0, accessory: 1, driver: 2 };

function records(value: unknown): Array<Record<string, unknown>> {
  return Array.isArray(value) ? value.filter((item): item is Record<string, unknown> => typeof item === 'object' && item !== null && !Array.isArray(item)) : [];
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value.trim().toUpperCase() : undefined;
}

function count(value: unknown): number {
  return typeof value === 'number' && Number.isFinite(value) && value > 0 ? Math.floor(value) : 0;
}

/** The sub-lines of a creation for one set: luminaires first, then accessories, then drivers; each reference once, quantities added. */
export function creationBillLines(compositions: unknown): CreationBillLine[] {
  const found = new Map<string, { kind: CreationBillKind; reference: string; quantity: number; first: number }>();
  let order = 0;
  const add = (kind: CreationBillKind, reference: string | undefined, quantity: number) => {
    if (!reference || quantity <= 0) return;
    const key = `${kind}|${reference}`;
    const known = found.get(key);
    if (known) known.quantity += quantity;
    else found.set(key, { kind, reference, quantity, first: order++ });
  };
  for (const composition of records(compositions)) {
    // The accessory lines include the drivers the electrical groups name (bill-of-materials): such an
    // accessory is a driver; a group's driver missing from them (an older shape) is added from the group.
    const drivers = records(composition.electricalGroups).flatMap((group) => records(group.drivers));
    const driverCodes = new Set(drivers.map((driver) => text(driver.driverCode)).filter((code): code is string => code !== undefined));
    const accessoryCodes = new Set<string>();
    for (const article of records(composition.articles)) {
      const accessory = text(article.accessoryCode);
      if (accessory) accessoryCodes.add(accessory);
      add(accessory ? (driverCodes.has(accessory) ? 'driver' : 'accessory') : 'luminaire', accessory ?? text(article.referenceCode), count(article.quantity));
    }
    for (const accessory of records(composition.accessories)) {
      const code = text(accessory.accessoryCode);
      if (code) accessoryCodes.add(code);
      add(code && driverCodes.has(code) ? 'driver' : 'accessory', code, count(accessory.quantity));
    }
    for (const driver of drivers) {
      const code = text(driver.driverCode);
      if (code && !accessoryCodes.has(code)) add('driver', code, count(driver.count));
    }
  }
  return [...found.values()]
    .sort((a, b) => KIND_ORDER[a.kind] - KIND_ORDER[b.kind] || a.first - b.first)
    .map(({ kind, reference, quantity }) => ({ kind, reference, quantity }));
}

/** A part of a creation's article line: a driver that feeds its lights, with how many the line takes. */
export interface ArticlePart {
  readonly kind: 'driver';
  readonly reference: string;
  readonly quantity: number;
  /** The part's name, when the caller names them. */
  readonly description?: string;
}

/**
 * Shares of `total` for lines of the given weights, in whole units adding up to `total` exactly
 * (largest remainder; ties go to the earlier line).
 */
function shares(total: number, weights: readonly number[]): number[] {
  const sum = weights.reduce((s, w) => s + w, 0);
  if (sum <= 0) return weights.map(() => 0);
  const exact = weights.map((w) => (total * w) / sum);
  const out = exact.map(Math.floor);
  let left = total - out.reduce((s, v) => s + v, 0);
  const order = exact.map((value, index) => ({ index, rest: value - Math.floor(value) })).sort((a, b) => b.rest - a.rest || a.index - b.index);
  for (const { index } of order) {
    if (left <= 0) break;
    out[index] = (out[index] ?? 0) + 1;
    left--;
  }
  return out;
}

function code(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}

/**
 * A creation's compositions as a budget line carries them (spec platform-core §3 Budget payload:
 * "articles carry parts"): each article line gains `parts`, the drivers that feed its lights. The
 * bill of materials computes drivers per electrical group (the lights of one model and control in a
 * composition); a group's drivers go to the luminaire lines of that model and control (no accessory
 * code) in proportion to their lights, in whole drivers adding up to the group's. Accessory lines
 * (their own articles), tracks and connections have no driver: `parts` is empty. Everything else of
 * the stored shape is kept as it is; a composition without an article list passes through untouched.
 * `nameOf` names each part (its `description`).
 */
export function compositionsWithArticleParts(compositions: readonly Record<string, unknown>[], nameOf?: (reference: string) => string): Record<string, unknown>[] {
  return compositions.map((source) => {
    if (!Array.isArray(source.articles)) return source;
    const articles = records(source.articles);
    const parts: ArticlePart[][] = articles.map(() => []);
    for (const group of records(source.electricalGroups)) {
      const model = code(group.model);
      const control = code(group.control);
      if (model === undefined) continue;
      const fed = articles.flatMap((article, index) => {
        const attributes = typeof article.attributes === 'object' && article.attributes !== null ? (article.attributes as Record<string, unknown>) : {};
        const sameControl = control === undefined || code(attributes.control) === control;
        return code(article.model) === model && text(article.accessoryCode) === undefined && sameControl && count(article.quantity) > 0 ? [index] : [];
      });
      if (fed.length === 0) continue;
      for (const driver of records(group.drivers)) {
        const reference = text(driver.driverCode);
        const total = count(driver.count);
        if (!reference || total === 0) continue;
        const split = shares(total, fed.map((index) => count(articles[index]?.quantity)));
        fed.forEach((articleIndex, position) => {
          const quantity = split[position] ?? 0;
          if (quantity <= 0) return;
          const list = parts[articleIndex] ?? [];
          const known = list.find((part) => part.reference === reference);
          parts[articleIndex] = known ? list.map((part) => (part === known ? { ...part, quantity: part.quantity + quantity } : part)) : [...list, { kind: 'driver', reference, quantity }];
        });
      }
    }
    const named = (list: readonly ArticlePart[]) => (nameOf ? list.map((part) => ({ ...part, description: nameOf(part.reference) })) : list);
    return { ...source, articles: articles.map((article, index) => ({ ...article, parts: named(parts[index] ?? []) })) };
  });
}

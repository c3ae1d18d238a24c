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

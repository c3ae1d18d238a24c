/**
 * Driver calculation (spec configuration-domain §9 "Drivers and accessories"). For N lights of one
 * control code: take the largest driver size for that control, use ceil(N / capacity) drivers,
 * spread the lights evenly (the remainder one each to the first drivers), give each group the
 * driver sized to its load or the next size up, and merge the counts per driver code.
 */
import { articleCode } from '../codes/creation-codes';
import { DomainError } from '../catalogue/domain-error';
import { DRIVER_CATALOGUE, DRIVER_CATALOGUE_NAMES } from './driver-catalogue';
import type { DriverCatalogue, DriverCatalogueByModel, DriverCatalogueName } from './driver-catalogue';

/** A driver size usable for one control code. */
export interface DriverOption {
  readonly capacity: number;
  readonly driverCode: string;
}

/** One driver and the lights it feeds. */
export interface DriverGroup {
  readonly load: number;
  readonly capacity: number;
  readonly driverCode: string;
}

export interface DriverLine {
  readonly driverCode: string;
  readonly count: number;
}

export interface DriverResult {
  /** The article the drivers are for: LW + model. */
  readonly articleCode: string;
  /** Per catalogue, the drivers and how many of each. */
  readonly drivers: Readonly<Record<DriverCatalogueName, readonly DriverLine[]>>;
}

export interface DriverRequest {
  readonly model: string;
  readonly control: string;
  readonly lights: number;
}

/** Article codes use prefix LW plus model (spec §9). */
export function driverArticleCode(model: string): string {
  return articleCode(model);
}

/** The sizes of one catalogue that have a part code for `control`, smallest first. */
export function driverOptionsFor(catalogue: DriverCatalogue, control: string): DriverOption[] {
  const options: DriverOption[] = [];
  for (const entry of catalogue.entries) {
    const driverCode = entry.drivers[control];
    if (driverCode !== undefined) options.push({ capacity: entry.number_support, driverCode });
  }
  return options.sort((a, b) => a.capacity - b.capacity);
}

function assertLightCount(lights: number): void {
  if (!Number.isSafeInteger(lights) || lights < 0) {
    throw new DomainError('INVALID_LIGHT_COUNT', `Invalid number of lights: ${String(lights)}`);
  }
}

/** `planDriverGroups` lists every driver; above this many lights use `driverLinesFor`. */
export const MAX_PLANNED_LIGHTS = 100_000;

/**
 * Splits `lights` over drivers, one group per driver. `options` must be sorted by capacity (as
 * `driverOptionsFor` returns them). No options or no lights: no groups.
 */
export function planDriverGroups(lights: number, options: readonly DriverOption[]): DriverGroup[] {
  assertLightCount(lights);
  if (lights > MAX_PLANNED_LIGHTS) {
    throw new DomainError('INVALID_LIGHT_COUNT', `Invalid number of lights: ${String(lights)}`);
  }
  const largest = options[options.length - 1];
  if (lights === 0 || largest === undefined) return [];
  const count = Math.ceil(lights / largest.capacity);
  const base = Math.floor(lights / count);
  const remainder = lights % count;
  const groups: DriverGroup[] = [];
  for (let i = 0; i < count; i++) {
    const load = i < remainder ? base + 1 : base;
    // The driver sized to its load or the next size up; the largest always fits (load ≤ capacity).
    const fit = options.find((o) => o.capacity >= load) ?? largest;
    groups.push({ load, capacity: fit.capacity, driverCode: fit.driverCode });
  }
  return groups;
}

/** Counts per driver code, in order of first appearance. */
export function mergeDriverGroups(groups: readonly DriverGroup[]): DriverLine[] {
  const counts = new Map<string, number>();
  for (const g of groups) counts.set(g.driverCode, (counts.get(g.driverCode) ?? 0) + 1);
  return [...counts].map(([driverCode, count]) => ({ driverCode, count }));
}

/**
 * The merged driver lines for `lights` lights without listing every driver: an even spread has at
 * most two loads (base + 1 on the first `remainder` drivers, base on the rest), so this is O(sizes)
 * whatever the number of lights. Equal to `mergeDriverGroups(planDriverGroups(lights, options))`.
 */
export function driverLinesFor(lights: number, options: readonly DriverOption[]): DriverLine[] {
  assertLightCount(lights);
  const largest = options[options.length - 1];
  if (lights === 0 || largest === undefined) return [];
  const count = Math.ceil(lights / largest.capacity);
  const base = Math.floor(lights / count);
  const remainder = lights % count;
  const fit = (load: number): string => (options.find((o) => o.capacity >= load) ?? largest).driverCode;
  const lines: DriverLine[] = [];
  const add = (driverCode: string, n: number): void => {
    if (n === 0) return;
    const i = lines.findIndex((l) => l.driverCode === driverCode);
    if (i === -1) lines.push({ driverCode, count: n });
    else lines[i] = { driverCode, count: (lines[i]?.count ?? 0) + n };
  };
  add(fit(base + 1), remainder);
  add(fit(base), count - remainder);
  return lines;
}

/** The drivers for `lights` lights of `model` with control code `control`, in every catalogue. */
export function calculateDrivers(request: DriverRequest, catalogue: DriverCatalogueByModel = DRIVER_CATALOGUE): DriverResult {
  assertLightCount(request.lights);
  const lists = Object.hasOwn(catalogue, request.model) ? (catalogue[request.model] ?? []) : [];
  const drivers = { row: [], usa: [] } as Record<DriverCatalogueName, DriverLine[]>;
  for (const name of DRIVER_CATALOGUE_NAMES) {
    const list = lists.find((c) => c.catalogue === name);
    if (list) drivers[name] = driverLinesFor(request.lights, driverOptionsFor(list, request.control));
  }
  return { articleCode: driverArticleCode(request.model), drivers };
}

/** Catalogue 21 (USA) uses the `usa` list, every other catalogue the `row` list. */
export function driverCatalogueNameFor(catalogId: number): DriverCatalogueName {
  return catalogId === 21 ? 'usa' : 'row';
}

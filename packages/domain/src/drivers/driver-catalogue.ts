/**
 * The driver catalogue (spec configuration-domain §3 "Driver catalogue", §9 "Drivers and
 * accessories"): per model, one list per catalogue (`row` = rest of world, `usa`), each with driver
 * sizes. `number_support` is how many lights one driver feeds (2 to 9); `drivers` holds the
 * driver part code per control code of the light.
 *
 * This is data: the catalogue generator imports the same constant. The part codes are ours
 * (the spec does not show them): `DR` + catalogue letter (R row, U usa) + driver family letter +
 * two-digit capacity + `-` + control code.
 */

export type DriverCatalogueName = 'row' | 'usa';

export const DRIVER_CATALOGUE_NAMES: readonly DriverCatalogueName[] = ['row', 'usa'];

/** One driver size: the lights it supports and its part code per control code. */
export interface DriverSize {
  /** Lights per driver, 2 to 9. */
  readonly number_support: number;
  /** Driver part code keyed by the light's control code. */
  readonly drivers: Readonly<Record<string, string>>;
}

export interface DriverCatalogue {
  readonly catalogue: DriverCatalogueName;
  readonly entries: readonly DriverSize[];
}

export type DriverCatalogueByModel = Readonly<Record<string, readonly DriverCatalogue[]>>;

/** Control codes of the catalogue: 0 on/off, 1 phase-cut (TRIAC), 2 DALI, 3 0-10 V, M no-driver (remote driver). */
function size(catalogue: 'R' | 'U', family: string, capacity: number, controls: readonly string[]): DriverSize {
  const pad = String(capacity).padStart(2, '0');
  const drivers: Record<string, string> = {};
  for (const control of controls) drivers[control] = `DR${catalogue}${family}${pad}-${control}`;
  return { number_support: capacity, drivers };
}

// Compact heads: 0270, 0345, 0361, 0820, 0920.
const COMPACT: readonly DriverCatalogue[] = [
  { catalogue: 'row', entries: [size('R', 'C', 3, ['0', '1', '2', 'M']), size('R', 'C', 6, ['0', '1', '2', 'M']), size('R', 'C', 9, ['0', '1', 'M'])] },
  { catalogue: 'usa', entries: [size('U', 'C', 2, ['0', '3', 'M']), size('U', 'C', 4, ['0', '3', 'M']), size('U', 'C', 6, ['0', 'M'])] },
];

// Linear pendants: 2350, 2351, 2355.
const LINEAR: readonly DriverCatalogue[] = [
  { catalogue: 'row', entries: [size('R', 'L', 2, ['0', '1', '2', 'M']), size('R', 'L', 4, ['0', '1', '2', 'M']), size('R', 'L', 8, ['0', '2', 'M'])] },
  { catalogue: 'usa', entries: [size('U', 'L', 2, ['0', '3', 'M']), size('U', 'L', 4, ['0', '3', 'M'])] },
];

// Suspended heads: 5520, 5525, 5660, 5662, 5664.
const SUSPENDED: readonly DriverCatalogue[] = [
  { catalogue: 'row', entries: [size('R', 'S', 3, ['0', '1', '2', 'M']), size('R', 'S', 5, ['0', '1', '2', 'M']), size('R', 'S', 7, ['0', '1', 'M'])] },
  { catalogue: 'usa', entries: [size('U', 'S', 3, ['0', '3', 'M']), size('U', 'S', 6, ['0', '3', 'M'])] },
];

// Multi-head clusters: 5770, 5772, 5774.
const CLUSTER: readonly DriverCatalogue[] = [
  { catalogue: 'row', entries: [size('R', 'K', 2, ['0', '1', '2', 'M']), size('R', 'K', 4, ['0', '1', '2', 'M']), size('R', 'K', 6, ['0', '1', '2', 'M']), size('R', 'K', 9, ['0', 'M'])] },
  { catalogue: 'usa', entries: [size('U', 'K', 2, ['0', '3', 'M']), size('U', 'K', 5, ['0', '3', 'M'])] },
];

// Large shades: 5935, 6160, 6165.
const LARGE: readonly DriverCatalogue[] = [
  { catalogue: 'row', entries: [size('R', 'G', 4, ['0', '1', '2', 'M']), size('R', 'G', 8, ['0', '1', '2', 'M'])] },
  { catalogue: 'usa', entries: [size('U', 'G', 3, ['0', '3', 'M']), size('U', 'G', 6, ['0', '3', 'M']), size('U', 'G', 9, ['0', 'M'])] },
];

// Spots: 3235, 5730.
const SPOT: readonly DriverCatalogue[] = [
  { catalogue: 'row', entries: [size('R', 'P', 2, ['0', '1', '2', 'M']), size('R', 'P', 3, ['0', '1', '2', 'M']), size('R', 'P', 4, ['0', '1', 'M'])] },
  { catalogue: 'usa', entries: [size('U', 'P', 2, ['0', '3', 'M']), size('U', 'P', 4, ['0', '3', 'M'])] },
];

/** The driver catalogue per model. Models 7450, 7455, 7460, 7470 and 7475 have empty lists. */
export const DRIVER_CATALOGUE: DriverCatalogueByModel = {
  '0270': COMPACT,
  '0345': COMPACT,
  '0361': COMPACT,
  '0820': COMPACT,
  '0920': COMPACT,
  '2350': LINEAR,
  '2351': LINEAR,
  '2355': LINEAR,
  '5520': SUSPENDED,
  '5525': SUSPENDED,
  '5660': SUSPENDED,
  '5662': SUSPENDED,
  '5664': SUSPENDED,
  '5770': CLUSTER,
  '5772': CLUSTER,
  '5774': CLUSTER,
  '5935': LARGE,
  '6160': LARGE,
  '6165': LARGE,
  '3235': SPOT,
  '5730': SPOT,
  '7450': [],
  '7455': [],
  '7460': [],
  '7470': [],
  '7475': [],
};

/**
 * Lamp-type categories of spec configuration-domain §9 (ids 17–28), each with the suffix of its
 * translation key `catalogue.lampType.<name>`. The catalogue sends its own description too; the
 * interface names them in its own words so that the filter reads the same in every language.
 */
export const LAMP_TYPES = {
  17: 'wall',
  18: 'bathroom',
  19: 'hanging',
  20: 'floor',
  21: 'ceiling',
  22: 'outdoor',
  23: 'table',
  24: 'toolkit',
  25: 'wallHanging',
  26: 'ceilingHanging',
  27: 'wallCeiling',
  28: 'floorWall',
} as const;

export type LampTypeId = keyof typeof LAMP_TYPES;

export function isLampTypeId(id: number): id is LampTypeId {
  return Object.hasOwn(LAMP_TYPES, id);
}

/** The translation key of a lamp type, or null for a category that is not a lamp type. */
export function lampTypeKey(id: number): string | null {
  return isLampTypeId(id) ? `catalogue.lampType.${LAMP_TYPES[id]}` : null;
}

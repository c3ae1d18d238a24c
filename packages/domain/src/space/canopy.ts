/**
 * Canopy (installation) types of a cluster and their compatibility with the room
 * (spec configuration-domain §3 "Canopy / installation types", §5 "Space rules").
 */
import type { CeilingMaterial, RoomSize } from './room';

export interface CanopySize {
  readonly width: number;
  readonly depth: number;
  readonly height: number;
}

export interface CanopyType {
  /** Installation code (2 characters). */
  readonly id: string;
  readonly name: string;
  /** The height the canopy needs above the ceiling board, in metres. */
  readonly extraCeiling: number;
  /** Ceiling materials it can be installed in; 'all' means any. */
  readonly ceilingMaterials: readonly CeilingMaterial[] | 'all';
  /** Visible size in metres; a recessed canopy shows only its trim. */
  readonly size: CanopySize;
  /** Free wire: the cable leaves the ceiling without a canopy; it may hold several lights. */
  readonly freeWire: boolean;
}

/**
 * The spec gives the micro and XXS sizes as one number; we read it as the side of a square trim
 * with no visible height. It does not show free wire's extraCeiling and materials: we take 0 and
 * all materials, and no visible size.
 */
export const CANOPY_TYPES = {
  '10': { id: '10', name: 'Surface', extraCeiling: 0, ceilingMaterials: 'all', size: { width: 0.195, depth: 0.195, height: 0.135 }, freeWire: false },
  '31': { id: '31', name: 'Micro', extraCeiling: 0.1, ceilingMaterials: ['pladur'], size: { width: 0.035, depth: 0.035, height: 0 }, freeWire: false },
  '32': { id: '32', name: 'XXS', extraCeiling: 0.1, ceilingMaterials: 'all', size: { width: 0.07, depth: 0.07, height: 0 }, freeWire: false },
  '18': { id: '18', name: 'Free wire', extraCeiling: 0, ceilingMaterials: 'all', size: { width: 0, depth: 0, height: 0 }, freeWire: true },
} as const satisfies Record<string, CanopyType>;

export type CanopyId = keyof typeof CANOPY_TYPES;

/** The installation an incompatible one is replaced by. */
export const DEFAULT_INSTALLATION = { code: '10', label: '10 Surface Basic' } as const;

export const FREE_WIRE_INSTALLATION = '18';

export function canopyType(installation: string | undefined): CanopyType | undefined {
  if (installation === undefined || !Object.hasOwn(CANOPY_TYPES, installation)) return undefined;
  return CANOPY_TYPES[installation as CanopyId];
}

/** The canopy's box extents for collision (x = width, y = height, z = depth), or undefined for unknown codes. */
export function canopyExtents(installation: string | undefined): { readonly x: number; readonly y: number; readonly z: number } | undefined {
  const canopy = canopyType(installation);
  return canopy ? { x: canopy.size.width, y: canopy.size.height, z: canopy.size.depth } : undefined;
}

export function isFreeWire(installation: string | undefined): boolean {
  return canopyType(installation)?.freeWire === true;
}

/** A remote installation (its driver lives away from the light) has a code starting with 3. */
export function isRemoteInstallation(installation: string | undefined): boolean {
  return installation !== undefined && installation.startsWith('3');
}

/**
 * A canopy fits a room when it needs no more extra ceiling than the room has and the ceiling
 * material is among its compatible ones (or it takes all). Unknown codes are not canopies and are
 * left alone (true).
 */
export function isInstallationCompatible(installation: string, room: RoomSize): boolean {
  const canopy = canopyType(installation);
  if (!canopy) return true;
  if (canopy.extraCeiling > room.extraCeiling) return false;
  return canopy.ceilingMaterials === 'all' || canopy.ceilingMaterials.includes(room.ceilingMaterial);
}

export interface ResolvedInstallation {
  readonly installation: string;
  /** True when the requested installation was rejected and replaced by '10 Surface Basic'. */
  readonly replaced: boolean;
}

/** The installation to use in the room: the requested one, or '10 Surface Basic' when it does not fit. */
export function resolveInstallation(installation: string, room: RoomSize): ResolvedInstallation {
  return isInstallationCompatible(installation, room)
    ? { installation, replaced: false }
    : { installation: DEFAULT_INSTALLATION.code, replaced: true };
}

/**
 * How a light shows in the room: the pool it casts on the floor, read from its model's candela
 * distribution (@lumen/domain photometry, the same table the IES and EULUMDAT files are written
 * from). A floor point at horizontal distance r below a source at height h gets the illuminance
 *   E = I(γ, C) · cos³γ / h²,  γ = atan(r / h)
 * so the pool's shape scales with h and its brightness with 1 / h². One texture per distribution is
 * drawn for h = 1 and scaled per light (one instanced draw per model, whatever the number of lights).
 */
import { candelaDistribution, intensityAt, opticsOfModel, type CandelaDistribution } from '@lumen/domain';

/** The widest angle a pool reaches (a wider beam lights mostly the walls). */
export const POOL_MAX_ANGLE = 75;
/** Where a pool ends: the floor gets less than this share of the illuminance under the light. */
export const POOL_THRESHOLD = 0.05;
const RAD = Math.PI / 180;

function relativeIlluminance(distribution: CandelaDistribution, gamma: number, c: number, peak: number): number {
  const cos = Math.cos(gamma * RAD);
  return (intensityAt(distribution, gamma, c) * cos * cos * cos) / peak;
}

/**
 * The angle from the nadir where the pool ends (relative illuminance below POOL_THRESHOLD in every
 * plane), at most POOL_MAX_ANGLE: the quad drawn is no larger than the light it shows (each pool is a
 * layer of blending, and 200 of them must stay cheap to draw).
 */
export function poolAngle(distribution: CandelaDistribution): number {
  const peak = intensityAt(distribution, 0, 0) || 1;
  let angle = 5;
  for (let gamma = 0; gamma <= POOL_MAX_ANGLE; gamma += 0.5) {
    if (relativeIlluminance(distribution, gamma, 0, peak) >= POOL_THRESHOLD || relativeIlluminance(distribution, gamma, 90, peak) >= POOL_THRESHOLD) angle = gamma;
  }
  return Math.min(POOL_MAX_ANGLE, angle + 2);
}

/** The pool's half-width for a source 1 m above the floor. */
export function poolHalfWidth(distribution: CandelaDistribution): number {
  return Math.tan(poolAngle(distribution) * RAD);
}

export interface ModelOptics {
  readonly lumens: number;
  readonly beamAngle: number;
  /** Centimetres, as the catalogue gives them. */
  readonly width: number;
  readonly depth: number;
}

const DISTRIBUTIONS = new Map<string, CandelaDistribution>();

/** The model's distribution, computed once per optics. */
export function distributionOf(optics: ModelOptics): CandelaDistribution {
  const key = `${optics.lumens}|${optics.beamAngle}|${optics.width}|${optics.depth}`;
  let found = DISTRIBUTIONS.get(key);
  if (!found) {
    const lumens = optics.lumens > 0 ? optics.lumens : 1;
    const beamAngle = Math.min(360, Math.max(1, optics.beamAngle || 90));
    found = candelaDistribution(opticsOfModel({ lumens, beamAngle, width: optics.width, depth: optics.depth }));
    DISTRIBUTIONS.set(key, found);
  }
  return found;
}

/**
 * The relative illuminance of the pool for a source 1 m up, on a size × size grid covering
 * ±poolHalfWidth (row-major, 0..1, 1 under the light). C0 lies along x (a linear luminaire's length).
 */
export function poolPattern(distribution: CandelaDistribution, size: number): Float32Array {
  const out = new Float32Array(size * size);
  const peak = intensityAt(distribution, 0, 0) || 1;
  const half = poolHalfWidth(distribution);
  for (let j = 0; j < size; j++) {
    for (let i = 0; i < size; i++) {
      const x = ((i + 0.5) / size - 0.5) * 2 * half;
      const z = ((j + 0.5) / size - 0.5) * 2 * half;
      const r = Math.hypot(x, z);
      // Faded to nothing towards the quad's inscribed circle, so its border never shows.
      const edge = Math.min(1, Math.max(0, (1 - r / half) / 0.15));
      if (edge === 0) continue;
      const gamma = Math.atan(r) / RAD;
      const c = r === 0 ? 0 : Math.atan2(Math.abs(z), Math.abs(x)) / RAD;
      out[j * size + i] = relativeIlluminance(distribution, gamma, c, peak) * edge;
    }
  }
  return out;
}

/**
 * The illuminance under a light (lux) for a source `height` metres above the floor: its peak
 * intensity over h². What the room shows as a pool's strength.
 */
export function illuminanceBelow(distribution: CandelaDistribution, height: number): number {
  const h = Math.max(0.1, height);
  return intensityAt(distribution, 0, 0) / (h * h);
}

/** Lux shown at full strength; brighter pools saturate, dimmer ones fade (an exposure for the screen). */
export const EXPOSURE_LUX = 400;

/** A pool's strength on screen, 0..1. */
export function poolStrength(distribution: CandelaDistribution, height: number): number {
  return Math.min(1, illuminanceBelow(distribution, height) / EXPOSURE_LUX);
}

/** The LED colours (shared with every 3D view of the web). */
export { kelvinOfCode, kelvinToRgb } from '../../shared/stage/light-colour';

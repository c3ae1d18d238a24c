/**
 * The luminous intensity distribution of a luminaire, computed from its optics (issue 14 §1): one
 * deterministic candela table shared by the IES and EULUMDAT files, the spec sheet's polar diagram,
 * the energy class (useful flux, directionality) and the 3D configurator's lights.
 *
 * The model: the luminaire emits downward (γ = 0° is the nadir, γ = 180° the zenith) with the beam
 *   I(γ, C) = I₀ · cos^(2m(C))(γ / 2)
 * a smooth bell over the whole sphere (0 at the zenith unless the beam is 360°) whose exponent m is
 * fitted so that the intensity is half the peak at half the beam angle: cos^(2m)(β/4) = ½. A beam of
 * 360° is the isotropic source (m = 0). A linear luminaire (its length at least three times its
 * depth) has the catalogue's beam across its length (C90–C270) and a beam 1.5 × wider (at most 360°)
 * along it (C0–C180), blended as m(C) = m₀·cos²C + m₉₀·sin²C; a round one is rotationally symmetric.
 * I₀ is set so that the flux over the sphere is the model's lumens.
 *
 * Issue 28 §2: the distribution follows the luminaire's optic when the catalogue names it (`optic`):
 * - `symmetric`: the bell above, rotationally symmetric (type C, one plane; LDT Isym 1).
 * - `linear`: a batwing across the length, I = bell · (1 + A·sin²γ·sin²C) with A = 1.5 (peaks off
 *   the nadir in C90–C270), the wider bell along it; symmetric about both planes (C0 … C90; Isym 4).
 * - `wall` and `washer`: asymmetric, the bell aimed τ from the nadir towards C0 (away from the wall:
 *   20° for a wall light, 35° for a wall washer) and cut behind the luminaire's back (towards C180,
 *   the wall); symmetric about the C0–C180 plane only (C0 … C180 every 5°; Isym 2).
 * Without `optic` the legacy rule holds: linear (length ≥ 3 × depth) blends the bells, else symmetric.
 * The energy class always rates the light source's own bell (energy/), never the luminaire's aiming.
 */
import { DomainError } from '../catalogue/domain-error';

export interface Optics {
  /** Luminaire flux, lm. */
  readonly lumens: number;
  /** Full beam angle at 50 % of the peak intensity, degrees (1 … 360). */
  readonly beamAngle: number;
  /** Luminaire length (the longer plan dimension) and depth, centimetres; decide whether it is linear. */
  readonly length?: number;
  readonly depth?: number;
  /** The luminaire's optic; absent: symmetric, or the blended bells of a linear one. */
  readonly optic?: LuminaireOptic;
}

export const LUMINAIRE_OPTICS = ['symmetric', 'linear', 'wall', 'washer'] as const;
export type LuminaireOptic = (typeof LUMINAIRE_OPTICS)[number];

/** rotational: one plane; quadrant: C0 … C90 (both planes); bilateral: C0 … C180 (the C0–C180 plane). */
export type DistributionSymmetry = 'rotational' | 'quadrant' | 'bilateral';

export interface CandelaDistribution {
  readonly symmetry: DistributionSymmetry;
  /** γ from 0 (nadir) to 180 (zenith), degrees. */
  readonly verticalAngles: readonly number[];
  /** C planes stored: [0] for rotational symmetry, 0 … 90 for quadrant symmetry (C0 along the length), 0 … 180 for bilateral (C0 away from the wall). */
  readonly horizontalAngles: readonly number[];
  /** candela[c][g]: absolute intensity (cd) in plane horizontalAngles[c] at verticalAngles[g]. */
  readonly candela: readonly (readonly number[])[];
  /** The flux the table was normalised to, lm. */
  readonly lumens: number;
  /** Beam angles, degrees: across (C90–C270) and along (C0–C180) the luminaire. */
  readonly beamAngle: { readonly c0: number; readonly c90: number };
  readonly peak: number;
}

/** Vertical step of the tables, degrees: finer for narrow beams, so a zonal sum keeps the flux within 1 %. */
export function gammaStep(beamAngle: number): number {
  return beamAngle < 12 ? 0.5 : beamAngle < 30 ? 1 : 2.5;
}
/** C-plane step of quadrant-symmetric tables, degrees. */
export const C_STEP = 15;
/** C-plane step of bilateral (wall) tables, degrees: finer, the aimed beam is narrow in C near the nadir. */
export const C_STEP_BILATERAL = 5;
/** The batwing's lift across a linear luminaire. */
const BATWING = 1.5;
/** The aim of an asymmetric optic from the nadir towards C0, degrees. */
const AIM: Record<'wall' | 'washer', number> = { wall: 20, washer: 35 };
const LINEAR_RATIO = 3;
const ALONG_FACTOR = 1.5;

const rad = (degrees: number) => (degrees * Math.PI) / 180;

/** The bell exponent whose half-peak angle is half the beam. */
export function beamExponent(beamAngle: number): number {
  if (beamAngle >= 360) return 0;
  const half = rad(beamAngle / 2);
  return Math.log(0.5) / (2 * Math.log(Math.cos(half / 2)));
}

function relative(gamma: number, m: number): number {
  if (m === 0) return 1;
  const c = Math.cos(rad(gamma) / 2);
  return c <= 0 ? 0 : Math.pow(c, 2 * m);
}

function exponentAt(c: number, m0: number, m90: number): number {
  const cos = Math.cos(rad(c));
  return m0 * cos * cos + m90 * (1 - cos * cos);
}

export function isLinear(optics: Pick<Optics, 'length' | 'depth'>): boolean {
  return optics.length !== undefined && optics.depth !== undefined && optics.depth > 0 && optics.length >= LINEAR_RATIO * optics.depth;
}

function checkOptics(optics: Optics): void {
  if (!(Number.isFinite(optics.lumens) && optics.lumens > 0)) throw new DomainError('INVALID_INPUT', `Luminous flux must be positive, not ${optics.lumens}`);
  if (!(Number.isFinite(optics.beamAngle) && optics.beamAngle >= 1 && optics.beamAngle <= 360)) {
    throw new DomainError('INVALID_INPUT', `Beam angle must be from 1 to 360 degrees, not ${optics.beamAngle}`);
  }
}

type Shape = (gamma: number, c: number) => number;

/** ∫∫ f(γ, C) sin γ dγ dC over the sphere (Simpson in γ, midpoints in C over the stored range, which the symmetry repeats). */
function relativeFlux(shape: Shape, symmetry: DistributionSymmetry): number {
  const steps = 720;
  const range = symmetry === 'rotational' ? 0 : symmetry === 'quadrant' ? 90 : 180;
  const cSteps = range === 0 ? 1 : range;
  let total = 0;
  for (let ci = 0; ci < cSteps; ci++) {
    const c = range === 0 ? 0 : ((ci + 0.5) * range) / cSteps;
    let sum = 0;
    for (let i = 0; i <= steps; i++) {
      const gamma = (i * 180) / steps;
      const weight = i === 0 || i === steps ? 1 : i % 2 === 1 ? 4 : 2;
      sum += weight * shape(gamma, c) * Math.sin(rad(gamma));
    }
    total += (sum * rad(180 / steps)) / 3;
  }
  return (total / cSteps) * 2 * Math.PI;
}

/** The aimed bell of a wall light or washer: the angle to an axis τ from the nadir towards C0, cut behind the back (x < 0). */
function aimedShape(m: number, aim: number): Shape {
  const ax = Math.sin(rad(aim));
  const az = -Math.cos(rad(aim));
  return (gamma, c) => {
    const x = Math.sin(rad(gamma)) * Math.cos(rad(c));
    const z = -Math.cos(rad(gamma));
    const cosPsi = Math.max(-1, Math.min(1, x * ax + z * az));
    const psi = (Math.acos(cosPsi) * 180) / Math.PI;
    // behind the luminaire's back plane (towards the wall) the light fades out within 15° of it
    const back = x >= 0 ? 1 : Math.max(0, 1 + x / Math.sin(rad(15)));
    return relative(psi, m) * back * back;
  };
}

/** The candela table of a luminaire's optics (pure, deterministic). */
export function candelaDistribution(optics: Optics): CandelaDistribution {
  checkOptics(optics);
  const optic = optics.optic;
  const linear = optic === 'linear' || (optic === undefined && isLinear(optics));
  const c90Beam = optics.beamAngle;
  const c0Beam = linear ? Math.min(360, optics.beamAngle * ALONG_FACTOR) : optics.beamAngle;
  const m0 = beamExponent(c0Beam);
  const m90 = beamExponent(c90Beam);
  let symmetry: DistributionSymmetry;
  let shape: Shape;
  if (optic === 'wall' || optic === 'washer') {
    symmetry = 'bilateral';
    shape = aimedShape(m90, AIM[optic]);
  } else if (linear) {
    symmetry = 'quadrant';
    const lift = optic === 'linear' ? BATWING : 0;
    shape = (gamma, c) => {
      const sg = Math.sin(rad(gamma));
      const sc = Math.sin(rad(c));
      return relative(gamma, exponentAt(c, m0, m90)) * (1 + lift * sg * sg * sc * sc);
    };
  } else {
    symmetry = 'rotational';
    shape = (gamma) => relative(gamma, m90);
  }
  const scale = optics.lumens / relativeFlux(shape, symmetry);
  const step = gammaStep(Math.min(c0Beam, c90Beam));
  const verticalAngles = Array.from({ length: 180 / step + 1 }, (_, i) => i * step);
  const horizontalAngles =
    symmetry === 'rotational' ? [0] : symmetry === 'quadrant' ? Array.from({ length: 90 / C_STEP + 1 }, (_, i) => i * C_STEP) : Array.from({ length: 180 / C_STEP_BILATERAL + 1 }, (_, i) => i * C_STEP_BILATERAL);
  const candela = horizontalAngles.map((c) => verticalAngles.map((gamma) => round3(scale * shape(gamma, c))));
  const peak = Math.max(...candela.map((row) => Math.max(...row)));
  return { symmetry, verticalAngles, horizontalAngles, candela, lumens: optics.lumens, beamAngle: { c0: c0Beam, c90: c90Beam }, peak: round3(peak) };
}

function round3(value: number): number {
  return Math.round(value * 1000) / 1000;
}

/**
 * The intensity in any direction, read from the table by linear interpolation (C folded into the
 * stored quadrant): what a renderer's light or a reader of the files sees.
 */
export function intensityAt(distribution: CandelaDistribution, gamma: number, c = 0): number {
  const g = Math.min(180, Math.max(0, gamma));
  let plane = ((c % 360) + 360) % 360;
  if (plane > 180) plane = 360 - plane;
  if (distribution.symmetry !== 'bilateral' && plane > 90) plane = 180 - plane;
  const step = distribution.verticalAngles[1] ?? 180;
  const along = (row: readonly number[]) => {
    const at = g / step;
    const i = Math.min(Math.floor(at), row.length - 2);
    const t = at - i;
    return (row[i] ?? 0) * (1 - t) + (row[i + 1] ?? 0) * t;
  };
  const { horizontalAngles, candela } = distribution;
  if (horizontalAngles.length === 1) return along(candela[0] ?? []);
  const at = plane / (horizontalAngles[1] ?? C_STEP);
  const i = Math.min(Math.floor(at), horizontalAngles.length - 2);
  const t = at - i;
  return along(candela[i] ?? []) * (1 - t) + along(candela[i + 1] ?? []) * t;
}

/**
 * The flux of the table inside a cone around the nadir (half angle in degrees; 180 for the whole
 * sphere): the zonal sum a photometric reader makes — per stored C plane, the trapezoid over the γ
 * bands (the last band cut at the cone, its edge intensity interpolated), the planes averaged over
 * the quadrant by the trapezoid rule (the table interpolates linearly between them).
 */
export function fluxWithinCone(distribution: CandelaDistribution, halfAngle: number): number {
  const limit = Math.min(180, Math.max(0, halfAngle));
  const gammas = distribution.verticalAngles;
  const planeFlux = (row: readonly number[]) => {
    let flux = 0;
    for (let i = 0; i < gammas.length - 1; i++) {
      const g1 = gammas[i] ?? 0;
      if (g1 >= limit) break;
      const g2 = Math.min(gammas[i + 1] ?? 0, limit);
      const i1 = row[i] ?? 0;
      const full = gammas[i + 1] ?? 0;
      const i2 = g2 === full ? (row[i + 1] ?? 0) : i1 + ((row[i + 1] ?? 0) - i1) * ((g2 - g1) / (full - g1));
      flux += ((i1 + i2) / 2) * 2 * Math.PI * (Math.cos(rad(g1)) - Math.cos(rad(g2)));
    }
    return flux;
  };
  const rows = distribution.candela;
  if (rows.length === 1) return planeFlux(rows[0] ?? []);
  let total = 0;
  rows.forEach((row, index) => {
    total += planeFlux(row) * ((index === 0 || index === rows.length - 1 ? 0.5 : 1) / (rows.length - 1));
  });
  return total;
}

/** The curve of one plane pair for a polar diagram: γ from −180 (C180/C270 side) to 180, cd per 1,000 lm. */
export function polarCurve(distribution: CandelaDistribution, plane: 'C0-C180' | 'C90-C270'): Array<{ angle: number; cdPerKlm: number }> {
  const c = plane === 'C0-C180' ? 0 : 90;
  const scale = 1000 / distribution.lumens;
  return distribution.verticalAngles
    .slice()
    .reverse()
    
    .map((gamma) => ({ angle: gamma === 0 ? 0 : -gamma, cdPerKlm: intensityAt(distribution, gamma, c + 180) * scale }))
    .concat(distribution.verticalAngles.slice(1).map((gamma) => ({ angle: gamma, cdPerKlm: intensityAt(distribution, gamma, c) * scale })));
}

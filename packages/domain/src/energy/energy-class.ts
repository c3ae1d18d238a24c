/**
 * The energy class of a light source, Commission Delegated Regulation (EU) 2019/2015 (Annex II):
 *   ηTM = (Φuse / Pon) × FTM   (lm/W)
 * FTM by the kind of light source: non-directional mains 1.000, non-directional non-mains 0.926,
 * directional mains 1.176, directional non-mains 1.089. Classes: A ≥ 210, B ≥ 185, C ≥ 160, D ≥ 135,
 * E ≥ 110, F ≥ 85, G below.
 *
 * From the luminaire's photometry (photometry/): a light source is directional when at least 80 %
 * of its flux is within a cone of 120° (π sr); its useful flux Φuse is the whole flux for a
 * non-directional source, the flux in the 120° cone for a directional one with a beam of 90° or
 * more, and in the 90° cone (0.586π sr) below 90°. The on-mode power Pon is the light source's.
 * The label's weighted consumption is Pon in kWh per 1,000 h, rounded up.
 */
import { DomainError } from '../catalogue/domain-error';
import { DRIVER_CATALOGUE } from '../drivers/driver-catalogue';
import { candelaDistribution, type CandelaDistribution, fluxWithinCone, type Optics } from '../photometry/photometry';

export const ENERGY_CLASSES = ['A', 'B', 'C', 'D', 'E', 'F', 'G'] as const;
export type EnergyClass = (typeof ENERGY_CLASSES)[number];

/** Lower bounds of ηTM (lm/W), A to F; G is everything below 85. */
export const ENERGY_CLASS_BOUNDS: Readonly<Record<Exclude<EnergyClass, 'G'>, number>> = { A: 210, B: 185, C: 160, D: 135, E: 110, F: 85 };

export const FTM = {
  nonDirectionalMains: 1,
  nonDirectionalNonMains: 0.926,
  directionalMains: 1.176,
  directionalNonMains: 1.089,
} as const;

/** The regulation this class and label follow. */
export const ENERGY_LABEL_REGULATION = '2019/2015';

export interface LightSourceKind {
  readonly directional: boolean;
  /** Operates directly on the mains (no separate control gear). */
  readonly mains: boolean;
}

export function ftmOf(kind: LightSourceKind): number {
  if (kind.directional) return kind.mains ? FTM.directionalMains : FTM.directionalNonMains;
  return kind.mains ? FTM.nonDirectionalMains : FTM.nonDirectionalNonMains;
}

/** The class of a total mains efficacy ηTM (lm/W). */
export function energyClassOfEfficacy(etaTM: number): EnergyClass {
  if (!Number.isFinite(etaTM) || etaTM < 0) throw new DomainError('INVALID_INPUT', `Efficacy must be a non-negative number, not ${etaTM}`);
  for (const energyClass of ['A', 'B', 'C', 'D', 'E', 'F'] as const) if (etaTM >= ENERGY_CLASS_BOUNDS[energyClass]) return energyClass;
  return 'G';
}

/** ηTM = (Φuse / Pon) × FTM, lm/W. */
export function totalMainsEfficacy(usefulFlux: number, onModePower: number, kind: LightSourceKind): number {
  if (!(Number.isFinite(onModePower) && onModePower > 0)) throw new DomainError('INVALID_INPUT', `On-mode power must be positive, not ${onModePower}`);
  if (!(Number.isFinite(usefulFlux) && usefulFlux >= 0)) throw new DomainError('INVALID_INPUT', `Useful flux must be a non-negative number, not ${usefulFlux}`);
  return (usefulFlux / onModePower) * ftmOf(kind);
}

export interface EnergyRating {
  readonly energyClass: EnergyClass;
  /** lm/W, 1 decimal. */
  readonly efficacy: number;
  /** Φuse, lm (whole). */
  readonly usefulFlux: number;
  readonly directional: boolean;
  readonly mains: boolean;
  readonly ftm: number;
  /** Weighted energy consumption in on-mode, kWh/1000 h (Pon rounded up). */
  readonly kWhPer1000h: number;
}

/** Share of the flux within the 120° cone (π sr). */
export function fluxShareIn120Cone(distribution: CandelaDistribution): number {
  return fluxWithinCone(distribution, 60) / fluxWithinCone(distribution, 180);
}

/**
 * The rating of a light source from its optics and on-mode power; `mains` false when it is fed by a
 * separate driver (control gear).
 */
export function energyRating(input: Optics & { readonly watts: number; readonly mains: boolean }, distribution: CandelaDistribution = candelaDistribution(input)): EnergyRating {
  const total = fluxWithinCone(distribution, 180);
  const directional = fluxWithinCone(distribution, 60) >= 0.8 * total;
  const beam = Math.min(distribution.beamAngle.c0, distribution.beamAngle.c90);
  // Scale the table's flux to the declared lumens, so the rounding of the table never moves a class.
  const scale = input.lumens / total;
  const usefulFlux = directional ? fluxWithinCone(distribution, beam >= 90 ? 60 : 45) * scale : input.lumens;
  const kind = { directional, mains: input.mains };
  const efficacy = totalMainsEfficacy(usefulFlux, input.watts, kind);
  return {
    energyClass: energyClassOfEfficacy(efficacy),
    efficacy: Math.round(efficacy * 10) / 10,
    usefulFlux: Math.round(usefulFlux),
    directional,
    mains: input.mains,
    ftm: ftmOf(kind),
    kWhPer1000h: Math.ceil(input.watts - 1e-9),
  };
}

/** A catalogue model's technical data, as much as its rating needs (centimetres). */
export interface RatedModel {
  readonly model: string;
  readonly lumens: number;
  readonly watts: number;
  readonly beamAngle: number;
  readonly width: number;
  readonly depth: number;
}

const ratings = new Map<string, EnergyRating>();

/** The optics of a catalogue model: its longer plan dimension is its length. */
export function opticsOfModel(model: Omit<RatedModel, 'model' | 'watts'>): Optics {
  return { lumens: model.lumens, beamAngle: model.beamAngle, length: Math.max(model.width, model.depth), depth: Math.min(model.width, model.depth) };
}

/**
 * The rating of a catalogue model: its optics, its watts as Pon, non-mains when the model is fed by a
 * separate driver (it has entries in the driver catalogue). Memoised (the result depends only on the input).
 */
export function modelEnergyRating(model: RatedModel): EnergyRating {
  const mains = (DRIVER_CATALOGUE[model.model]?.length ?? 0) === 0;
  const key = `${model.model}|${model.lumens}|${model.watts}|${model.beamAngle}|${model.width}|${model.depth}|${mains}`;
  const known = ratings.get(key);
  if (known) return known;
  const rating = energyRating({ ...opticsOfModel(model), watts: model.watts, mains });
  if (ratings.size > 2000) ratings.clear();
  ratings.set(key, rating);
  return rating;
}

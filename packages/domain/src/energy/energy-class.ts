/**
 * The energy class of a light source by Commission Delegated Regulation (EU) 2019/2015, applied as
 * written (Annex I definitions, Annex II classes, Annex IX Pon):
 *
 *   ηTM = (Φuse / Pon) × FTM   (lm/W)
 *
 * - Mains light source (MLS): operates directly on the mains. Here: a luminaire whose driver is
 *   integral to the light source or built into the luminaire (the control codes 0, 1, 2, 3 of the
 *   catalogue): its Pon is the power taken from the mains, with the driver (the catalogue's
 *   `consumed_power`).
 * - Non-mains light source (NMLS): needs a separate control gear to run on the mains. Here: the
 *   luminaire made without a driver, fed by a remote one (control code M). Its Pon is the light
 *   source's own power without the control gear (the catalogue's `watts`); the FTM of an NMLS
 *   (< 1 for a non-directional one) accounts for the gear's losses.
 * - FTM (Annex II, Table 2): non-directional MLS 1.000, non-directional NMLS 0.926, directional MLS
 *   1.176, directional NMLS 1.089.
 * - Directional (DLS): at least 80 % of the flux within a solid angle of π sr (a 120° cone). Φuse is
 *   the whole flux of a non-directional source; for a directional one, the flux in the 120° cone when
 *   its beam is 90° or more, in the 90° cone below.
 * - Classes (Annex II, Table 1): A ≥ 210, B ≥ 185, C ≥ 160, D ≥ 135, E ≥ 110, F ≥ 85, G below.
 * - The label's weighted energy consumption in on-mode: Pon in kWh/1000 h, rounded up to an integer.
 */
import { DomainError } from '../catalogue/domain-error';
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
  /** A mains light source (MLS): operates on the mains without a separate control gear. */
  readonly mains: boolean;
}

/**
 * Where a luminaire's driver (control gear) is: `integral` to the light source (an LED engine or lamp
 * with its driver on board), `built-in` (inside the luminaire, part of the product placed on the
 * market) or `remote` (a separate control gear outside the luminaire, bought apart).
 */
export type DriverPlacement = 'integral' | 'built-in' | 'remote';

/** The control code of a luminaire made without a driver (its driver is remote), spec §3. */
export const REMOTE_DRIVER_CONTROL = 'M';

/** The driver's place for a control code of the catalogue: M (no driver) is remote, every other built in. */
export function driverPlacementOfControl(control: string): DriverPlacement {
  return control.trim().toUpperCase().startsWith(REMOTE_DRIVER_CONTROL) ? 'remote' : 'built-in';
}

/** A light source with its driver integral or built in runs on the mains; one fed by a remote driver does not. */
export function isMainsLightSource(placement: DriverPlacement): boolean {
  return placement !== 'remote';
}

/** A luminaire's two powers, W: its light source's (LED) and the input from the mains with the driver. */
export interface LuminairePower {
  readonly lightSourceWatts: number;
  readonly inputWatts: number;
}

/** Pon (Annex I/IX): with the driver for a mains light source, without the separate control gear for a non-mains one. */
export function onModePower(placement: DriverPlacement, power: LuminairePower): number {
  const watts = isMainsLightSource(placement) ? power.inputWatts : power.lightSourceWatts;
  if (!(Number.isFinite(watts) && watts > 0)) throw new DomainError('INVALID_INPUT', `On-mode power must be positive, not ${watts}`);
  return watts;
}

/** The label's weighted energy consumption in on-mode, kWh/1000 h: Pon rounded up to an integer. */
export function kWhPer1000Hours(onModePowerWatts: number): number {
  return Math.ceil(Math.round(onModePowerWatts * 1e6) / 1e6);
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
  /** ηTM, lm/W, 1 decimal. */
  readonly efficacy: number;
  /** Φuse, lm (whole). */
  readonly usefulFlux: number;
  readonly directional: boolean;
  /** A mains light source (MLS). */
  readonly mains: boolean;
  readonly placement: DriverPlacement;
  readonly ftm: number;
  /** Pon, W: with the driver for a mains light source, without the separate control gear otherwise. */
  readonly onModePower: number;
  /** Weighted energy consumption in on-mode, kWh/1000 h (Pon rounded up). */
  readonly kWhPer1000h: number;
}

/** Share of the flux within the 120° cone (π sr). */
export function fluxShareIn120Cone(distribution: CandelaDistribution): number {
  return fluxWithinCone(distribution, 60) / fluxWithinCone(distribution, 180);
}

/** What a rating needs: the optics, where the driver is and the two powers. */
export type RatingInput = Optics & LuminairePower & { readonly placement: DriverPlacement };

/** The light source's own distribution: its bell (and a linear one's blend), never the luminaire's aiming (a wall light's tilt). */
function lightSourceDistribution(input: Optics): CandelaDistribution {
  return candelaDistribution({ lumens: input.lumens, beamAngle: input.beamAngle, ...(input.length !== undefined ? { length: input.length } : {}), ...(input.depth !== undefined ? { depth: input.depth } : {}) });
}

/** The rating of a light source from its optics, its driver's place and its powers (Annex I, II, IX). */
export function energyRating(input: RatingInput, distribution: CandelaDistribution = lightSourceDistribution(input)): EnergyRating {
  const total = fluxWithinCone(distribution, 180);
  const directional = fluxWithinCone(distribution, 60) >= 0.8 * total;
  const beam = Math.min(distribution.beamAngle.c0, distribution.beamAngle.c90);
  // Scale the table's flux to the declared lumens, so the rounding of the table never moves a class.
  const scale = input.lumens / total;
  const usefulFlux = directional ? fluxWithinCone(distribution, beam >= 90 ? 60 : 45) * scale : input.lumens;
  const mains = isMainsLightSource(input.placement);
  const kind = { directional, mains };
  const pOn = onModePower(input.placement, input);
  const efficacy = totalMainsEfficacy(usefulFlux, pOn, kind);
  return {
    energyClass: energyClassOfEfficacy(efficacy),
    efficacy: Math.round(efficacy * 10) / 10,
    usefulFlux: Math.round(usefulFlux),
    directional,
    mains,
    placement: input.placement,
    ftm: ftmOf(kind),
    onModePower: pOn,
    kWhPer1000h: kWhPer1000Hours(pOn),
  };
}

/** A catalogue model's technical data, as much as its rating needs (centimetres, W). */
export interface RatedModel {
  readonly model: string;
  readonly lumens: number;
  /** The light source's (LED) power, W. */
  readonly watts: number;
  /** The luminaire's input power with its driver, W. */
  readonly consumed_power: number;
  readonly beamAngle: number;
  readonly width: number;
  readonly depth: number;
  /** The control code rated: M (remote driver) or one with the driver built in. */
  readonly control: string;
  /** The catalogue's category of the model (wall lights, linear…), for the shape of its distribution. */
  readonly categoryId?: number;
}

const ratings = new Map<string, EnergyRating>();

/** The optics of a catalogue model: its longer plan dimension is its length. */
export function opticsOfModel(model: Pick<RatedModel, 'lumens' | 'beamAngle' | 'width' | 'depth'>): Optics {
  return { lumens: model.lumens, beamAngle: model.beamAngle, length: Math.max(model.width, model.depth), depth: Math.min(model.width, model.depth) };
}

/**
 * The rating of a catalogue model in one control: mains with the driver built in (Pon = the input
 * power), non-mains with a remote driver (control M: Pon = the LED power). Memoised (the result
 * depends only on the input).
 */
export function modelEnergyRating(model: RatedModel): EnergyRating {
  const placement = driverPlacementOfControl(model.control);
  const key = `${model.model}|${model.lumens}|${model.watts}|${model.consumed_power}|${model.beamAngle}|${model.width}|${model.depth}|${model.categoryId ?? ''}|${placement}`;
  const known = ratings.get(key);
  if (known) return known;
  const rating = energyRating({ ...opticsOfModel(model), lightSourceWatts: model.watts, inputWatts: model.consumed_power, placement });
  if (ratings.size > 2000) ratings.clear();
  ratings.set(key, rating);
  return rating;
}

/** The control a model is rated in when no control is chosen: the first it offers (its base value). */
export function baseControlOf(options: Readonly<Partial<Record<string, { readonly control: readonly string[] }>>>): string {
  for (const catalogue of ['16', '21']) {
    const first = options[catalogue]?.control[0];
    if (first !== undefined) return first;
  }
  return '0';
}

/** The EPREL registration numbers of a model's light source, per driver placement it is sold in (catalogue data). */
export interface EprelRegistrations {
  readonly builtIn?: string;
  readonly remote?: string;
}

/** The registration of the light source as rated: the remote-driver one for a non-mains source, else the built-in one. */
export function eprelRegistrationOf(registrations: EprelRegistrations | undefined, placement: DriverPlacement): string | null {
  const number = placement === 'remote' ? registrations?.remote : registrations?.builtIn;
  return number !== undefined && /^\d{4,10}$/.test(number) ? number : null;
}

/** The EPREL public page a label's QR code points to (the database's QR address for a registration). */
export function eprelPublicUrl(registration: string): string {
  return `https://eprel.ec.europa.eu/qr/${registration}`;
}

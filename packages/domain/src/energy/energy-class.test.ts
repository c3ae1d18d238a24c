import { describe, expect, it } from 'vitest';
import { candelaDistribution, fluxWithinCone } from '../photometry/photometry';
import {
  baseControlOf,
  driverPlacementOfControl,
  ENERGY_LABEL_REGULATION,
  energyClassOfEfficacy,
  energyRating,
  fluxShareIn120Cone,
  ftmOf,
  isMainsLightSource,
  kWhPer1000Hours,
  modelEnergyRating,
  onModePower,
  totalMainsEfficacy,
} from './energy-class';

describe('EU 2019/2015 energy class', () => {
  it('reads the bands of Annex II table 1 at and around every bound', () => {
    const cases: Array<[number, string]> = [
      [250, 'A'],
      [210, 'A'],
      [209.99, 'B'],
      [185, 'B'],
      [184.99, 'C'],
      [160, 'C'],
      [159.99, 'D'],
      [135, 'D'],
      [134.99, 'E'],
      [110, 'E'],
      [109.99, 'F'],
      [85, 'F'],
      [84.99, 'G'],
      [0, 'G'],
    ];
    for (const [eta, expected] of cases) expect(energyClassOfEfficacy(eta), `ηTM ${eta}`).toBe(expected);
    expect(() => energyClassOfEfficacy(Number.NaN)).toThrow();
    expect(ENERGY_LABEL_REGULATION).toBe('2019/2015');
  });

  it('applies the FTM factors of the four kinds of light source', () => {
    expect(ftmOf({ directional: false, mains: true })).toBe(1);
    expect(ftmOf({ directional: false, mains: false })).toBe(0.926);
    expect(ftmOf({ directional: true, mains: true })).toBe(1.176);
    expect(ftmOf({ directional: true, mains: false })).toBe(1.089);
    // hand-made: 1,850 lm at 10 W non-directional mains = 185 → B; the same non-mains = 171.3 → C
    expect(energyClassOfEfficacy(totalMainsEfficacy(1850, 10, { directional: false, mains: true }))).toBe('B');
    expect(totalMainsEfficacy(1850, 10, { directional: false, mains: false })).toBeCloseTo(171.31, 2);
    expect(energyClassOfEfficacy(totalMainsEfficacy(1850, 10, { directional: false, mains: false }))).toBe('C');
    // 1,200 lm useful at 10 W directional mains = 141.1 → D; directional non-mains = 130.7 → E
    expect(energyClassOfEfficacy(totalMainsEfficacy(1200, 10, { directional: true, mains: true }))).toBe('D');
    expect(energyClassOfEfficacy(totalMainsEfficacy(1200, 10, { directional: true, mains: false }))).toBe('E');
    expect(() => totalMainsEfficacy(1000, 0, { directional: false, mains: true })).toThrow(/power/);
  });

  it('reads mains and non-mains from where the driver is, and takes Pon with the driver only for a mains light source', () => {
    expect(driverPlacementOfControl('0')).toBe('built-in');
    expect(driverPlacementOfControl('2')).toBe('built-in');
    expect(driverPlacementOfControl('M')).toBe('remote');
    expect(driverPlacementOfControl('m')).toBe('remote');
    expect(isMainsLightSource('integral')).toBe(true);
    expect(isMainsLightSource('built-in')).toBe(true);
    expect(isMainsLightSource('remote')).toBe(false);
    const power = { lightSourceWatts: 6.4, inputWatts: 7.2 };
    expect(onModePower('integral', power)).toBe(7.2);
    expect(onModePower('built-in', power)).toBe(7.2);
    expect(onModePower('remote', power)).toBe(6.4);
    expect(() => onModePower('remote', { lightSourceWatts: 0, inputWatts: 7.2 })).toThrow(/power/);
    expect(kWhPer1000Hours(7.2)).toBe(8);
    expect(kWhPer1000Hours(8)).toBe(8);
    expect(kWhPer1000Hours(8.0000000001)).toBe(8);
    expect(kWhPer1000Hours(8.01)).toBe(9);
  });

  // Hand cases (Annex II): ηTM = Φuse / Pon × FTM.
  it('rates wall light 4520 (driver built in) B: 1,350 lm / 7.2 W = 187.5 lm/W, 8 kWh/1000 h', () => {
    const input = { lumens: 1350, beamAngle: 110, lightSourceWatts: 6.4, inputWatts: 7.2 };
    const builtIn = energyRating({ ...input, placement: 'built-in' });
    expect(builtIn).toMatchObject({ directional: false, mains: true, ftm: 1, onModePower: 7.2, usefulFlux: 1350, efficacy: 187.5, energyClass: 'B', kWhPer1000h: 8 });
    // the same light source with its driver integral to it: still a mains light source
    expect(energyRating({ ...input, placement: 'integral' })).toMatchObject({ mains: true, onModePower: 7.2, efficacy: 187.5, energyClass: 'B', kWhPer1000h: 8 });
    // fed by a remote driver: NMLS, Pon 6.4 W without the gear, 1,350 / 6.4 × 0.926 = 195.3 lm/W, B, 7 kWh/1000 h
    expect(energyRating({ ...input, placement: 'remote' })).toMatchObject({ mains: false, ftm: 0.926, onModePower: 6.4, efficacy: 195.3, energyClass: 'B', kWhPer1000h: 7 });
    // through the catalogue model: control 0 (driver in the luminaire)
    expect(modelEnergyRating({ model: '4520', lumens: 1350, watts: 6.4, consumed_power: 7.2, beamAngle: 110, width: 13.5, depth: 12, control: '0' })).toMatchObject({ energyClass: 'B', efficacy: 187.5, kWhPer1000h: 8 });
  });

  it('rates pendant 7460 (remote driver only) as a non-mains light source: 1,340 / 20.7 × 0.926 = 59.9 lm/W, G, 21 kWh/1000 h', () => {
    const rating = modelEnergyRating({ model: '7460', lumens: 1340, watts: 20.7, consumed_power: 23.2, beamAngle: 360, width: 60, depth: 3.5, control: 'M' });
    expect(rating).toMatchObject({ directional: false, mains: false, placement: 'remote', ftm: 0.926, onModePower: 20.7, usefulFlux: 1340, efficacy: 59.9, energyClass: 'G', kWhPer1000h: 21 });
    // the base control of a model made only without a driver is M
    expect(baseControlOf({ '16': { control: ['M'] }, '21': { control: ['M'] } })).toBe('M');
    expect(baseControlOf({ '21': { control: ['0', '3', 'M'] } })).toBe('0');
  });

  it('rates a directional light source on and off the mains with the FTM of Table 2 (hand cases)', () => {
    // Φuse 900 lm (in the cone), Pon 5 W: 180 lm/W × 1.176 = 211.7 → A on the mains; × 1.089 = 196.0 → B not on the mains
    expect(totalMainsEfficacy(900, 5, { directional: true, mains: true })).toBeCloseTo(211.68, 2);
    expect(energyClassOfEfficacy(totalMainsEfficacy(900, 5, { directional: true, mains: true }))).toBe('A');
    expect(totalMainsEfficacy(900, 5, { directional: true, mains: false })).toBeCloseTo(196.02, 2);
    expect(energyClassOfEfficacy(totalMainsEfficacy(900, 5, { directional: true, mains: false }))).toBe('B');
    // a 36° spot of 1,000 lm, LED 6 W, 6.8 W with its driver: Φuse is the flux in the 90° cone
    const narrow = candelaDistribution({ lumens: 1000, beamAngle: 36 });
    const phi90 = (fluxWithinCone(narrow, 45) * 1000) / fluxWithinCone(narrow, 180);
    const spot = { lumens: 1000, beamAngle: 36, lightSourceWatts: 6, inputWatts: 6.8 };
    const builtIn = energyRating({ ...spot, placement: 'built-in' });
    expect(builtIn).toMatchObject({ directional: true, mains: true, ftm: 1.176, onModePower: 6.8, usefulFlux: Math.round(phi90), kWhPer1000h: 7 });
    expect(builtIn.efficacy).toBeCloseTo((phi90 / 6.8) * 1.176, 1);
    const remote = energyRating({ ...spot, placement: 'remote' });
    expect(remote).toMatchObject({ directional: true, mains: false, ftm: 1.089, onModePower: 6, kWhPer1000h: 6 });
    expect(remote.efficacy).toBeCloseTo((phi90 / 6) * 1.089, 1);
  });

  it('finds directional sources from the photometry (80 % in the 120° cone) and takes their useful flux in the cone', () => {
    const narrow = candelaDistribution({ lumens: 1000, beamAngle: 36 });
    expect(fluxShareIn120Cone(narrow)).toBeGreaterThan(0.8);
    const power = { lightSourceWatts: 6, inputWatts: 6 };
    const spot = energyRating({ lumens: 1000, beamAngle: 36, ...power, placement: 'remote' });
    expect(spot.directional).toBe(true);
    // beam < 90°: Φuse in the 90° cone
    expect(spot.usefulFlux).toBe(Math.round((fluxWithinCone(narrow, 45) * 1000) / fluxWithinCone(narrow, 180)));
    expect(spot.ftm).toBe(1.089);
    const wide = energyRating({ lumens: 1000, beamAngle: 110, ...power, placement: 'built-in' });
    expect(wide.directional).toBe(false);
    expect(wide.usefulFlux).toBe(1000);
    expect(wide.energyClass).toBe('C'); // 166.7 lm/W
    // the bell of a 90° beam keeps 79 % in the 120° cone (not directional), an 80° one 85 %
    expect(energyRating({ lumens: 1000, beamAngle: 90, ...power, placement: 'built-in' }).directional).toBe(false);
    expect(energyRating({ lumens: 1000, beamAngle: 80, ...power, placement: 'built-in' }).directional).toBe(true);
  });

  it('rounds the consumption up to whole kWh/1000 h', () => {
    expect(energyRating({ lumens: 800, beamAngle: 110, lightSourceWatts: 11, inputWatts: 12, placement: 'built-in' }).kWhPer1000h).toBe(12);
    expect(energyRating({ lumens: 800, beamAngle: 110, lightSourceWatts: 11, inputWatts: 12.1, placement: 'built-in' }).kWhPer1000h).toBe(13);
  });
});

import { describe, expect, it } from 'vitest';
import { candelaDistribution, fluxWithinCone } from '../photometry/photometry';
import { ENERGY_LABEL_REGULATION, energyClassOfEfficacy, energyRating, fluxShareIn120Cone, ftmOf, totalMainsEfficacy } from './energy-class';

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

  it('rates the demo pendant 7460 (1,340 lm at 20.7 W, 360°) class G, 21 kWh/1000 h', () => {
    const rating = energyRating({ lumens: 1340, watts: 20.7, beamAngle: 360, mains: true });
    expect(rating.directional).toBe(false);
    expect(rating.usefulFlux).toBe(1340);
    expect(rating.efficacy).toBeCloseTo(64.7, 1);
    expect(rating.energyClass).toBe('G');
    expect(rating.kWhPer1000h).toBe(21);
  });

  it('finds directional sources from the photometry (80 % in the 120° cone) and takes their useful flux in the cone', () => {
    const narrow = candelaDistribution({ lumens: 1000, beamAngle: 36 });
    expect(fluxShareIn120Cone(narrow)).toBeGreaterThan(0.8);
    const spot = energyRating({ lumens: 1000, watts: 6, beamAngle: 36, mains: false });
    expect(spot.directional).toBe(true);
    // beam < 90°: Φuse in the 90° cone
    expect(spot.usefulFlux).toBe(Math.round((fluxWithinCone(narrow, 45) * 1000) / fluxWithinCone(narrow, 180)));
    expect(spot.ftm).toBe(1.089);
    expect(spot.efficacy).toBeCloseTo(Math.round((spot.usefulFlux / 6) * 1.089 * 10) / 10, 0);
    const wide = energyRating({ lumens: 1000, watts: 6, beamAngle: 110, mains: true });
    expect(wide.directional).toBe(false);
    expect(wide.usefulFlux).toBe(1000);
    expect(wide.energyClass).toBe('C'); // 166.7 lm/W
    // the bell of a 90° beam keeps 79 % in the 120° cone (not directional), an 80° one 85 %
    expect(energyRating({ lumens: 1000, watts: 6, beamAngle: 90, mains: true }).directional).toBe(false);
    expect(energyRating({ lumens: 1000, watts: 6, beamAngle: 80, mains: true }).directional).toBe(true);
  });

  it('rounds the consumption up to whole kWh/1000 h', () => {
    expect(energyRating({ lumens: 800, watts: 12, beamAngle: 110, mains: true }).kWhPer1000h).toBe(12);
    expect(energyRating({ lumens: 800, watts: 12.1, beamAngle: 110, mains: true }).kWhPer1000h).toBe(13);
  });
});

import { FloatType } from 'three';
import { IESLoader } from 'three/examples/jsm/loaders/IESLoader.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { beamExponent, candelaDistribution, fluxWithinCone, intensityAt, polarCurve } from './photometry';
import { eulumdatSymmetry, type PhotometricHeader, writeEulumdat, writeIes } from './photometric-files';

const header: PhotometricHeader = {
  manufacturer: 'Lumen Pro',
  testLab: 'Lumen Pro photometric model',
  testNumber: '746005/M3_31 catalogue 2026.11',
  issueDate: '2026-11-24',
  catalogueNumber: '746005/M3_31',
  luminaire: 'Sticks pendant, Ø 3.5 cm',
  lamp: 'LED 3000 K CRI 90',
  colourTemperature: 3000,
  cri: 90,
  watts: 20.7,
  size: { length: 600, width: 35, height: 35 },
  opening: { length: 600, width: 35 },
  fileName: '746005.ldt',
};

/** A small EULUMDAT reader written from the format description (not from our writer). */
function readLdt(text: string) {
  const lines = text.split(/\r?\n/);
  const at = (n: number) => lines[n - 1] ?? '';
  const num = (n: number) => Number(at(n).trim());
  const isym = num(3);
  const nc = num(4);
  const ng = num(6);
  const lampSets = num(26);
  let cursor = 27;
  const lamps = [];
  for (let i = 0; i < lampSets; i++) {
    lamps.push({ count: num(cursor), type: at(cursor + 1), flux: num(cursor + 2), colour: at(cursor + 3), cri: at(cursor + 4), watts: num(cursor + 5) });
    cursor += 6;
  }
  const directRatios = Array.from({ length: 10 }, (_, i) => num(cursor + i));
  cursor += 10;
  const cAngles = Array.from({ length: nc }, (_, i) => num(cursor + i));
  cursor += nc;
  const gAngles = Array.from({ length: ng }, (_, i) => num(cursor + i));
  cursor += ng;
  const planes = isym === 0 ? nc : isym === 1 ? 1 : isym === 4 ? nc / 4 + 1 : nc / 2 + 1;
  const intensities: number[][] = [];
  for (let p = 0; p < planes; p++) {
    intensities.push(Array.from({ length: ng }, (_, i) => num(cursor + p * ng + i)));
  }
  cursor += planes * ng;
  const rest = lines.slice(cursor - 1).filter((line) => line.trim() !== '');
  return { isym, nc, ng, dc: num(5), dg: num(7), dff: num(22), lorl: num(23), factor: num(24), lamps, directRatios, cAngles, gAngles, intensities, rest, lines };
}

/** Flux (lm) of an LDT: cd/klm × lamp flux / 1000, zonal sum over γ bands, planes averaged over the circle. */
function ldtFlux(ldt: ReturnType<typeof readLdt>): number {
  const lampFlux = ldt.lamps.reduce((sum, lamp) => sum + lamp.flux, 0);
  const perPlane = ldt.intensities.map((row) => {
    let flux = 0;
    for (let i = 0; i < row.length - 1; i++) {
      const g1 = ((ldt.gAngles[i] ?? 0) * Math.PI) / 180;
      const g2 = ((ldt.gAngles[i + 1] ?? 0) * Math.PI) / 180;
      flux += (((row[i] ?? 0) + (row[i + 1] ?? 0)) / 2) * 2 * Math.PI * (Math.cos(g1) - Math.cos(g2));
    }
    return flux;
  });
  // Isym 4 keeps C0 … C90: the planes weigh like a trapezoid over the quadrant.
  const weights = perPlane.length === 1 ? [1] : perPlane.map((_, i) => (i === 0 || i === perPlane.length - 1 ? 0.5 : 1) / (perPlane.length - 1));
  return (perPlane.reduce((sum, flux, i) => sum + flux * (weights[i] ?? 0), 0) * ldt.factor * lampFlux) / 1000;
}

/** The IES through three's IESLoader (FloatType): relative intensities on a 1° grid, max = 1. */
function readIesWithThree(text: string) {
  const loader = new IESLoader();
  // The loader's texture type (HalfFloat by default) is not in its typings; Float keeps full precision.
  (loader as IESLoader & { type: number }).type = FloatType;
  const texture = loader.parse(text);
  const data = texture.image.data as Float32Array;
  const width = texture.image.height; // horizontal angles (1 or 360)
  return { data, planes: width, at: (gamma: number, plane = 0) => data[gamma + plane * 180] ?? Number.NaN };
}

/** The absolute peak of the IES candela block (the values after the angle lists). */
function iesNumbers(text: string) {
  const afterTilt = text.split(/\r?\n/).slice(text.split(/\r?\n/).findIndex((line) => line.startsWith('TILT=')) + 1);
  const numbers = afterTilt.join(' ').trim().split(/\s+/).map(Number);
  const [, , multiplier = 1, nv = 0, nh = 0] = numbers;
  const candela = numbers.slice(13 + nv + nh);
  return { nv, nh, multiplier, lumensPerLamp: numbers[1], watts: numbers[12], candela, peak: Math.max(...candela) * multiplier * (numbers[11] ?? 1) };
}

describe('candela distribution', () => {
  it('puts half the peak at half the beam angle and normalises to the lumens', () => {
    for (const beam of [24, 36, 60, 90, 110, 120, 200]) {
      const d = candelaDistribution({ lumens: 1340, beamAngle: beam });
      expect(d.symmetry).toBe('rotational');
      expect(intensityAt(d, beam / 2) / intensityAt(d, 0)).toBeCloseTo(0.5, 1);
      expect(Math.abs(fluxWithinCone(d, 180) / 1340 - 1)).toBeLessThan(0.01);
    }
  });

  it('is isotropic at 360° and linear luminaires are wider along their length', () => {
    const globe = candelaDistribution({ lumens: 1000, beamAngle: 360 });
    expect(beamExponent(360)).toBe(0);
    expect(intensityAt(globe, 0)).toBeCloseTo(intensityAt(globe, 180), 6);
    expect(intensityAt(globe, 0)).toBeCloseTo(1000 / (4 * Math.PI), 1);
    const linear = candelaDistribution({ lumens: 2120, beamAngle: 24, length: 150, depth: 4 });
    expect(linear.symmetry).toBe('quadrant');
    expect(linear.horizontalAngles).toEqual([0, 15, 30, 45, 60, 75, 90]);
    expect(intensityAt(linear, 20, 0)).toBeGreaterThan(intensityAt(linear, 20, 90));
    expect(intensityAt(linear, 20, 180)).toBeCloseTo(intensityAt(linear, 20, 0), 6);
    expect(Math.abs(fluxWithinCone(linear, 180) / 2120 - 1)).toBeLessThan(0.01);
  });

  it('is deterministic and refuses impossible optics', () => {
    expect(candelaDistribution({ lumens: 800, beamAngle: 36 })).toEqual(candelaDistribution({ lumens: 800, beamAngle: 36 }));
    expect(() => candelaDistribution({ lumens: 0, beamAngle: 36 })).toThrow(/flux/);
    expect(() => candelaDistribution({ lumens: 800, beamAngle: 0 })).toThrow(/Beam angle/);
    expect(() => candelaDistribution({ lumens: 800, beamAngle: 400 })).toThrow(/Beam angle/);
  });

  it('keeps the flux for any beam and size (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 5, max: 360 }), fc.integer({ min: 100, max: 20000 }), fc.boolean(), (beam, lumens, linear) => {
        const d = candelaDistribution({ lumens, beamAngle: beam, ...(linear ? { length: 120, depth: 5 } : {}) });
        expect(Math.abs(fluxWithinCone(d, 180) / lumens - 1)).toBeLessThan(0.01);
        expect(d.candela.flat().every((value) => value >= 0 && Number.isFinite(value))).toBe(true);
      }),
      { numRuns: 40 },
    );
  });

  it('draws a polar curve from −180° to 180° in cd/klm', () => {
    const d = candelaDistribution({ lumens: 2000, beamAngle: 60 });
    const curve = polarCurve(d, 'C0-C180');
    expect(curve[0]?.angle).toBe(-180);
    expect(curve.at(-1)?.angle).toBe(180);
    expect(curve.find((point) => point.angle === 0)?.cdPerKlm).toBeCloseTo((d.peak * 1000) / 2000, 1);
  });
});

describe('IES LM-63-2019', () => {
  const cases = [
    { name: 'round 60°', optics: { lumens: 1340, beamAngle: 60 } },
    { name: 'globe 360°', optics: { lumens: 1340, beamAngle: 360 } },
    { name: 'linear 24°', optics: { lumens: 2120, beamAngle: 24, length: 150, depth: 4 } },
  ];
  for (const { name, optics } of cases) {
    it(`parses in three's IESLoader and holds the flux (${name})`, () => {
      const d = candelaDistribution(optics);
      const text = writeIes(d, header);
      const lines = text.split('\r\n');
      expect(lines[0]).toBe('IESNA:LM-63-2019');
      for (const keyword of ['[TEST]', '[TESTLAB]', '[ISSUEDATE]', '[MANUFAC]']) expect(lines.some((line) => line.startsWith(`${keyword} `))).toBe(true);
      expect(lines.filter((line) => line === 'TILT=NONE')).toHaveLength(1);
      expect(lines.every((line) => line.length <= 256)).toBe(true);
      const ies = readIesWithThree(text);
      expect(ies.planes).toBe(d.horizontalAngles.length === 1 ? 1 : 360);
      expect(ies.at(0)).toBeCloseTo(1, 3);
      // The loader's shape is ours: relative intensity at 30° and, for linear, across vs along.
      expect(ies.at(30)).toBeCloseTo(intensityAt(d, 30) / d.peak, 2);
      if (d.horizontalAngles.length > 1) {
        expect(ies.at(20, 0)).toBeCloseTo(intensityAt(d, 20, 0) / d.peak, 2);
        expect(ies.at(20, 90)).toBeCloseTo(intensityAt(d, 20, 90) / d.peak, 2);
        expect(ies.at(20, 270)).toBeCloseTo(intensityAt(d, 20, 90) / d.peak, 2);
      }
      const numbers = iesNumbers(text);
      expect(numbers.lumensPerLamp).toBe(-1);
      expect(numbers.watts).toBe(20.7);
      expect(numbers.candela).toHaveLength(numbers.nv * numbers.nh);
    });
  }
});

describe('EULUMDAT', () => {
  it('has the 26-line header, the symmetry and plane counts, and the same flux as the IES within 1 %', () => {
    for (const optics of [
      { lumens: 1340, beamAngle: 60 },
      { lumens: 1630, beamAngle: 360 },
      { lumens: 2120, beamAngle: 24, length: 150, depth: 4 },
      { lumens: 3480, beamAngle: 110, length: 120, depth: 20 },
    ]) {
      const d = candelaDistribution(optics);
      const ldt = readLdt(writeEulumdat(d, header));
      expect(ldt.lines[0]).toBe('Lumen Pro');
      expect(ldt.isym).toBe(eulumdatSymmetry(d));
      expect([1, 4]).toContain(ldt.isym);
      expect(ldt.nc * ldt.dc).toBe(360);
      expect(ldt.ng).toBe(180 / ldt.dg + 1);
      expect(ldt.dg).toBe(optics.beamAngle < 30 ? 1 : 2.5);
      expect(ldt.cAngles[0]).toBe(0);
      expect(ldt.gAngles.at(-1)).toBe(180);
      expect(ldt.lamps).toEqual([{ count: 1, type: 'LED 3000 K CRI 90', flux: optics.lumens, colour: '3000 K', cri: '1A', watts: 20.7 }]);
      expect(ldt.lorl).toBe(100);
      expect(ldt.rest).toEqual([]);
      // direct ratios grow with the room index and stay ≤ 1
      for (let i = 1; i < 10; i++) expect(ldt.directRatios[i]).toBeGreaterThanOrEqual(ldt.directRatios[i - 1] ?? 0);
      expect(ldt.directRatios.every((ratio) => ratio >= 0 && ratio <= 1)).toBe(true);
      // every header line up to 26 is one field: no line holds the next one's value
      expect(ldt.lines.slice(0, 26).every((line) => line.length <= 78)).toBe(true);

      const flux = ldtFlux(ldt);
      expect(Math.abs(flux / optics.lumens - 1)).toBeLessThan(0.01);
      const iesText = writeIes(d, header);
      const ies = readIesWithThree(iesText);
      const peak = iesNumbers(iesText).peak;
      // IES flux from three's texture (1° grid) scaled by the file's peak candela.
      let iesFlux = 0;
      const planes = ies.planes;
      for (let plane = 0; plane < planes; plane++) {
        for (let g = 0; g < 179; g++) {
          const band = 2 * Math.PI * (Math.cos((g * Math.PI) / 179) - Math.cos(((g + 1) * Math.PI) / 179));
          iesFlux += ((ies.at(g, plane) + ies.at(g + 1, plane)) / 2) * band;
        }
      }
      iesFlux = (iesFlux / planes) * peak;
      expect(Math.abs(iesFlux / flux - 1)).toBeLessThan(0.01);
      // downward flux fraction: a down-light sends everything below the horizon, a globe half
      expect(ldt.dff).toBeCloseTo((100 * fluxWithinCone(d, 90)) / fluxWithinCone(d, 180), 0);
    }
  });
});

describe('distributions that follow the optic (issue 28 §2)', () => {
  it('throws a batwing across a linear luminaire, symmetric about both planes', () => {
    const d = candelaDistribution({ lumens: 1340, beamAngle: 110, length: 60, depth: 3.5, optic: 'linear' });
    expect(d.symmetry).toBe('quadrant');
    expect(d.horizontalAngles).toEqual([0, 15, 30, 45, 60, 75, 90]);
    // across the length (C90) the peak is off the nadir: a batwing
    const across = d.verticalAngles.map((gamma) => intensityAt(d, gamma, 90));
    const peakAt = d.verticalAngles[across.indexOf(Math.max(...across))] ?? 0;
    expect(peakAt).toBeGreaterThan(20);
    expect(intensityAt(d, peakAt, 90)).toBeGreaterThan(intensityAt(d, 0, 90) * 1.05);
    expect(intensityAt(d, 30, 270)).toBeCloseTo(intensityAt(d, 30, 90), 6);
    expect(Math.abs(fluxWithinCone(d, 180) / 1340 - 1)).toBeLessThan(0.01);
  });

  it('aims a wall light and a wall washer away from the wall, symmetric about C0–C180 only', () => {
    for (const [optic, beam] of [['wall', 110], ['wall', 24], ['washer', 60], ['wall', 360]] as const) {
      const d = candelaDistribution({ lumens: 1350, beamAngle: beam, optic });
      expect(d.symmetry).toBe('bilateral');
      expect(d.horizontalAngles[0]).toBe(0);
      expect(d.horizontalAngles.at(-1)).toBe(180);
      // more light in front (C0) than towards the wall (C180), the same left and right
      expect(intensityAt(d, 30, 0), `${optic} ${beam}`).toBeGreaterThan(intensityAt(d, 30, 180) * 1.5);
      expect(intensityAt(d, 40, 60)).toBeCloseTo(intensityAt(d, 40, 300), 6);
      expect(intensityAt(d, 60, 180)).toBeLessThan(intensityAt(d, 60, 0) * 0.2);
      expect(Math.abs(fluxWithinCone(d, 180) / 1350 - 1), `${optic} ${beam}`).toBeLessThan(0.01);
    }
  });

  it('keeps the flux of every optic for any beam (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 10, max: 360 }), fc.constantFrom('symmetric', 'linear', 'wall', 'washer'), (beam, optic) => {
        const d = candelaDistribution({ lumens: 1000, beamAngle: beam, length: 90, depth: 4, optic });
        expect(Math.abs(fluxWithinCone(d, 180) / 1000 - 1)).toBeLessThan(0.01);
      }),
      { numRuns: 30 },
    );
  });

  it('writes the symmetry the table has in the LDT and IES', () => {
    const wall = candelaDistribution({ lumens: 1350, beamAngle: 110, optic: 'wall' });
    const ldt = readLdt(writeEulumdat(wall, header));
    expect(ldt.isym).toBe(2);
    expect(num(ldt.lines[1])).toBe(3);
    expect(ldt.nc).toBe(72);
    expect(ldt.intensities).toHaveLength(37);
    expect(Math.abs(ldtFlux(ldt) / 1350 - 1)).toBeLessThan(0.01);
    const iesText = writeIes(wall, header);
    const ies = iesNumbers(iesText);
    expect(ies.nh).toBe(37);
    // three's IESLoader mirrors the C0–C180 half: more light in front than towards the wall
    const three = readIesWithThree(iesText);
    expect(three.planes).toBe(360);
    // the texture holds 180 γ values per C column (θ, 360 of them): index γ + C·180
    const at = (gamma: number, c: number) => three.at(gamma, c);
    expect(at(30, 0)).toBeGreaterThan(at(30, 180) * 1.5);
    expect(at(40, 60)).toBeCloseTo(at(40, 300), 3);
    expect(at(40, 60)).toBeGreaterThan(0);
    expect(ies.watts).toBe(20.7);
    const linear = candelaDistribution({ lumens: 1340, beamAngle: 110, length: 60, depth: 3.5, optic: 'linear' });
    const linearLdt = readLdt(writeEulumdat(linear, header));
    expect([linearLdt.isym, num(linearLdt.lines[1]), linearLdt.intensities.length]).toEqual([4, 2, 7]);
    const round = readLdt(writeEulumdat(candelaDistribution({ lumens: 1000, beamAngle: 60 }), header));
    expect([round.isym, num(round.lines[1]), round.intensities.length]).toEqual([1, 1, 1]);
  });

  it('spells text fields in ASCII: no character becomes "?"', () => {
    const named = { ...header, luminaire: 'Nómada floor lamp Ø 45 · 3000 K', testLab: 'Lærke Holm × Straße', catalogueNumber: '0820‘05’' };
    const ies = writeIes(candelaDistribution({ lumens: 1000, beamAngle: 60 }), named);
    const ldt = writeEulumdat(candelaDistribution({ lumens: 1000, beamAngle: 60 }), named);
    for (const text of [ies, ldt]) {
      expect(text).not.toContain('?');
      expect(/^[\x20-\x7e\r\n]*$/.test(text)).toBe(true);
    }
    expect(ies).toContain('[LUMINAIRE] Nomada floor lamp Dia. 45 - 3000 K');
    expect(ldt).toContain('Nomada floor lamp Dia. 45');
    expect(ies).toContain('Laerke Holm x Strasse');
  });
});

function num(line: string | undefined): number {
  return Number((line ?? '').trim());
}

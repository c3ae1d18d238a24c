/**
 * The photometric files of a luminaire, written from its candela table (pure text):
 * IES LM-63-2019 and EULUMDAT (.ldt). Both carry absolute photometry (LED luminaires: the lamp flux
 * is the luminaire flux, LORL 100 %).
 */
import type { CandelaDistribution } from './photometry';
import { fluxWithinCone, intensityAt } from './photometry';

export interface PhotometricHeader {
  /** [MANUFAC] / EULUMDAT company line. */
  readonly manufacturer: string;
  /** [TESTLAB]: who computed the file. */
  readonly testLab: string;
  /** [TEST]: the report number (the configured reference and the data version). */
  readonly testNumber: string;
  /** [ISSUEDATE], YYYY-MM-DD. */
  readonly issueDate: string;
  /** [LUMCAT]: the configured reference. */
  readonly catalogueNumber: string;
  /** [LUMINAIRE]: the model's description. */
  readonly luminaire: string;
  /** [LAMP]: e.g. "LED 3000 K CRI 90". */
  readonly lamp: string;
  readonly colourTemperature: number;
  readonly cri: number;
  /** The luminaire's input (circuit) power with its driver, W: what a lighting program counts (never the LED's alone). */
  readonly watts: number;
  /** Luminaire size, millimetres (length along C0, width along C90, height). */
  readonly size: { readonly length: number; readonly width: number; readonly height: number };
  /** Luminous opening, millimetres (width 0 for a round one of diameter `length`). */
  readonly opening: { readonly length: number; readonly width: number };
  /** The file name of the .ldt (line 11). */
  readonly fileName: string;
}

/** LM-63-2019 keeps lines to 256 characters; our keyword values stay well under. */
const MAX_LINE = 200;
/**
 * Text fields in ASCII, spelt so that nothing is lost (issue 28 §2): LM-63 files are ASCII and EULUMDAT
 * has no declared encoding, so Ø is written "Dia.", ° "deg", × "x", æ "ae" and so on; accented letters
 * lose their accent (Nómada → Nomada). A character with no spelling is dropped, never written "?".
 */
const ASCII_SPELLING: Readonly<Record<string, string>> = {
  Ø: 'Dia.',
  ø: 'dia.',
  '°': ' deg',
  '×': 'x',
  '·': '-',
  '–': '-',
  '—': '-',
  '‘': "'",
  '’': "'",
  '“': '"',
  '”': '"',
  '«': '"',
  '»': '"',
  Æ: 'AE',
  æ: 'ae',
  Œ: 'OE',
  œ: 'oe',
  ß: 'ss',
  Ł: 'L',
  ł: 'l',
  Đ: 'D',
  đ: 'd',
  µ: 'u',
  '€': 'EUR',
  '\u00a0': ' ',
  '\u202f': ' ',
};
export function asciiText(text: string): string {
  return text
    .replace(/[\r\n]+/g, ' ')
    .replace(/[^\x20-\x7e]/g, (char) => ASCII_SPELLING[char] ?? char.normalize('NFD').replace(/[^\x20-\x7e]/g, ''))
    .replace(/ {2,}/g, ' ');
}
const clean = (text: string) => asciiText(text).slice(0, MAX_LINE).trim();

function numberList(values: readonly number[], perLine = 10, digits = 3): string[] {
  const lines: string[] = [];
  for (let i = 0; i < values.length; i += perLine) {
    lines.push(
      values
        .slice(i, i + perLine)
        .map((value) => format(value, digits))
        .join(' '),
    );
  }
  return lines;
}

function format(value: number, digits: number): string {
  const fixed = value.toFixed(digits);
  return fixed.includes('.') ? fixed.replace(/0+$/, '').replace(/\.$/, '') : fixed;
}

/**
 * IES LM-63-2019: the keywords [TEST] [TESTLAB] [ISSUEDATE] [MANUFAC] (required) and [LUMCAT]
 * [LUMINAIRE] [LAMP] [OTHER], TILT=NONE, absolute photometry (lumens per lamp −1), type C, metres,
 * ballast factor 1, file generation type 1.00010 (computer simulation), the input watts, then the
 * angles and the candela values, each list starting on its own line.
 */
export function writeIes(distribution: CandelaDistribution, header: PhotometricHeader): string {
  const metres = (mm: number) => format(mm / 1000, 4);
  const round = header.opening.width === 0;
  const lines = [
    'IESNA:LM-63-2019',
    `[TEST] ${clean(header.testNumber)}`,
    `[TESTLAB] ${clean(header.testLab)}`,
    `[ISSUEDATE] ${header.issueDate}`,
    `[MANUFAC] ${clean(header.manufacturer)}`,
    `[LUMCAT] ${clean(header.catalogueNumber)}`,
    `[LUMINAIRE] ${clean(header.luminaire)}`,
    `[LAMP] ${clean(header.lamp)}`,
    `[OTHER] Computed from the luminaire's optics (flux, beam angle ${format(distribution.beamAngle.c90, 1)} deg); absolute photometry`,
    'TILT=NONE',
    // lamps, lumens/lamp (−1 absolute), multiplier, vertical angles, horizontal angles, photometric type C (1), units metres (2), width, length, height
    // (a round opening is a negative width/length per LM-63-2019 §5.10)
    [
      1,
      -1,
      1,
      distribution.verticalAngles.length,
      distribution.horizontalAngles.length,
      1,
      2,
      round ? `-${metres(header.opening.length)}` : metres(header.opening.width),
      round ? `-${metres(header.opening.length)}` : metres(header.opening.length),
      metres(0),
    ].join(' '),
    `1 1.00010 ${format(header.watts, 2)}`,
    ...numberList(distribution.verticalAngles, 10, 2),
    // LM-63 type C symmetry by the last horizontal angle: 0 full, 90 both planes, 180 about the 0–180 plane
    ...numberList(distribution.horizontalAngles, 10, 2),
    ...distribution.candela.flatMap((row) => numberList(row, 10, 3)),
  ];
  return `${lines.join('\r\n')}\r\n`;
}

/** Room indices k of the EULUMDAT direct ratios (line 27). */
export const ROOM_INDICES = [0.6, 0.8, 1, 1.25, 1.5, 2, 2.5, 3, 4, 5] as const;

/**
 * The direct ratio for a room index: the share of the luminaire's flux that falls straight on the
 * working plane of a square room of index k (side 2k·h) from a luminaire at its centre, h above the
 * plane (a single-luminaire reading of the CIE 52 ratio; documented in the api README).
 */
export function directRatio(distribution: CandelaDistribution, roomIndex: number): number {
  const half = roomIndex; // side 2k·h with h = 1: half side k
  const steps = 120;
  let flux = 0;
  // Integrate E over the square: E = I(γ, C) cos³γ / h² on the plane (h = 1).
  const d = (2 * half) / steps;
  for (let i = 0; i < steps; i++) {
    for (let j = 0; j < steps; j++) {
      const x = -half + (i + 0.5) * d;
      const y = -half + (j + 0.5) * d;
      const r = Math.hypot(x, y);
      const gamma = (Math.atan(r) * 180) / Math.PI;
      const c = (Math.atan2(y, x) * 180) / Math.PI;
      const cos = 1 / Math.sqrt(1 + r * r);
      flux += intensityAt(distribution, gamma, c) * cos * cos * cos * d * d;
    }
  }
  return Math.min(1, flux / distribution.lumens);
}


/** The EULUMDAT symmetry indicator: 1 about the vertical axis, 2 about the C0–C180 plane, 4 about the C0–C180 and C90–C270 planes. */
export function eulumdatSymmetry(distribution: CandelaDistribution): 1 | 2 | 4 {
  return distribution.symmetry === 'rotational' ? 1 : distribution.symmetry === 'bilateral' ? 2 : 4;
}

/** EULUMDAT Ityp: 1 point source with symmetry about the vertical axis, 2 linear, 3 point source with any other symmetry. */
export function eulumdatType(distribution: CandelaDistribution): 1 | 2 | 3 {
  return distribution.symmetry === 'rotational' ? 1 : distribution.symmetry === 'quadrant' ? 2 : 3;
}

/**
 * EULUMDAT: the 26-line header (company, type, symmetry, plane counts and steps, report, names,
 * dimensions, DFF, LORL, conversion factor, tilt, lamp sets), one lamp set (lines 26a–f), the ten
 * direct ratios, the C and γ angles, then the intensities in cd/klm of the planes the symmetry keeps
 * (1 plane for Isym 1; C0 … C180 for Isym 2; C0 … C90 for Isym 4), one value a line, CRLF. Line 26f
 * is the lamp set's wattage including the control gear: the luminaire's input watts.
 */
export function writeEulumdat(distribution: CandelaDistribution, header: PhotometricHeader): string {
  const isym = eulumdatSymmetry(distribution);
  const nc = isym === 1 ? 24 : 360 / (distribution.horizontalAngles[1] ?? 15);
  // the planes stored: 1 (Isym 1), C0 … C180 (Isym 2), C0 … C90 (Isym 4): exactly the table's
  const dc = 360 / nc;
  const ng = distribution.verticalAngles.length;
  const dg = distribution.verticalAngles[1] ?? 2.5;
  const down = fluxWithinCone(distribution, 90);
  const total = fluxWithinCone(distribution, 180);
  const dff = (100 * down) / total;
  const perKlm = 1000 / distribution.lumens;
  const line = (text: string, max = 78) => clean(text).slice(0, max);
  const cAngles = Array.from({ length: nc }, (_, i) => i * dc);
  const stored = isym === 1 ? [distribution.candela[0] ?? []] : distribution.candela;
  const lines = [
    line(header.manufacturer),
    String(eulumdatType(distribution)),
    String(isym),
    String(nc),
    format(dc, 2),
    String(ng),
    format(dg, 2),
    line(header.testNumber),
    line(header.luminaire),
    line(header.catalogueNumber),
    line(header.fileName, 8 + 4),
    line(`${header.issueDate} ${header.testLab}`),
    format(header.size.length, 0),
    format(header.size.width, 0),
    format(header.size.height, 0),
    format(header.opening.length, 0),
    format(header.opening.width, 0),
    '0',
    '0',
    '0',
    '0',
    format(dff, 1),
    '100',
    '1',
    '0',
    '1',
    // lamp set 26a–f: number of lamps, type, total flux, colour temperature, CRI group, watts with control gear
    '1',
    line(header.lamp, 24),
    format(distribution.lumens, 0),
    `${header.colourTemperature} K`,
    String(criGroup(header.cri)),
    format(header.watts, 1),
    ...ROOM_INDICES.map((k) => format(directRatio(distribution, k), 3)),
    ...cAngles.map((c) => format(c, 1)),
    ...distribution.verticalAngles.map((g) => format(g, 1)),
    ...stored.flatMap((row) => row.map((value) => format(value * perKlm, 2))),
  ];
  return `${lines.join('\r\n')}\r\n`;
}

/** CIE colour rendering groups: 1A ≥ 90, 1B ≥ 80, 2A ≥ 70, 2B ≥ 60, 3 ≥ 40, 4 below (written 1A … 4). */
function criGroup(cri: number): string {
  if (cri >= 90) return '1A';
  if (cri >= 80) return '1B';
  if (cri >= 70) return '2A';
  if (cri >= 60) return '2B';
  if (cri >= 40) return '3';
  return '4';
}

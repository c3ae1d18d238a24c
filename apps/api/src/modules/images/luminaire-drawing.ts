/**
 * The catalogue's pictures: a luminaire drawn as a clean side view from its own type (lamp-type
 * category and where it is mounted) and dimensions, in the colour of a finish. Pure: the same
 * input gives the same SVG, so the answer can be cached and compared by its ETag.
 */
import { shapeOf } from '@lumen/domain';

/** What a drawing is made from (the model's catalogue data and a finish's swatch colour). */
export interface LuminaireDrawingInput {
  /** Lamp-type category (17 wall … 28 floor and wall). */
  category: number;
  /** Application (1 indoor, 2 outdoor, 3 bathroom) and location (1 ceiling, 2 wall, 3 floor, 4 table, 5 suspended, 6 track). */
  applicationId: number;
  locationId: number;
  /** Centimetres. */
  width: number;
  height: number;
  depth: number;
  /** Heads of a cluster, spotlights of a track. */
  lightSources?: number;
  /** Degrees. */
  beamAngle?: number;
  /** The finish's colour, #rrggbb. */
  colour: string;
}

const APPLICATION = { outdoor: 2, bathroom: 3 } as const;

// The shape a model is drawn as is the one luminaire geometry's (packages/domain, issue 28 §4).
export { shapeOf, type LuminaireShape } from '@lumen/domain';

// ------------------------------------------------------------------------------------------------
// Colours
// ------------------------------------------------------------------------------------------------

const FALLBACK_COLOUR = '#b5b8bb';
const LIGHT = '#fff2c6';
const CABLE = '#3b3b3b';

function channels(hex: string): [number, number, number] {
  const value = /^#([0-9a-f]{6})$/i.exec(hex)?.[1] ?? FALLBACK_COLOUR.slice(1);
  return [0, 2, 4].map((at) => Number.parseInt(value.slice(at, at + 2), 16)) as [number, number, number];
}

/** The colour moved toward white (amount > 0) or black (amount < 0). */
function tint(hex: string, amount: number): string {
  const target = amount > 0 ? 255 : 0;
  const share = Math.abs(amount);
  return `#${channels(hex)
    .map((channel) => Math.round(channel + (target - channel) * share).toString(16).padStart(2, '0'))
    .join('')}`;
}

// ------------------------------------------------------------------------------------------------
// Drawing helpers (a 400 × 300 frame)
// ------------------------------------------------------------------------------------------------

const W = 400;
const H = 300;
const CX = W / 2;

const n = (value: number): string => (Math.round(value * 10) / 10).toString();
const clamp = (value: number, min: number, max: number): number => Math.min(max, Math.max(min, value));

/** The finish's surfaces: a body gradient (lit from the left) and its outline. */
const BODY = 'url(#finish)';
const EDGE = (colour: string) => tint(colour, -0.35);

function rect(x: number, y: number, width: number, height: number, fill: string, extra = ''): string {
  return `<rect x="${n(x)}" y="${n(y)}" width="${n(Math.max(0.5, width))}" height="${n(Math.max(0.5, height))}" fill="${fill}"${extra}/>`;
}

function body(colour: string): string {
  return ` stroke="${EDGE(colour)}" stroke-width="1"`;
}

function cable(x1: number, y1: number, x2: number, y2: number): string {
  return `<line x1="${n(x1)}" y1="${n(y1)}" x2="${n(x2)}" y2="${n(y2)}" stroke="${CABLE}" stroke-width="1.4"/>`;
}

/** A beam of light spreading down from a source of the given width. */
function beamDown(cx: number, top: number, width: number, bottom: number, spread: number): string {
  const half = width / 2;
  return `<path d="M${n(cx - half)} ${n(top)} L${n(cx + half)} ${n(top)} L${n(cx + half + spread)} ${n(bottom)} L${n(cx - half - spread)} ${n(bottom)} Z" fill="url(#beam)"/>`;
}

function pool(cx: number, cy: number, rx: number): string {
  return `<ellipse cx="${n(cx)}" cy="${n(cy)}" rx="${n(rx)}" ry="${n(Math.max(6, rx * 0.09))}" fill="url(#glow)"/>`;
}

function ceilingBand(): string {
  return `${rect(0, 0, W, 14, '#e6e6e4')}<line x1="0" y1="14" x2="${W}" y2="14" stroke="#d2d2cf"/>`;
}

function floorBand(top: number, fill = '#e6e6e4'): string {
  return `${rect(0, top, W, H - top, fill)}<line x1="0" y1="${n(top)}" x2="${W}" y2="${n(top)}" stroke="#d2d2cf"/>`;
}

function wallBand(right: number, fill = '#e6e6e4'): string {
  return `${rect(0, 0, right, H, fill)}<line x1="${n(right)}" y1="0" x2="${n(right)}" y2="${H}" stroke="#d2d2cf"/>`;
}

/** A shade seen from the side, from its top centre down to its lit rim: disc, dome or drum by proportion. */
function shade(cx: number, top: number, width: number, height: number, colour: string): string {
  const half = width / 2;
  const bottom = top + height;
  const rim = `<ellipse cx="${n(cx)}" cy="${n(bottom)}" rx="${n(half * 0.94)}" ry="${n(clamp(width * 0.045, 1.5, 7))}" fill="${LIGHT}"/>`;
  const ratio = height / Math.max(1, width);
  if (ratio < 0.2) {
    return `${rect(cx - half, top, width, height, BODY, `${body(colour)} rx="${n(Math.min(height / 2, 6))}"`)}${rim}`;
  }
  if (ratio < 0.75) {
    const d = `M${n(cx - half)} ${n(bottom)} C${n(cx - half)} ${n(top + height * 0.3)} ${n(cx - width * 0.24)} ${n(top)} ${n(cx)} ${n(top)} C${n(cx + width * 0.24)} ${n(top)} ${n(cx + half)} ${n(top + height * 0.3)} ${n(cx + half)} ${n(bottom)} Z`;
    return `<path d="${d}" fill="${BODY}"${body(colour)}/>${rim}`;
  }
  const topHalf = half * 0.82;
  const d = `M${n(cx - topHalf)} ${n(top + 4)} Q${n(cx - topHalf)} ${n(top)} ${n(cx - topHalf + 4)} ${n(top)} L${n(cx + topHalf - 4)} ${n(top)} Q${n(cx + topHalf)} ${n(top)} ${n(cx + topHalf)} ${n(top + 4)} L${n(cx + half)} ${n(bottom)} L${n(cx - half)} ${n(bottom)} Z`;
  return `<path d="${d}" fill="${BODY}"${body(colour)}/>${rim}`;
}

function canopy(cx: number, width: number, colour: string): string {
  return rect(cx - width / 2, 14, width, 6, BODY, `${body(colour)} rx="2"`);
}

// ------------------------------------------------------------------------------------------------
// The shapes
// ------------------------------------------------------------------------------------------------

const HEAD_DROPS = [0.1, 0.55, 0.25, 0.8, 0.4, 0.95, 0.15, 0.65, 0.35];

function pendant(input: LuminaireDrawingInput): string {
  const { width, height, colour } = input;
  const heads = input.lightSources ?? 1;
  if (heads > 1) {
    const s = Math.min(300 / width, 6);
    const spread = width * s;
    const size = Math.min(height * 1.1 * s, (spread / heads) * 1.25, 90);
    const lowest = 225 - size * 0.6;
    let out = pool(CX, 272, spread * 0.6) + rect(CX - spread / 2 - 8, 14, spread + 16, 7, BODY, `${body(colour)} rx="3"`);
    for (let index = 0; index < heads; index += 1) {
      const x = CX - spread / 2 + (spread * (index + 0.5)) / heads;
      const top = lowest - (HEAD_DROPS[index % HEAD_DROPS.length] ?? 0) * (lowest - 70);
      out += cable(x, 21, x, top) + beamDown(x, top + size * 0.6, size * 0.8, top + size * 0.6 + 60, 14) + shade(x, top, size, size * 0.6, colour);
    }
    return out;
  }
  const s = Math.min(290 / width, 140 / height, 6);
  const w = width * s;
  const h = Math.max(5, height * s);
  if (width >= 40 && width >= height * 6) {
    // A linear pendant: a bar on two cables.
    const y = 140;
    const left = CX - w / 2;
    return (
      beamDown(CX, y + h, w, 272, 36) +
      pool(CX, 272, w * 0.6 + 30) +
      canopy(left + w * 0.1, 22, colour) +
      canopy(left + w * 0.9, 22, colour) +
      cable(left + w * 0.1, 20, left + w * 0.1, y) +
      cable(left + w * 0.9, 20, left + w * 0.9, y) +
      rect(left, y, w, h, BODY, `${body(colour)} rx="${n(Math.min(h / 2, 4))}"`) +
      rect(left + 2, y + h - 2, w - 4, 2, LIGHT)
    );
  }
  const bottom = 205;
  const top = bottom - h;
  return (
    beamDown(CX, bottom, w * 0.9, 272, 28) +
    pool(CX, 272, w * 0.55 + 20) +
    canopy(CX, clamp(12 * s, 26, 60), colour) +
    cable(CX, 20, CX, top) +
    shade(CX, top, w, h, colour)
  );
}

function ceiling(input: LuminaireDrawingInput): string {
  const { width, height, colour } = input;
  const s = Math.min(260 / width, 90 / height, 6);
  const w = width * s;
  const h = Math.max(5, height * s);
  const top = 14;
  const bottom = top + h;
  const lit = `<ellipse cx="${CX}" cy="${n(bottom)}" rx="${n(w / 2 - 2)}" ry="${n(clamp(w * 0.04, 2, 7))}" fill="${LIGHT}"/>`;
  const radius = Math.min(h * 0.45, w * 0.2, 14);
  const d = `M${n(CX - w / 2)} ${n(top)} L${n(CX + w / 2)} ${n(top)} L${n(CX + w / 2)} ${n(bottom - radius)} Q${n(CX + w / 2)} ${n(bottom)} ${n(CX + w / 2 - radius)} ${n(bottom)} L${n(CX - w / 2 + radius)} ${n(bottom)} Q${n(CX - w / 2)} ${n(bottom)} ${n(CX - w / 2)} ${n(bottom - radius)} Z`;
  return ceilingBand() + beamDown(CX, bottom, w * 0.9, 272, 24) + pool(CX, 272, w * 0.55 + 30) + `<path d="${d}" fill="${BODY}"${body(colour)}/>` + lit;
}

function wall(input: LuminaireDrawingInput, outdoor: boolean): string {
  const { colour } = input;
  // A luminaire of the ceiling kinds (a disc, a shell) lies flat on the wall: its diameter stands, its height projects.
  const flat = input.category === 21 || input.category === 27;
  const height = flat ? input.width : input.height;
  const depth = flat ? input.height : input.depth;
  const s = Math.min(200 / depth, 190 / height, 8);
  const d = depth * s;
  const h = height * s;
  const face = 120;
  const cy = 140;
  const top = cy - h / 2;
  const bottom = cy + h / 2;
  const plate = rect(face, cy - h * 0.32, 5, h * 0.64, BODY, body(colour));
  const washes =
    `<rect x="${face - 46}" y="${n(top - 70)}" width="46" height="70" fill="url(#washUp)"/>` +
    `<rect x="${face - 46}" y="${n(bottom)}" width="46" height="80" fill="url(#washDown)"/>`;
  const x0 = face + 5;
  let shape: string;
  if (outdoor) {
    // A cast lantern: a body with a lit glass front and a cap, light thrown down.
    const glass = h * 0.45;
    shape =
      beamDown(x0 + d / 2, bottom, d * 0.8, 262, 30) +
      rect(x0, top, d, h, BODY, `${body(colour)} rx="3"`) +
      rect(x0 + d * 0.12, bottom - glass - h * 0.08, d * 0.76, glass, LIGHT, ' rx="2"') +
      rect(x0 - 2, top - 4, d + 6, 6, BODY, `${body(colour)} rx="2"`);
  } else if (height / Math.max(1, depth) >= 1.4) {
    // A slim upright body open at top and bottom.
    const r = Math.min(d / 2, 10);
    shape =
      `<path d="M${n(x0)} ${n(top)} L${n(x0 + d - r)} ${n(top)} Q${n(x0 + d)} ${n(top)} ${n(x0 + d)} ${n(top + r)} L${n(x0 + d)} ${n(bottom - r)} Q${n(x0 + d)} ${n(bottom)} ${n(x0 + d - r)} ${n(bottom)} L${n(x0)} ${n(bottom)} Z" fill="${BODY}"${body(colour)}/>` +
      rect(x0 + 2, top - 1.5, d - 4, 2.5, LIGHT) +
      rect(x0 + 2, bottom - 1, d - 4, 2.5, LIGHT);
  } else {
    // A half shell facing the room.
    shape =
      `<path d="M${n(x0)} ${n(top)} A${n(d)} ${n(h / 2)} 0 0 1 ${n(x0)} ${n(bottom)} Z" fill="${BODY}"${body(colour)}/>` +
      rect(x0 - 1, top + 2, 3, h - 4, LIGHT);
  }
  const ground = outdoor ? floorBand(262, '#dcdfd8') : '';
  return ground + wallBand(face, outdoor ? '#dadcdf' : '#e6e6e4') + washes + plate + shape;
}

function bathroom(input: LuminaireDrawingInput): string {
  const { width, height, colour } = input;
  const s = Math.min(320 / width, 6);
  const w = width * s;
  const h = Math.max(10, height * s);
  const y = 70;
  const mirrorWidth = Math.max(w * 1.05, 150);
  const mirrorTop = y + h + 18;
  const mirror =
    rect(CX - mirrorWidth / 2, mirrorTop, mirrorWidth, H - mirrorTop + 8, 'url(#mirror)', ' rx="6" stroke="#b9c6cc"') +
    `<path d="M${n(CX - mirrorWidth * 0.3)} ${n(mirrorTop + 10)} l-40 70 h14 l40 -70 Z" fill="#ffffff" opacity="0.45"/>`;
  return (
    `<ellipse cx="${CX}" cy="${n(y + h / 2)}" rx="${n(w / 2 + 50)}" ry="${n(h + 34)}" fill="url(#glow)"/>` +
    mirror +
    rect(CX - w / 2, y, w, h, BODY, `${body(colour)} rx="${n(Math.min(h / 2, 5))}"`) +
    rect(CX - w / 2 + 4, y + h * 0.35, w - 8, h * 0.5, LIGHT, ' rx="2"')
  );
}

function wallPendant(input: LuminaireDrawingInput): string {
  const { width, height, depth, colour } = input;
  const s = Math.min(250 / depth, 230 / height, 5);
  const reach = depth * s;
  const drop = height * s;
  const size = width * s;
  const face = 60;
  const armY = 40;
  const x = face + reach;
  const shadeTop = armY + drop - size * 1.15;
  const glass = `<path d="M${n(x)} ${n(shadeTop)} C${n(x + size * 0.12)} ${n(shadeTop + size * 0.35)} ${n(x + size / 2)} ${n(shadeTop + size * 0.5)} ${n(x + size / 2)} ${n(shadeTop + size * 0.8)} A${n(size / 2)} ${n(size * 0.35)} 0 0 1 ${n(x - size / 2)} ${n(shadeTop + size * 0.8)} C${n(x - size / 2)} ${n(shadeTop + size * 0.5)} ${n(x - size * 0.12)} ${n(shadeTop + size * 0.35)} ${n(x)} ${n(shadeTop)} Z" fill="url(#glass)" stroke="#e2cf97"/>`;
  return (
    wallBand(face) +
    pool(x, 272, size + 30) +
    rect(face, armY - 14, 7, 34, BODY, body(colour)) +
    rect(face + 7, armY - 2.5, reach, 5, BODY, `${body(colour)} rx="2"`) +
    cable(x, armY + 2, x, shadeTop) +
    glass +
    rect(x - size * 0.09, shadeTop - 7, size * 0.18, 9, BODY, `${body(colour)} rx="2"`)
  );
}

function floor(input: LuminaireDrawingInput): string {
  const { width, height, colour } = input;
  const s = Math.min(245 / height, 260 / width, 6);
  const w = width * s;
  const h = height * s;
  const ground = 272;
  const shadeHeight = Math.min(h * 0.28, w * 0.75);
  const top = ground - h;
  const base = Math.max(w * 0.55, 36);
  const shadeBody = `<path d="M${n(CX - w * 0.36)} ${n(top)} L${n(CX + w * 0.36)} ${n(top)} L${n(CX + w / 2)} ${n(top + shadeHeight)} L${n(CX - w / 2)} ${n(top + shadeHeight)} Z" fill="${BODY}"${body(colour)}/>`;
  return (
    floorBand(ground) +
    beamDown(CX, top + shadeHeight, w * 0.9, ground, 30) +
    `<ellipse cx="${CX}" cy="${n(top)}" rx="${n(w * 0.5)}" ry="16" fill="url(#glow)"/>` +
    rect(CX - 2.5, top + shadeHeight, 5, h - shadeHeight - 4, BODY, body(colour)) +
    `<ellipse cx="${CX}" cy="${n(ground - 3)}" rx="${n(base / 2)}" ry="5" fill="${BODY}"${body(colour)}/>` +
    shadeBody +
    `<ellipse cx="${CX}" cy="${n(top + shadeHeight)}" rx="${n(w / 2 - 2)}" ry="3" fill="${LIGHT}"/>`
  );
}

function table(input: LuminaireDrawingInput): string {
  const { width, height, colour } = input;
  const s = Math.min(200 / height, 280 / width, 8);
  const w = width * s;
  const h = height * s;
  const surface = 250;
  const shadeHeight = h * 0.42;
  const top = surface - h;
  const base = Math.max(w * 0.42, 30);
  return (
    rect(20, surface, W - 40, 10, '#ddd9d2', ' rx="2"') +
    rect(34, surface + 10, W - 68, H, '#e9e6e1') +
    pool(CX, surface, w * 0.7) +
    rect(CX - 3, top + shadeHeight * 0.7, 6, h - shadeHeight * 0.7 - 6, BODY, body(colour)) +
    `<ellipse cx="${CX}" cy="${n(surface - 4)}" rx="${n(base / 2)}" ry="5" fill="${BODY}"${body(colour)}/>` +
    shade(CX, top, w, shadeHeight, colour)
  );
}

function track(input: LuminaireDrawingInput): string {
  const { width, height, colour } = input;
  const spots = input.lightSources ?? 1;
  const onTrack = spots > 1;
  const s = onTrack ? Math.min(340 / width, 6) : Math.min(150 / height, 9);
  const railLength = onTrack ? width * s : 180;
  const length = height * s;
  const diameter = (onTrack ? height * 0.5 : input.width) * s;
  const spread = clamp((input.beamAngle ?? 36) / 2, 8, 40);
  let out = ceilingBand() + rect(CX - railLength / 2, 14, railLength, 9, BODY, `${body(colour)} rx="1.5"`);
  for (let index = 0; index < spots; index += 1) {
    const x = onTrack ? CX - railLength / 2 + (railLength * (index + 0.5)) / spots : CX;
    const tilt = onTrack ? (index % 2 === 0 ? -18 : 18) : -20;
    const joint = 23 + diameter * 0.45;
    const beamLength = 250 - joint - length;
    const beamHalf = diameter / 2 + Math.tan((spread * Math.PI) / 180) * beamLength;
    out +=
      rect(x - diameter * 0.35, 23, diameter * 0.7, diameter * 0.4, BODY, `${body(colour)} rx="1.5"`) +
      `<g transform="rotate(${tilt} ${n(x)} ${n(joint)})">` +
      `<path d="M${n(x - diameter / 2)} ${n(joint + length)} L${n(x + diameter / 2)} ${n(joint + length)} L${n(x + beamHalf)} ${n(joint + length + beamLength)} L${n(x - beamHalf)} ${n(joint + length + beamLength)} Z" fill="url(#beam)"/>` +
      rect(x - diameter / 2, joint, diameter, length, BODY, `${body(colour)} rx="${n(Math.min(diameter * 0.2, 4))}"`) +
      rect(x - diameter / 2 + 2, joint + length - 2.5, diameter - 4, 2.5, LIGHT) +
      `<circle cx="${n(x)}" cy="${n(joint)}" r="${n(Math.max(2.5, diameter * 0.12))}" fill="${EDGE(colour)}"/>` +
      `</g>`;
  }
  return out;
}

function bollard(input: LuminaireDrawingInput): string {
  const { width, height, colour } = input;
  const s = Math.min(225 / height, 150 / width, 6);
  const w = width * s;
  const h = height * s;
  const ground = 262;
  const top = ground - h;
  const window = Math.min(h * 0.22, 40);
  const slats = [0.3, 0.6].map((at) => rect(CX - w / 2, top + 10 + window * at, w, 2, BODY)).join('');
  return (
    floorBand(ground, '#dcdfd8') +
    pool(CX, ground + 6, w * 1.4 + 30) +
    rect(CX - w / 2, top, w, h, BODY, `${body(colour)} rx="${n(Math.min(w * 0.08, 4))}"`) +
    rect(CX - w / 2, top + 10, w, window, LIGHT) +
    slats +
    rect(CX - w / 2 - 2, top - 2, w + 4, 10, BODY, `${body(colour)} rx="2"`)
  );
}

// ------------------------------------------------------------------------------------------------

function defs(colour: string): string {
  return (
    '<defs>' +
    `<linearGradient id="finish" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="${tint(colour, 0.2)}"/><stop offset="0.45" stop-color="${colour}"/><stop offset="1" stop-color="${tint(colour, -0.25)}"/></linearGradient>` +
    `<radialGradient id="glow"><stop offset="0" stop-color="${LIGHT}" stop-opacity="0.95"/><stop offset="1" stop-color="${LIGHT}" stop-opacity="0"/></radialGradient>` +
    `<linearGradient id="beam" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${LIGHT}" stop-opacity="0.6"/><stop offset="1" stop-color="${LIGHT}" stop-opacity="0"/></linearGradient>` +
    `<linearGradient id="washUp" x1="0" y1="1" x2="0" y2="0"><stop offset="0" stop-color="${LIGHT}" stop-opacity="0.9"/><stop offset="1" stop-color="${LIGHT}" stop-opacity="0"/></linearGradient>` +
    `<linearGradient id="washDown" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${LIGHT}" stop-opacity="0.9"/><stop offset="1" stop-color="${LIGHT}" stop-opacity="0"/></linearGradient>` +
    '<linearGradient id="mirror" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#e8eef1"/><stop offset="1" stop-color="#c9d5db"/></linearGradient>' +
    `<radialGradient id="glass" cx="0.4" cy="0.6"><stop offset="0" stop-color="#fffaf0"/><stop offset="0.7" stop-color="${LIGHT}"/><stop offset="1" stop-color="#f4dc9a"/></radialGradient>` +
    '</defs>'
  );
}

const BACKGROUND: Record<number, string> = { [APPLICATION.outdoor]: '#edf1f4', [APPLICATION.bathroom]: '#f1f4f4' };

/** The picture alone (no words: the screens name it in the user's language). */
export function drawLuminaire(input: LuminaireDrawingInput): string {
  const colour = /^#[0-9a-f]{6}$/i.test(input.colour) ? input.colour.toLowerCase() : FALLBACK_COLOUR;
  const sized: LuminaireDrawingInput = {
    ...input,
    colour,
    width: Math.max(1, input.width),
    height: Math.max(1, input.height),
    depth: Math.max(1, input.depth),
  };
  const outdoor = input.applicationId === APPLICATION.outdoor;
  const shape = shapeOf(input.category, input.locationId);
  const drawing = {
    pendant: () => ceilingBand() + pendant(sized),
    ceiling: () => ceiling(sized),
    wall: () => wall(sized, outdoor),
    bathroom: () => bathroom(sized),
    wallPendant: () => wallPendant(sized),
    floor: () => floor(sized),
    table: () => table(sized),
    track: () => track(sized),
    bollard: () => bollard(sized),
  }[shape]();
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${W} ${H}" width="${W}" height="${H}" data-shape="${shape}">` +
    defs(colour) +
    rect(0, 0, W, H, BACKGROUND[input.applicationId] ?? '#f7f7f7') +
    drawing +
    '</svg>'
  );
}

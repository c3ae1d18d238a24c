/**
 * HD pictures of the product as configured (issue 14 §1 imagesHD): the product alone is the images
 * module's render of the one geometry (makers-dispatch, issue 35 §2); here it is placed
 * in a room (`ambient`: ceiling, wall, window, floor and furniture, the light's glow in its colour
 * temperature). Rasterised with resvg (no fonts needed: the pictures carry no words).
 */
import { Resvg } from '@resvg/resvg-js';
import type { LuminaireShape } from '../../images/luminaire-drawing';
import { kelvinColour } from './maker-model-3d';

export const HD_WIDTH = 2400;
export const HD_HEIGHT = 1800;
/** The rendered luminaire placed in the room: 4:3 like the drawing's frame, at the room's scale. */
export const AMBIENT_LUMINAIRE: readonly [number, number] = [1600, 1200];

function rasterise(svg: string, width: number): Buffer {
  const resvg = new Resvg(svg, { fitTo: { mode: 'width', value: width }, font: { loadSystemFonts: false }, shapeRendering: 2, background: '#ffffff' });
  return resvg.render().asPng();
}


/** The picture's inside without its root element and its flat background, to nest in a scene. */
function innerOf(pictureSvg: string): { inner: string; viewBox: string } {
  const open = /^<svg\b[^>]*>/.exec(pictureSvg);
  const viewBox = /viewBox="([^"]+)"/.exec(open?.[0] ?? '')?.[1] ?? '0 0 400 300';
  const [, , w = '400', h = '300'] = viewBox.split(/\s+/);
  const inner = pictureSvg
    .slice(open?.[0].length ?? 0)
    .replace(/<\/svg>\s*$/, '')
    // the first full-frame rectangle after the definitions is the studio background
    .replace(new RegExp(`(</defs>)<rect x="0" y="0" width="${w}" height="${h}" fill="#[0-9a-f]{6}"/>`, 'i'), '$1')
    // and the studio's ceiling strip: the room has its own ceiling
    .replace(new RegExp(`<rect x="0" y="0" width="${w}" height="14" fill="#e6e6e4"/><line x1="0" y1="14" x2="${w}" y2="14" stroke="#d2d2cf"/>`), '');
  return { inner, viewBox };
}

/** Where the luminaire sits in the 1200 × 800 room, by its shape. */
// Ceiling-hung pictures are scaled so that their ceiling line (y 14 of 300) meets the room's ceiling
// (y 40) and their pool of light (y 272) the table top (y 600): 2.17 × 400 = 868 wide.
const HUNG = { x: 166, y: 40 - 14 * 2.17, width: 868 };
const PLACEMENT: Record<LuminaireShape, { x: number; y: number; width: number }> = {
  pendant: HUNG,
  ceiling: HUNG,
  track: HUNG,
  wall: { x: 420, y: 180, width: 360 },
  bathroom: { x: 420, y: 160, width: 360 },
  wallPendant: { x: 420, y: 150, width: 380 },
  floor: { x: 650, y: 210, width: 480 },
  table: { x: 380, y: 260, width: 420 },
  bollard: { x: 420, y: 260, width: 400 },
};

/** The product in a room: the drawing (`svg`) or the luminaire rendered on a transparent background (`png`, 4:3). */
export function ambientPng(luminaire: { svg: string } | { png: Buffer; ceiling?: number }, shape: LuminaireShape, kelvin: number, outdoor: boolean): Buffer {
  const { inner, viewBox } =
    'svg' in luminaire
      ? innerOf(luminaire.svg)
      : { inner: `<image x="0" y="0" width="400" height="300" href="data:image/png;base64,${luminaire.png.toString('base64')}"/>`, viewBox: '0 0 400 300' };
  const [, , vw = '400', vh = '300'] = viewBox.split(/\s+/);
  const drawn = PLACEMENT[shape];
  // a rendered hung luminaire is framed whole: its ceiling point (a share of the picture's height) meets the room's ceiling (y 40)
  const place = 'png' in luminaire && luminaire.ceiling !== undefined ? { ...drawn, y: 40 - luminaire.ceiling * ((drawn.width * 3) / 4) } : drawn;
  const height = (place.width * Number(vh)) / Number(vw);
  const [r, g, b] = kelvinColour(kelvin);
  const glow = `rgb(${r},${g},${b})`;
  const wall = outdoor ? '#dfe4e6' : '#efe9e1';
  const floor = outdoor ? '#9aa79a' : '#c9b79f';
  const furniture =
    shape === 'table'
      ? '<rect x="300" y="560" width="600" height="26" rx="4" fill="#7a5a3e"/><rect x="330" y="586" width="22" height="150" fill="#5e4530"/><rect x="848" y="586" width="22" height="150" fill="#5e4530"/>'
      : shape === 'floor'
        ? '<path d="M160 560 h420 a30 30 0 0 1 30 30 v90 h-480 v-90 a30 30 0 0 1 30 -30 z" fill="#8d9aa3"/><rect x="150" y="600" width="470" height="80" rx="18" fill="#9eabb3"/>'
        : outdoor
          ? '<path d="M0 610 C 200 590, 400 620, 600 605 S 1000 590, 1200 610 V 800 H 0 Z" fill="#7d8c7b"/>'
          : '<rect x="380" y="600" width="440" height="22" rx="4" fill="#7a5a3e"/><rect x="400" y="622" width="18" height="110" fill="#5e4530"/><rect x="782" y="622" width="18" height="110" fill="#5e4530"/><rect x="330" y="560" width="70" height="160" rx="10" fill="#b5a48c"/><rect x="800" y="560" width="70" height="160" rx="10" fill="#b5a48c"/>';
  const scene =
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1200 800" width="1200" height="800">' +
    `<defs><radialGradient id="roomGlow" cx="0.5" cy="0.5" r="0.5"><stop offset="0" stop-color="${glow}" stop-opacity="0.55"/><stop offset="1" stop-color="${glow}" stop-opacity="0"/></radialGradient>` +
    '<linearGradient id="window" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#cfe3f2"/><stop offset="1" stop-color="#eef5fa"/></linearGradient>' +
    `<linearGradient id="floorShade" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${floor}"/><stop offset="1" stop-color="#8f7d66"/></linearGradient></defs>` +
    `<rect width="1200" height="800" fill="${wall}"/>` +
    (outdoor ? '<rect width="1200" height="300" fill="#cfdbe3"/>' : '<rect width="1200" height="40" fill="#f6f4f0"/><line x1="0" y1="40" x2="1200" y2="40" stroke="#d8d2c8" stroke-width="2"/>') +
    (outdoor ? '' : '<rect x="70" y="150" width="200" height="330" fill="url(#window)" stroke="#ffffff" stroke-width="10"/><line x1="170" y1="150" x2="170" y2="480" stroke="#ffffff" stroke-width="6"/>') +
    `<rect x="0" y="600" width="1200" height="200" fill="url(#floorShade)"/><line x1="0" y1="600" x2="1200" y2="600" stroke="#a8957c" stroke-width="2"/>` +
    `<ellipse cx="${place.x + place.width / 2}" cy="${Math.min(640, place.y + height)}" rx="${place.width * 0.75}" ry="${height * 0.55}" fill="url(#roomGlow)"/>` +
    furniture +
    `<svg x="${place.x}" y="${place.y}" width="${place.width}" height="${height.toFixed(1)}" viewBox="${viewBox}" overflow="visible">${inner}</svg>` +
    '</svg>';
  return rasterise(scene, HD_WIDTH);
}

import type { StudioCamera, StudioShot } from '@lumen/contracts';
import { Resvg } from '@resvg/resvg-js';
import { drawLuminaire, type LuminaireDrawingInput } from '../images/luminaire-drawing';

/** What a studio render is made from: the model's catalogue data and the finish's colour (products' PictureSubject). */
export type StudioSubject = Omit<LuminaireDrawingInput, 'colour'> & { model: string; finish: string; colour: string };

export interface StudioRenderRequest {
  subject: StudioSubject;
  /** Pixels, the square image's side. */
  size: number;
  camera: StudioCamera;
  shot: StudioShot;
}

export interface StudioRender {
  png: Buffer;
  width: number;
  height: number;
}

/** How the studio makes an HD image; the 3D renderer of the images module replaces the default when it lands (README). */
export type StudioRenderer = (request: StudioRenderRequest) => Promise<StudioRender>;

const escape = (text: string) => text.replace(/[<>&"]/g, (char) => `&#${char.charCodeAt(0)};`);

/** The product shot's seamless grey and the ambient shot's room (a wall, a floor, the light from the left). */
function backdrop(shot: StudioShot, size: number): string {
  if (shot === 'product') {
    return (
      `<defs><radialGradient id="g" cx="50%" cy="42%" r="70%"><stop offset="0" stop-color="#f4f4f2"/><stop offset="1" stop-color="#d9d9d6"/></radialGradient></defs>` +
      `<rect width="${size}" height="${size}" fill="url(#g)"/>`
    );
  }
  const floor = Math.round(size * 0.72);
  return (
    `<defs><linearGradient id="w" x1="0" x2="1"><stop offset="0" stop-color="#efe7db"/><stop offset="1" stop-color="#d8cdbd"/></linearGradient>` +
    `<linearGradient id="f" y1="0" y2="1" x1="0" x2="0"><stop offset="0" stop-color="#a88762"/><stop offset="1" stop-color="#7a5c3e"/></linearGradient></defs>` +
    `<rect width="${size}" height="${floor}" fill="url(#w)"/><rect y="${floor}" width="${size}" height="${size - floor}" fill="url(#f)"/>` +
    `<rect x="${Math.round(size * 0.06)}" y="${Math.round(size * 0.52)}" width="${Math.round(size * 0.34)}" height="${Math.round(size * 0.2)}" rx="${Math.round(size * 0.01)}" fill="#6f7a72" opacity="0.85"/>`
  );
}

/**
 * The default renderer until the images module's 3D renderer is wired (apps/api README, "The image
 * studio"): the model's drawn picture (images module, the one luminaire geometry's shape) placed on the
 * shot's backdrop at the camera's zoom and offset, rasterised at the asked size. The azimuth and the
 * elevation travel with the job but a side view cannot turn: they take effect with the 3D renderer.
 */
export const drawnStudioRenderer: StudioRenderer = async ({ subject, size, camera, shot }) => {
  const drawing = drawLuminaire(subject);
  const side = size * 0.8 * camera.zoom;
  const x = (size - side) / 2 + camera.offsetX * size;
  const y = (size - side) / 2 + camera.offsetY * size - (shot === 'ambient' ? size * 0.08 : 0);
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 ${size} ${size}" width="${size}" height="${size}">` +
    backdrop(shot, size) +
    `<image x="${x.toFixed(1)}" y="${y.toFixed(1)}" width="${side.toFixed(1)}" height="${side.toFixed(1)}" href="data:image/svg+xml;base64,${Buffer.from(drawing).toString('base64')}"/>` +
    `<desc>${escape(`${subject.model} ${subject.finish} ${shot}`)}</desc></svg>`;
  const png = new Resvg(svg, { fitTo: { mode: 'width', value: size }, font: { loadSystemFonts: false } }).render().asPng();
  return { png, width: size, height: size };
};

import type { StudioCamera, StudioShot } from '@lumen/contracts';
import sharp from 'sharp';
import { renderSubject } from '../images/images.renders';
import type { PictureSubject } from '../products/products.service';

/** What a studio render is made from: the model's catalogue data and the finish's colour. */
export type StudioSubject = PictureSubject;

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

/** How the studio makes an HD image (app.ts picks one; README "The image studio"). */
export type StudioRenderer = (request: StudioRenderRequest) => Promise<StudioRender>;

/**
 * The studio's renderer: the images module's 3D render of the one luminaire geometry (issue 35 §2,
 * `renderSubject`: physically based finish, the `studio` sweep for product shots, the `room` for
 * ambient ones) at the camera's azimuth, elevation and zoom, square at the asked size; the offset moves
 * the luminaire in the frame afterwards (the picture shifted, its edge continued: the backdrop is even
 * there).
 */
export const renderedStudioRenderer: StudioRenderer = async ({ subject, size, camera, shot }) => {
  const image = await renderSubject(subject, { size: { width: size, height: size }, camera: { azimuth: camera.azimuth, elevation: camera.elevation, zoom: camera.zoom }, background: shot === 'product' ? 'studio' : 'room', format: 'png' });
  const dx = Math.round(camera.offsetX * size);
  const dy = Math.round(camera.offsetY * size);
  if (dx === 0 && dy === 0) return { png: image.data, width: image.width, height: image.height };
  const png = await sharp(
    await sharp(image.data)
      .extend({ left: Math.max(0, dx), right: Math.max(0, -dx), top: Math.max(0, dy), bottom: Math.max(0, -dy), extendWith: 'copy' })
      .png()
      .toBuffer(),
  )
    .extract({ left: Math.max(0, -dx), top: Math.max(0, -dy), width: size, height: size })
    .png()
    .toBuffer();
  return { png, width: size, height: size };
};

import type { StudioCamera, StudioShot } from '@lumen/contracts';
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
 * ambient ones) at the framing's azimuth, elevation, zoom and offset, square at the asked size.
 */
export const renderedStudioRenderer: StudioRenderer = async ({ subject, size, camera, shot }) => {
  const image = await renderSubject(subject, { size: { width: size, height: size }, camera, background: shot === 'product' ? 'studio' : 'room', format: 'png' });
  return { png: image.data, width: image.width, height: image.height };
};

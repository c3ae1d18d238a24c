/**
 * Product imagery from the one luminaire geometry (issue 35 §2, issue 28 §4): a luminaire's meshes
 * (packages/domain `luminaireMeshes`) rendered in a finish to a PNG or WebP of any size, by our own
 * z-buffered rasterizer with physically based shading (render-raster.ts, render-shading.ts).
 *
 *   renderLuminaireImage({ geometry, finish: { colour, surface }, size: 480, camera, background })
 *     → { data, width, height, format, contentType }
 *
 * `geometry` is a `LuminaireGeometry` (its shape chooses the default camera and where the contact
 * shadow falls), or `meshes` (metres, y up) with an optional `frame` for a composition. Pure apart
 * from the encoder (sharp): the same request gives the same bytes.
 */
import { type Bounds, type LuminaireGeometry, type LuminaireMesh, type LuminaireShape, luminaireEnvelope, luminaireMeshes } from '@lumen/domain';
import sharp from 'sharp';
import { type ContactPlane, type Frame, type Pixels, type RenderBackground, type RenderCamera, type RenderMesh, rasterize } from './render-raster';
import { type FinishSurface, finishMaterial, linearOf, type ShadingMaterial, type Vec3 } from './render-shading';

export type { FinishSurface } from './render-shading';
export { FINISH_SURFACES } from './render-shading';
export type { Pixels, RenderBackground, RenderCamera } from './render-raster';
export { project, projectionFor } from './render-raster';

export const RENDER_BACKGROUNDS: readonly RenderBackground[] = ['studio', 'room', 'transparent'];
/** Sizes the renderer accepts (pixels, each side). */
export const RENDER_MIN_SIZE = 16;
export const RENDER_MAX_SIZE = 4096;
/** The catalogue's thumbnail and the HD image's widths. */
export const THUMBNAIL_SIZE = 480;
export const HD_SIZE = 2400;

export interface RenderFinish {
  /** The finish's colour, #rrggbb (sRGB). */
  readonly colour: string;
  readonly surface: FinishSurface;
}

/** A mesh with, optionally, its own surface (a fabric ribbon, a glass shade) instead of its part's. */
export type RenderableMesh = LuminaireMesh & { readonly finish?: RenderFinish };

export interface LuminaireRenderRequest {
  /** The luminaire to render: its geometry, or meshes (metres, y up) and what to frame. */
  readonly geometry?: LuminaireGeometry;
  readonly meshes?: readonly RenderableMesh[];
  /** Metres; by default the luminaire's own parts (the mounting may leave the picture). */
  readonly frame?: Frame;
  /** Where the soft contact shadow falls (the geometry's shape says, when given). */
  readonly contact?: ContactPlane;
  readonly finish: RenderFinish;
  /** The light faces' colour temperature, K (3,000 by default). */
  readonly kelvin?: number;
  /** Width in pixels (the height is ¾ of it), or both. */
  readonly size: number | { readonly width: number; readonly height: number };
  /** Azimuth and elevation in degrees, zoom (1 frames the luminaire); the shape's view by default. */
  readonly camera?: Partial<RenderCamera>;
  readonly background?: RenderBackground;
  readonly format?: 'png' | 'webp';
  /** Samples per pixel along each axis (anti-aliasing): 3 up to 1,000 px wide, 2 above. */
  readonly supersample?: number;
}

export interface RenderedImage {
  readonly data: Buffer;
  readonly width: number;
  readonly height: number;
  readonly format: 'png' | 'webp';
  readonly contentType: 'image/png' | 'image/webp';
}

/** The view each shape is photographed from: three-quarter, pendants a little above, ceiling pieces from below. */
export function defaultCamera(shape: LuminaireShape | undefined): RenderCamera {
  switch (shape) {
    case 'ceiling':
      return { azimuth: -20, elevation: -32, zoom: 1 };
    case 'track':
      return { azimuth: -30, elevation: -14, zoom: 1 };
    case 'wall':
    case 'bathroom':
      return { azimuth: -38, elevation: 8, zoom: 1 };
    case 'wallPendant':
      return { azimuth: -55, elevation: 6, zoom: 1 };
    case 'floor':
    case 'table':
    case 'bollard':
      return { azimuth: -25, elevation: 12, zoom: 1 };
    case 'pendant':
    default:
      return { azimuth: -28, elevation: 12, zoom: 1 };
  }
}

/** Where a shape's contact shadow falls: the floor it stands on, the wall it is fixed to; none for what hangs. */
export function contactOf(shape: LuminaireShape | undefined): ContactPlane | undefined {
  switch (shape) {
    case 'floor':
    case 'table':
    case 'bollard':
      return { axis: 'y', at: 0 };
    case 'wall':
    case 'bathroom':
    case 'wallPendant':
      return { axis: 'z', at: 0 };
    default:
      return undefined;
  }
}

/** The luminaire's own parts (metres), a pendant's with a little of its suspension above. */
export function frameOf(geometry: LuminaireGeometry): Frame {
  const box = luminaireEnvelope(geometry);
  const min: Vec3 = [box.min[0] / 1000, box.min[1] / 1000, box.min[2] / 1000];
  const max: Vec3 = [box.max[0] / 1000, box.max[1] / 1000, box.max[2] / 1000];
  if (geometry.shape === 'pendant') max[1] += Math.max(0.04, (max[1] - min[1]) * 0.35);
  return { min, max };
}

export function metresOf(bounds: Bounds): Frame {
  return { min: [bounds.min[0] / 1000, bounds.min[1] / 1000, bounds.min[2] / 1000], max: [bounds.max[0] / 1000, bounds.max[1] / 1000, bounds.max[2] / 1000] };
}

/** An approximate sRGB colour of a black body (Tanner Helland's fit). */
function kelvinLinear(kelvin: number): Vec3 {
  const t = Math.min(40000, Math.max(1000, kelvin)) / 100;
  const clamp = (v: number) => Math.min(255, Math.max(0, v));
  const r = t <= 66 ? 255 : 329.698727446 * Math.pow(t - 60, -0.1332047592);
  const g = t <= 66 ? 99.4708025861 * Math.log(t) - 161.1195681661 : 288.1221695283 * Math.pow(t - 60, -0.0755148492);
  const b = t >= 66 ? 255 : t <= 19 ? 0 : 138.5177312231 * Math.log(t - 10) - 305.0447927307;
  const hex = `#${[r, g, b].map((v) => Math.round(clamp(v)).toString(16).padStart(2, '0')).join('')}`;
  return linearOf(hex);
}

/** The surface of each part: the finish on the body and canopy, black cable, aluminium, a glowing opal diffuser. */
export function materialOf(mesh: RenderableMesh, finish: RenderFinish, kelvin: number): ShadingMaterial {
  if (mesh.finish) return finishMaterial(mesh.finish.colour, mesh.finish.surface);
  // a textile part (Plusminus's ribbon) is woven in the finish's colour
  if (mesh.surface === 'fabric') return finishMaterial(finish.colour, 'fabric');
  switch (mesh.material) {
    case 'cable':
      return { base: linearOf('#1c1c1e'), metalness: 0, roughness: 0.55 };
    case 'metal':
      return { base: linearOf('#c9ccce'), metalness: 1, roughness: 0.34 };
    case 'light': {
      const glow = kelvinLinear(kelvin);
      return { base: [0.8, 0.8, 0.78], metalness: 0, roughness: 0.25, emissive: [glow[0] * 1.7, glow[1] * 1.7, glow[2] * 1.7] };
    }
    case 'body':
    case 'canopy':
    default:
      return finishMaterial(finish.colour, finish.surface);
  }
}

export function sizeOf(size: LuminaireRenderRequest['size']): { width: number; height: number } {
  const clamp = (v: number) => Math.max(RENDER_MIN_SIZE, Math.min(RENDER_MAX_SIZE, Math.round(v)));
  if (typeof size === 'number') return { width: clamp(size), height: clamp((size * 3) / 4) };
  return { width: clamp(size.width), height: clamp(size.height) };
}

/** The picture's pixels (RGBA, sRGB), without encoding: what the tests read. */
export function renderLuminairePixels(request: LuminaireRenderRequest): Pixels {
  const { geometry } = request;
  const { width, height } = sizeOf(request.size);
  // cylinders as smooth as the picture needs: a side of at most ~6 px on the outline
  const segments = Math.min(192, Math.max(48, Math.round(Math.max(width, height) / 16)));
  const source: readonly RenderableMesh[] = request.meshes ?? (geometry ? luminaireMeshes(geometry, { segments }) : []);
  const kelvin = request.kelvin ?? 3000;
  const meshes: RenderMesh[] = source.map((mesh) => ({
    positions: mesh.positions,
    normals: mesh.normals,
    indices: mesh.indices,
    material: materialOf(mesh, request.finish, kelvin),
    castsShadow: mesh.role !== 'mounting' || mesh.material !== 'cable',
    onTop: mesh.material === 'light',
  }));
  const frame = request.frame ?? (geometry ? frameOf(geometry) : frameOfMeshes(source));
  const camera = { ...defaultCamera(geometry?.shape), ...definedOf(request.camera ?? {}) };
  const contact = request.contact ?? contactOf(geometry?.shape);
  return rasterize(meshes, {
    width,
    height,
    camera,
    background: request.background ?? 'studio',
    supersample: request.supersample ?? (width <= 1000 ? 3 : 2),
    frame,
    ...(contact ? { contact } : {}),
  });
}

function definedOf(camera: Partial<RenderCamera>): Partial<RenderCamera> {
  const out: { azimuth?: number; elevation?: number; zoom?: number; offsetX?: number; offsetY?: number } = {};
  if (camera.offsetX !== undefined && Number.isFinite(camera.offsetX)) out.offsetX = Math.max(-1, Math.min(1, camera.offsetX));
  if (camera.offsetY !== undefined && Number.isFinite(camera.offsetY)) out.offsetY = Math.max(-1, Math.min(1, camera.offsetY));
  if (camera.azimuth !== undefined && Number.isFinite(camera.azimuth)) out.azimuth = camera.azimuth;
  if (camera.elevation !== undefined && Number.isFinite(camera.elevation)) out.elevation = camera.elevation;
  if (camera.zoom !== undefined && Number.isFinite(camera.zoom) && camera.zoom > 0) out.zoom = camera.zoom;
  return out;
}

/** The bounding box of meshes (metres). */
export function frameOfMeshes(meshes: readonly LuminaireMesh[]): Frame {
  const min: Vec3 = [Infinity, Infinity, Infinity];
  const max: Vec3 = [-Infinity, -Infinity, -Infinity];
  for (const mesh of meshes) {
    for (let i = 0; i < mesh.positions.length; i += 3) {
      for (let a = 0; a < 3; a++) {
        const v = mesh.positions[i + a]!;
        if (v < min[a]!) min[a] = v;
        if (v > max[a]!) max[a] = v;
      }
    }
  }
  if (!Number.isFinite(min[0])) return { min: [-0.1, -0.1, -0.1], max: [0.1, 0.1, 0.1] };
  return { min, max };
}

/** The picture, encoded (PNG by default; WebP for the web's pages). */
export async function renderLuminaireImage(request: LuminaireRenderRequest): Promise<RenderedImage> {
  const pixels = renderLuminairePixels(request);
  return encodePixels(pixels, request.format ?? 'png', (request.background ?? 'studio') === 'transparent');
}

export async function encodePixels(pixels: Pixels, format: 'png' | 'webp', alpha: boolean): Promise<RenderedImage> {
  let image = sharp(Buffer.from(pixels.rgba.buffer, pixels.rgba.byteOffset, pixels.rgba.byteLength), { raw: { width: pixels.width, height: pixels.height, channels: 4 } });
  if (!alpha) image = image.removeAlpha();
  const data = format === 'webp' ? await image.webp({ quality: 88, alphaQuality: 90, effort: 3 }).toBuffer() : await image.png({ compressionLevel: 7, adaptiveFiltering: true }).toBuffer();
  return { data, width: pixels.width, height: pixels.height, format, contentType: format === 'webp' ? 'image/webp' : 'image/png' };
}

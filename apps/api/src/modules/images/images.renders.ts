/**
 * Product images rendered from the one luminaire geometry (issue 35 §2): a model (or a collection's
 * first model) in a finish, at a size, framing and background, rendered once and kept by content.
 *
 * The key of an image is everything it is made from (the model's catalogue data, the finish's colour
 * and surface, the size, camera, background, format and RENDER_VERSION); its ETag is the key's hash,
 * so a browser's revalidation is answered 304 without rendering. Rendered images are kept in an LRU of
 * 96 MB per process (a cache: any process renders the same bytes), and concurrent asks for one image
 * share one render.
 */
import { createHash } from 'node:crypto';
import { compositionParts, drawingFamilyOf, type ElementTree, worldBoxes, type LuminaireGeometry, luminaireGeometry, luminaireMeshes, spaceFromJSON } from '@lumen/domain';
import { LRUCache } from 'lru-cache';
import sharp from 'sharp';
import { AppError } from '../../errors';
import type { PictureSubject, ProductsService } from '../products/products.service';
import type { ImagesService, PublishedImage } from './images.service';
import { compositionMeshes } from './render/render-composition';
import { type FinishSurface, frameOfMeshes, type RenderableMesh, type RenderBackground, type RenderCamera, type RenderedImage, renderLuminaireImage, sizeOf, THUMBNAIL_SIZE } from './render/render-luminaire';

/** Bump when the renderer's output changes: every ETag and cache key changes with it. */
export const RENDER_VERSION = 1;

/** The surface of a finish, by its code in the demo catalogue (others are lacquered). */
const FINISH_SURFACE: Readonly<Record<string, FinishSurface>> = { '58': 'metal', A1: 'metal', '23': 'terracotta' };

export function finishSurfaceOf(code: string): FinishSurface {
  return FINISH_SURFACE[code] ?? 'lacquer';
}

/** The picture subject's geometry: what the catalogue says of the model, hung or fixed without a canopy in view. */
export function geometryOfSubject(subject: Pick<PictureSubject, 'category' | 'locationId' | 'width' | 'height' | 'depth' | 'lightSources'> & { family?: string }): LuminaireGeometry {
  const { category, locationId, width, height, depth, lightSources } = subject;
  return luminaireGeometry({
    luminaire: { category, locationId, width, height, depth, ...(lightSources !== undefined ? { lightSources } : {}), ...(subject.family ? { family: subject.family } : {}) },
    installation: '00',
    pendantHeight: null,
  });
}

export interface ImageOptions {
  readonly size?: number | { readonly width: number; readonly height: number };
  readonly camera?: Partial<RenderCamera>;
  readonly background?: RenderBackground;
  readonly format?: 'png' | 'webp';
  /** K; 3,000 by default. */
  readonly kelvin?: number;
}

/** A subject (products' PictureSubject) rendered: what the makers, the studio and the routes call. */
export function renderSubject(
  subject: Pick<PictureSubject, 'category' | 'locationId' | 'width' | 'height' | 'depth' | 'lightSources' | 'colour' | 'finish'> & { family?: string },
  options: ImageOptions = {},
): Promise<RenderedImage> {
  return renderLuminaireImage({
    geometry: geometryOfSubject(subject),
    finish: { colour: subject.colour, surface: finishSurfaceOf(subject.finish) },
    size: options.size ?? THUMBNAIL_SIZE,
    ...(options.camera ? { camera: options.camera } : {}),
    background: options.background ?? 'studio',
    format: options.format ?? 'png',
    ...(options.kelvin !== undefined ? { kelvin: options.kelvin } : {}),
  });
}

export interface ProductImage {
  readonly etag: string;
  readonly contentType: 'image/png' | 'image/webp';
  /** The bytes: from the cache, or rendered now (once, however many ask at the same time). */
  readonly image: () => Promise<RenderedImage>;
}

/**
 * A published studio image (issue 32 §1) at the size asked for: the whole image fitted inside, the
 * margins in the colour of its own corner (the studio's sweep), in the format asked for.
 */
export async function fittedPublishedImage(png: Buffer, size: { width: number; height: number }, format: 'png' | 'webp'): Promise<RenderedImage> {
  const corner = await sharp(png).extract({ left: 0, top: 0, width: 1, height: 1 }).removeAlpha().raw().toBuffer();
  const background = { r: corner[0] ?? 255, g: corner[1] ?? 255, b: corner[2] ?? 255, alpha: 1 };
  const resized = sharp(png).resize({ width: size.width, height: size.height, fit: 'contain', background });
  const data = await (format === 'webp' ? resized.webp({ quality: 90 }) : resized.png()).toBuffer();
  return { data, width: size.width, height: size.height, format, contentType: format === 'webp' ? 'image/webp' : 'image/png' };
}

export type ImageRenders = ReturnType<typeof createImageRenders>;

/** A published studio image wins over the render on the studio's sweep; a transparent or room background (an ambient composite) is still rendered. */
const PUBLISHED_BACKGROUNDS: ReadonlySet<RenderBackground> = new Set<RenderBackground>(['studio']);

export function createImageRenders(deps: { products: Pick<ProductsService, 'pictureOf'>; images?: Pick<ImagesService, 'publishedImageOf'> }) {
  const cache = new LRUCache<string, RenderedImage>({ max: 2000, maxSize: 96 * 1024 * 1024, sizeCalculation: (value) => value.data.length });
  const running = new Map<string, Promise<RenderedImage>>();

  return {
    /** The rendered image of a model or collection in a finish (404 when there is no such model or finish). */
    async productImage(kind: 'collection' | 'model', id: string, finish: string | undefined, options: ImageOptions = {}): Promise<ProductImage> {
      const subject = await deps.products.pictureOf(kind, id, finish);
      if (!subject) throw new AppError('NOT_FOUND', finish ? `No image for ${kind} ${id} in finish ${finish}` : `No image for ${kind} ${id}`);
      const format = options.format ?? 'png';
      const normalised = { ...options, size: sizeOf(options.size ?? THUMBNAIL_SIZE), format, background: options.background ?? 'studio' };
      // a published studio image (issue 32 §1) is the model's picture in its finish: served fitted to the size asked
      // for, unless a camera of its own is asked for (a view the studio's image does not show)
      const ownCamera = Object.keys(options.camera ?? {}).length > 0;
      const published: PublishedImage | null = PUBLISHED_BACKGROUNDS.has(normalised.background) && !ownCamera ? ((await deps.images?.publishedImageOf(subject.model, subject.finish)) ?? null) : null;
      const key = JSON.stringify([RENDER_VERSION, subject, finishSurfaceOf(subject.finish), normalised, published?.key ?? null]);
      const etag = `"r${RENDER_VERSION}-${createHash('sha256').update(key).digest('base64url').slice(0, 24)}"`;
      const image = async () => {
        const kept = cache.get(key);
        if (kept) return kept;
        let pending = running.get(key);
        if (!pending) {
          pending = (published ? published.png().then((png) => fittedPublishedImage(png, normalised.size, format)) : renderSubject(subject, normalised)).finally(() => running.delete(key));
          running.set(key, pending);
        }
        const made = await pending;
        cache.set(key, made);
        return made;
      };
      return { etag, contentType: format === 'webp' ? 'image/webp' : 'image/png', image };
    },
  };
}

const NO_FAMILY = { familyId: 0, subFamily: { id: 0, description: '' }, category: 0 };

/** What a composition's picture is keyed by: the renderer's version, its space and collection, the options. */
export function compositionImageEtag(space: unknown, subFamilyId: number, options: ImageOptions = {}): string {
  const key = JSON.stringify([RENDER_VERSION, 'composition', space, subFamilyId, options]);
  return `"c${RENDER_VERSION}-${createHash('sha256').update(key).digest('base64url').slice(0, 24)}"`;
}

/** What a crea element's model is drawn from: the products' picture subject of a model in a finish (null when there is none). */
export type SubjectOf = (model: string, finish: string) => Promise<PictureSubject | null>;

/**
 * A crea composition's luminaires drawn each with its own model's geometry and finish (issue 35 §2):
 * every Light of the space with a model code, the domain's luminaire geometry of that model (its
 * catalogue dimensions, heads, hung at the light's pendant height) in the light's finish, hung from
 * where the element is in the room. Null when the space has no such light or a model is unknown (the
 * caller then draws the elements' boxes).
 */
export async function creaCompositionMeshes(tree: ElementTree, subjectOf: SubjectOf): Promise<RenderableMesh[] | null> {
  const lights = Object.values(tree.elements).filter((element) => element.type === 'Light' && typeof element.props.code === 'string' && element.props.code !== '');
  if (lights.length === 0 || lights.length > 400) return null;
  const boxes = worldBoxes(tree);
  const subjects = new Map<string, Promise<PictureSubject | null>>();
  const meshes: RenderableMesh[] = [];
  for (const light of lights) {
    if (light.type !== 'Light') continue;
    const finish = light.attributes.finish ?? '';
    const key = `${light.props.code}|${finish}`;
    let pending = subjects.get(key);
    if (!pending) {
      pending = subjectOf(light.props.code, finish);
      subjects.set(key, pending);
    }
    const subject = await pending;
    const box = boxes.get(light.id);
    if (!subject || !box) return null;
    const centimetres = Number(light.attributes.pendantHeight);
    const { category, locationId, width, height, depth, lightSources } = subject;
    const geometry = luminaireGeometry({
      luminaire: { category, locationId, width, height, depth, ...(lightSources !== undefined ? { lightSources } : {}), ...(subject.family ? { family: subject.family } : {}) },
      installation: light.attributes.installation ?? '00',
      pendantHeight: Number.isFinite(centimetres) && centimetres > 0 ? centimetres : null,
    });
    // the geometry hangs from its origin (the ceiling point): placed where the element hangs from
    const at = [(box.min.x + box.max.x) / 2, box.max.y, (box.min.z + box.max.z) / 2] as const;
    const own = { colour: subject.colour, surface: finishSurfaceOf(subject.finish) };
    for (const mesh of luminaireMeshes(geometry, { segments: 32 })) {
      const positions = mesh.positions.map((value, i) => value + at[i % 3]!);
      meshes.push({ ...mesh, name: `${light.id}:${mesh.name}`, positions, ...(mesh.material === 'body' ? { finish: own } : {}) });
    }
  }
  return meshes;
}

/**
 * A creation's picture (crea, drawn or no-drawing): the solids of its saved space (`compositionParts`,
 * the same its documents draw), seen three-quarter from above; a crea's luminaires each with its own
 * model's geometry and finish when `subjectOf` is given; null when the space cannot be read or holds
 * nothing to draw.
 */
export async function compositionImage(space: unknown, subFamilyId: number, options: ImageOptions = {}, subjectOf?: SubjectOf): Promise<RenderedImage | null> {
  let meshes: RenderableMesh[];
  try {
    const tree = spaceFromJSON(space, NO_FAMILY).tree;
    const family = drawingFamilyOf(subFamilyId);
    const crea = !family && subjectOf ? await creaCompositionMeshes(tree, subjectOf) : null;
    meshes = crea ?? compositionMeshes(compositionParts(tree, family));
  } catch {
    return null;
  }
  if (meshes.length === 0) return null;
  return renderLuminaireImage({
    meshes,
    frame: frameOfMeshes(meshes.filter((mesh) => mesh.role !== 'mounting')),
    camera: { azimuth: -25, elevation: 16, zoom: 1, ...(options.camera ?? {}) },
    finish: { colour: '#9a9a9a', surface: 'lacquer' },
    size: options.size ?? THUMBNAIL_SIZE,
    background: options.background ?? 'studio',
    format: options.format ?? 'webp',
  });
}

import { z } from 'zod';
import { CatalogId, CatalogIdQuery, LangQuery } from './common';
import { Id, IdQuery } from './input';
import { ToolModelCode } from './tools';

/*
 * The image studio (issue 32 §1): products /v1/tools/studio/…, internal users (by e-mail) holding
 * product.admin. HD renders of a collection's models and finishes as one job on the shared queue, a
 * review, and the approved images handed to product administration's draft (kind `image`), so the next
 * publication makes them the catalogue's images. apps/api README "The image studio".
 */

/** product: the luminaire alone on a neutral background; ambient: the luminaire in a room. */
export const STUDIO_SHOTS = ['product', 'ambient'] as const;
export type StudioShot = (typeof STUDIO_SHOTS)[number];
export const StudioShot = z.enum(STUDIO_SHOTS);

/** The smallest and largest HD render (pixels, the square image's side). */
export const STUDIO_MIN_SIZE = 2400;
export const STUDIO_MAX_SIZE = 4096;

/** A finish code (2 characters in the demo catalogue). */
export const StudioFinishCode = z.string().regex(/^[A-Za-z0-9]{1,4}$/, 'Not a finish code');

/**
 * The framing chosen on the stage, sent with the render job: the camera's turn around the luminaire
 * (degrees, 0 = front), its height (degrees above the horizon), the zoom (1 = the luminaire fills the
 * frame with a margin) and the luminaire's offset in the frame (fractions of the frame, right and down).
 */
export const StudioCamera = z.strictObject({
  azimuth: z.number().min(-180).max(180),
  elevation: z.number().min(-10).max(80),
  zoom: z.number().min(0.5).max(2.5),
  offsetX: z.number().min(-0.4).max(0.4),
  offsetY: z.number().min(-0.4).max(0.4),
});
export type StudioCamera = z.infer<typeof StudioCamera>;
export const DEFAULT_STUDIO_CAMERA: StudioCamera = { azimuth: 30, elevation: 15, zoom: 1, offsetX: 0, offsetY: 0 };

/** A batch: a collection's models (all of them, or those listed), in their finishes (all offered, or those listed), in each shot. */
export const StudioBatchBody = z.strictObject({
  catalogId: CatalogId,
  subFamilyId: Id,
  models: z.array(ToolModelCode).min(1).max(100).optional(),
  finishes: z.array(StudioFinishCode).min(1).max(40).optional(),
  shots: z.array(StudioShot).min(1).max(2),
  size: z.number().int().min(STUDIO_MIN_SIZE).max(STUDIO_MAX_SIZE),
  camera: StudioCamera,
});
export type StudioBatchBody = z.infer<typeof StudioBatchBody>;

export const STUDIO_REVIEWS = ['pending', 'approved', 'rejected'] as const;
export type StudioReview = (typeof STUDIO_REVIEWS)[number];

/** One rendered image and its review. `drafted`: it is in the catalogue's draft; `published`: it is the catalogue's image now. */
export const StudioImage = z.object({
  id: z.number().int(),
  batchId: z.number().int(),
  catalogId: CatalogId,
  model: z.string(),
  finish: z.string(),
  shot: StudioShot,
  width: z.number().int(),
  height: z.number().int(),
  review: z.enum(STUDIO_REVIEWS),
  reviewedBy: z.string().nullable(),
  drafted: z.boolean(),
  published: z.boolean(),
});
export type StudioImage = z.infer<typeof StudioImage>;

export const StudioBatchItem = z.object({
  label: z.string(),
  status: z.enum(['pending', 'done', 'failed']),
  reason: z.string().optional(),
  imageId: z.number().int().optional(),
});
export type StudioBatchItem = z.infer<typeof StudioBatchItem>;

export const StudioBatch = z.object({
  id: z.number().int(),
  catalogId: CatalogId,
  subFamilyId: z.number().int(),
  status: z.enum(['pending', 'running', 'done', 'failed', 'cancelled']),
  done: z.number().int(),
  total: z.number().int(),
  size: z.number().int(),
  items: z.array(StudioBatchItem),
  images: z.array(StudioImage),
  requestedBy: z.string(),
  createdAt: z.string(),
  error: z.string().nullable(),
});
export type StudioBatch = z.infer<typeof StudioBatch>;
export const StudioBatchList = z.array(StudioBatch.omit({ items: true, images: true }));
export type StudioBatchList = z.infer<typeof StudioBatchList>;

export const StudioBatchParam = z.object({ id: IdQuery });
export const StudioImageParam = z.object({ id: IdQuery });
/** A reduced copy for the review grid (the HD file otherwise). */
export const StudioImageQuery = z.object({ preview: z.enum(['0', '1']).optional() });
export const StudioReviewBody = z.strictObject({ review: z.enum(['approved', 'rejected']) });
export const StudioBatchListQuery = z.object({ catalog: CatalogIdQuery.optional() });

/** The value of a draft change of kind `image` (key `MODEL|FINISH`): the studio image that becomes the catalogue's image of that model in that finish. */
export const StudioDraftImage = z.strictObject({
  imageId: z.number().int().positive(),
  shot: StudioShot,
  width: z.number().int().positive(),
  height: z.number().int().positive(),
  /** Where the HD file is in the platform's file storage. */
  fileKey: z.string().regex(/^studio\/[a-z0-9/_.-]{1,120}$/),
});
export type StudioDraftImage = z.infer<typeof StudioDraftImage>;

/** A model as the studio's stage needs it: its name, the finishes it is made in, and its catalogue luminaire (the one geometry's input). */
export const StudioModel = z.object({
  model: z.string(),
  name: z.string(),
  finishes: z.array(z.object({ code: z.string(), name: z.string() })),
  luminaire: z.object({
    category: z.number().int(),
    locationId: z.number().int(),
    width: z.number(),
    height: z.number(),
    depth: z.number(),
    lightSources: z.number().int().optional(),
  }),
});
export type StudioModel = z.infer<typeof StudioModel>;
export const StudioModelList = z.array(StudioModel);
export const StudioModelsQuery = z.object({ catalog: CatalogIdQuery.default(16), subFamilyId: IdQuery, lang: LangQuery.optional() });

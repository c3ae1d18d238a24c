import { Readable } from 'node:stream';
import type { CatalogId, Lang, StudioBatch, StudioBatchBody, StudioBatchItem, StudioBatchList, StudioCamera, StudioDraftImage, StudioImage, StudioModel, StudioShot } from '@lumen/contracts';
import { desc, eq } from 'drizzle-orm';
import sharp from 'sharp';
import type { AppContext } from '../../context';
import { jobs as jobsTable } from '../../db/schema';
import { AppError } from '../../errors';
import type { Principal } from '../../http/access-guard';
import { auditWho, recordAudit } from '../../lib/audit';
import type { FileStorage } from '../../lib/file-storage';
import { findJob, type JobQueue, type JobRow, PermanentJobError } from '../../lib/jobs';
import type { ProductAdminService } from '../product-admin/product-admin.service';
import type { ProductsService } from '../products/products.service';
import * as repo from './studio.repository';
import type { StudioRenderer } from './studio.render';

export const STUDIO_QUEUE = 'studio.render';
/** At most this many images in one batch (models × finishes × shots). */
export const STUDIO_MAX_IMAGES = 120;
/** The review grid's copy (pixels wide). */
const PREVIEW_WIDTH = 480;

interface StudioTask {
  model: string;
  finish: string;
  shot: StudioShot;
}

interface StudioPayload extends Record<string, unknown> {
  catalogId: CatalogId;
  subFamilyId: number;
  size: number;
  camera: StudioCamera;
  tasks: StudioTask[];
  requestedBy: string;
}

interface StudioProgress {
  done: number;
  total: number;
  items: StudioBatchItem[];
}

export interface StudioDeps {
  jobs: JobQueue;
  storage: FileStorage;
  products: Pick<ProductsService, 'pictureOf' | 'collections'>;
  productAdmin: Pick<ProductAdminService, 'models' | 'draft' | 'save' | 'discard'>;
  render: StudioRenderer;
}

const labelOf = (task: StudioTask) => `${task.model} · ${task.finish} · ${task.shot}`;
const fileKeyOf = (batchId: number, task: StudioTask) => `studio/${batchId}/${task.model.toLowerCase()}-${task.finish.toLowerCase()}-${task.shot}.png`;
const draftKeyOf = (image: { model: string; finish: string }) => `${image.model}|${image.finish}`;

function reasonOf(error: unknown): string {
  if (error instanceof AppError || error instanceof Error) return error.message.slice(0, 300);
  return 'Unknown failure';
}

async function bufferOf(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}

/**
 * The image studio (issue 32 §1): HD renders of a collection's models in their finishes and shots as
 * one job on the shared queue (queue studio.render; progress stored on the job row, so any process
 * answers; cancel is the queue's cancel), each image stored through the platform's file storage under
 * studio/{batch}/…, and a review: an approved image becomes the draft's `image` change of its model and
 * finish (product administration), which the next publication makes the catalogue's image; a rejected
 * one leaves the draft. Every start and review is in the audit trail.
 */
export function createStudioService(ctx: AppContext, deps: StudioDeps) {
  const { db } = ctx;

  async function row(id: number): Promise<JobRow> {
    const found = await findJob(db, id);
    if (!found || found.queue !== STUDIO_QUEUE) throw new AppError('NOT_FOUND', `No studio batch ${id}`);
    return found;
  }

  function summaryOf(job: JobRow): Omit<StudioBatch, 'items' | 'images'> & { items: StudioBatchItem[] } {
    const payload = job.payload as StudioPayload;
    const progress = ((job.status === 'done' ? job.result : job.progress) ?? job.progress ?? { done: 0, total: payload.tasks.length, items: [] }) as StudioProgress;
    return {
      id: job.id,
      catalogId: payload.catalogId,
      subFamilyId: payload.subFamilyId,
      status: job.status as StudioBatch['status'],
      done: progress.done,
      total: progress.total,
      size: payload.size,
      items: progress.items.length > 0 ? progress.items : payload.tasks.map((task) => ({ label: labelOf(task), status: 'pending' as const })),
      requestedBy: payload.requestedBy,
      createdAt: job.createdAt.toISOString(),
      error: job.status === 'failed' ? (job.lastError ?? 'failed') : null,
    };
  }

  /** The image ids the catalogue's draft holds as `image` changes, by draft key. */
  async function draftedImages(catalogId: CatalogId): Promise<Map<string, { imageId: number; revision: number }>> {
    const draft = await deps.productAdmin.draft(catalogId);
    const drafted = new Map<string, { imageId: number; revision: number }>();
    for (const change of draft.changes) {
      const value = change.after as StudioDraftImage | null;
      if (change.kind === 'image' && value) drafted.set(change.key, { imageId: value.imageId, revision: change.revision });
    }
    return drafted;
  }

  async function imagesOf(batchId: number, catalogId: CatalogId): Promise<StudioImage[]> {
    const rows = await repo.imagesOfBatch(db, batchId);
    if (rows.length === 0) return [];
    const [published, drafted] = await Promise.all([repo.publishedAmong(db, rows.map((image) => image.id)), draftedImages(catalogId)]);
    return rows.map((image) => ({
      id: image.id,
      batchId: image.batchId,
      catalogId,
      model: image.model,
      finish: image.finish,
      shot: image.shot === 'ambient' ? 'ambient' : 'product',
      width: image.width,
      height: image.height,
      review: image.review === 'approved' || image.review === 'rejected' ? image.review : 'pending',
      reviewedBy: image.reviewedBy,
      drafted: drafted.get(draftKeyOf(image))?.imageId === image.id,
      published: published.has(image.id),
    }));
  }

  async function batchOf(job: JobRow): Promise<StudioBatch> {
    const summary = summaryOf(job);
    return { ...summary, images: await imagesOf(job.id, summary.catalogId) };
  }

  return {
    registerWorker(): void {
      deps.jobs.work<StudioPayload>(
        STUDIO_QUEUE,
        async (job) => {
          const { tasks, size, camera, catalogId } = job.payload;
          // A retried batch keeps what an earlier attempt made.
          const made = new Map((await repo.imagesOfBatch(db, job.id)).map((image) => [`${image.model}|${image.finish}|${image.shot}`, image.id]));
          const progress: StudioProgress = { done: 0, total: tasks.length, items: tasks.map((task) => ({ label: labelOf(task), status: 'pending' })) };
          await job.progress(progress);
          for (const [index, task] of tasks.entries()) {
            if (job.signal.aborted) throw job.signal.reason ?? new Error('cancelled');
            const item = progress.items[index] as StudioBatchItem;
            const earlier = made.get(`${task.model}|${task.finish}|${task.shot}`);
            try {
              if (earlier !== undefined) {
                Object.assign(item, { status: 'done', imageId: earlier });
              } else {
                const subject = await deps.products.pictureOf('model', task.model, task.finish);
                if (!subject) throw new PermanentJobError(`No model ${task.model} in finish ${task.finish}`);
                const image = await deps.render({ subject, size, camera, shot: task.shot });
                const fileKey = fileKeyOf(job.id, task);
                await deps.storage.put(fileKey, Readable.from(image.png));
                const imageId = await repo.insertImage(db, { batchId: job.id, catalogId, model: task.model, finish: task.finish, shot: task.shot, width: image.width, height: image.height, fileKey });
                Object.assign(item, { status: 'done', imageId });
              }
            } catch (error) {
              Object.assign(item, { status: 'failed', reason: reasonOf(error) });
            }
            progress.done = index + 1;
            await job.progress(progress);
          }
          return progress;
        },
        { concurrency: 1 },
      );
    },

    /** A collection's models for the stage: names, the finishes they are made in, and their luminaire data. */
    async models(catalogId: CatalogId, subFamilyId: number, lang: Lang): Promise<StudioModel[]> {
      const page = await deps.productAdmin.models(catalogId, { subFamilyId, page: 1, limit: 500 }, lang);
      const models: StudioModel[] = [];
      for (const model of page.items) {
        const finishes = model.finishes.filter((finish) => finish.active);
        const subject = finishes[0] ? await deps.products.pictureOf('model', model.model, finishes[0].code) : undefined;
        if (!subject) continue;
        const { category, locationId, width, height, depth, lightSources } = subject;
        models.push({
          model: model.model,
          name: model.name[lang] ?? model.name.en ?? model.model,
          finishes: finishes.map((finish) => ({ code: finish.code, name: finish.name })),
          luminaire: { category, locationId, width, height, depth, ...(lightSources !== undefined ? { lightSources } : {}) },
        });
      }
      return models;
    },

    /** Starts a batch: every model of the collection (or those listed) in every finish it is made in (or those listed), in each shot. */
    async start(principal: Principal, body: StudioBatchBody): Promise<StudioBatch> {
      const collections = await deps.products.collections(null, { catalogId: body.catalogId, images: false });
      if (!collections.some((collection) => collection.subFamilyId === body.subFamilyId)) throw new AppError('NOT_FOUND', `No collection ${body.subFamilyId} in catalogue ${body.catalogId}`);
      const page = await deps.productAdmin.models(body.catalogId, { subFamilyId: body.subFamilyId, page: 1, limit: 500 }, 'en');
      const wanted = body.models ? new Set(body.models.map((model) => model.toUpperCase())) : null;
      const finishes = body.finishes ? new Set(body.finishes.map((finish) => finish.toUpperCase())) : null;
      const tasks: StudioTask[] = [];
      for (const model of page.items) {
        if (wanted && !wanted.has(model.model.toUpperCase())) continue;
        for (const finish of model.finishes) {
          if (!finish.active || (finishes && !finishes.has(finish.code.toUpperCase()))) continue;
          for (const shot of new Set(body.shots)) tasks.push({ model: model.model, finish: finish.code, shot });
        }
      }
      if (tasks.length === 0) throw new AppError('VALIDATION_FAILED', 'The request is not valid', [{ path: 'body.models', message: 'studio.error.nothingToRender' }]);
      if (tasks.length > STUDIO_MAX_IMAGES) throw new AppError('VALIDATION_FAILED', 'The request is not valid', [{ path: 'body.models', message: `studio.error.tooMany|${STUDIO_MAX_IMAGES}` }]);
      const payload: StudioPayload = { catalogId: body.catalogId, subFamilyId: body.subFamilyId, size: body.size, camera: body.camera, tasks, requestedBy: principal.email };
      const id = await db.transaction(async (tx) => {
        const [created] = await deps.jobs.enqueue([{ queue: STUDIO_QUEUE, payload, maxAttempts: 2 }], tx);
        if (created === undefined) throw new AppError('INTERNAL');
        await recordAudit(tx, { ...auditWho(principal), entity: 'studio_image', entityId: `batch:${created}`, action: 'render', after: { catalogId: body.catalogId, subFamilyId: body.subFamilyId, images: tasks.length, size: body.size, camera: body.camera } });
        return created;
      });
      return batchOf(await row(id));
    },

    async status(id: number): Promise<StudioBatch> {
      return batchOf(await row(id));
    },

    /** The latest batches (of a catalogue), newest first. */
    async list(catalogId: CatalogId | undefined): Promise<StudioBatchList> {
      const rows = await db.select().from(jobsTable).where(eq(jobsTable.queue, STUDIO_QUEUE)).orderBy(desc(jobsTable.id)).limit(catalogId ? 100 : 20);
      return rows
        .map(summaryOf)
        .filter((batch) => catalogId === undefined || batch.catalogId === catalogId)
        .slice(0, 20)
        .map(({ items: _items, ...batch }) => batch);
    },

    async cancel(principal: Principal, id: number): Promise<StudioBatch> {
      const found = await row(id);
      if (found.status === 'pending' || found.status === 'running') {
        await deps.jobs.cancel({ ids: [id] });
        await recordAudit(db, { ...auditWho(principal), entity: 'studio_image', entityId: `batch:${id}`, action: 'cancel' });
      }
      return batchOf(await row(id));
    },

    /** An image's PNG: the HD file, or the review grid's copy. */
    async file(id: number, preview: boolean): Promise<{ fileName: string; content: Buffer | Readable }> {
      const image = await repo.findImage(db, id);
      if (!image) throw new AppError('NOT_FOUND', `No studio image ${id}`);
      const fileName = `${image.model}-${image.finish}-${image.shot}-${image.width}px.png`;
      const stream = await deps.storage.read(image.fileKey);
      if (!preview) return { fileName, content: stream };
      return { fileName, content: await sharp(await bufferOf(stream)).resize({ width: PREVIEW_WIDTH }).png().toBuffer() };
    },

    /**
     * Approves or rejects an image. Approved: it becomes the draft's image of its model and finish (an
     * earlier approved image of theirs leaves the draft); rejected: it leaves the draft when it was there.
     */
    async review(principal: Principal, id: number, review: 'approved' | 'rejected'): Promise<StudioImage> {
      const image = await repo.findImage(db, id);
      if (!image) throw new AppError('NOT_FOUND', `No studio image ${id}`);
      const catalogId: CatalogId = image.catalogId === 21 ? 21 : 16;
      const key = draftKeyOf(image);
      const current = (await draftedImages(catalogId)).get(key);
      if (review === 'approved') {
        const value: StudioDraftImage = { imageId: image.id, shot: image.shot === 'ambient' ? 'ambient' : 'product', width: image.width, height: image.height, fileKey: image.fileKey };
        await deps.productAdmin.save(principal, catalogId, { kind: 'image', key, value, expectedRevision: current?.revision ?? 0 });
      } else if (current?.imageId === image.id) {
        await deps.productAdmin.discard(principal, catalogId, { kind: 'image', key, expectedRevision: current.revision });
      }
      await db.transaction(async (tx) => {
        await repo.setReview(tx, id, review, principal.name, ctx.clock());
        await recordAudit(tx, { ...auditWho(principal), entity: 'studio_image', entityId: id, action: review === 'approved' ? 'approve' : 'reject', before: { review: image.review }, after: { review } });
      });
      const images = await imagesOf(image.batchId, catalogId);
      const reviewed = images.find((candidate) => candidate.id === id);
      if (!reviewed) throw new AppError('NOT_FOUND', `No studio image ${id}`);
      return reviewed;
    },

    /** The published studio image of a model in a finish, for the images service (it wins over the drawn picture). */
    async publishedImage(model: string, finish: string): Promise<{ key: string; png: () => Promise<Buffer> } | null> {
      const found = await repo.publishedImageOf(db, model, finish);
      if (!found) return null;
      return { key: found.fileKey, png: async () => bufferOf(await deps.storage.read(found.fileKey)) };
    },

    /** The storage keys of a model's published studio images (every finish): part of its documents' cache key. */
    publishedKeys(model: string): Promise<string[]> {
      return repo.publishedKeysOf(db, model);
    },
  };
}

export type StudioService = ReturnType<typeof createStudioService>;
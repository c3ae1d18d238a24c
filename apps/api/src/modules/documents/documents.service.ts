import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import {
  type AvailableDocument,
  type CatalogId,
  DOCUMENT_SUBTYPES,
  type DocsWebList,
  type Download,
  type DocumentRequestItem,
  type DownloadDelivery,
  type DownloadItem,
  type FieldError,
  type Lang,
  type Project,
} from '@lumen/contracts';
import { DOWNLOAD_PROGRESS, zipFileName } from '@lumen/domain';
import type { AppContext } from '../../context';
import type { StoredDocumentFile } from '../../db/schema';
import { AppError, isAppError } from '../../errors';
import type { Principal } from '../../http/access-guard';
import type { FileStorage } from '../../lib/file-storage';
import { type JobContext, type JobQueue, PermanentJobError } from '../../lib/jobs';
import type { ImagesService } from '../images/images.service';
import type { ProjectsService } from '../projects/projects.service';
import { checkDocumentRequest, type DocumentKind, documentCacheKey, type DocumentSubject, type MadeFile, makeDocuments, type MakerDeps } from './makers';
import {
  announce,
  cancelDownload,
  type DownloadItemRow,
  type DownloadRow,
  findDownload,
  findItem,
  insertDownload,
  listDownloadsOf,
  listItems,
  markItemsDelivered,
  setItemJobs,
  settleDownloadIfDone,
  updateOpenItem,
} from './documents.repository';

export const DOCUMENTS_QUEUE = 'documents.make';
export const DOWNLOAD_PATH = '/sr-documents/v1/docs-web/download';
/** Spec §9: the brand prefix of a zip's name by catalogue (brand codes 3VB → 16, 2US → 21). */
const BRAND_PREFIX: Record<CatalogId, string> = { 16: '3VB_', 21: '2US_' };
/** How many downloads /services/download lists. */
const LISTED_DOWNLOADS = 50;

/** What a job stores for its item: the request as validated and the subject resolved at request time. */
interface ItemRequest {
  type: DocumentKind['type'];
  subType: DocumentKind['subType'] | null;
  model: string;
  subject: DocumentSubject;
  catalogueVersion: string;
}

export interface DocumentsDeps {
  projects: Pick<ProjectsService, 'detail' | 'creationLine'>;
  products: MakerDeps['products'];
  images: Pick<ImagesService, 'catalogueImage' | 'publishedKeysOf'>;
  storage: FileStorage;
  jobs: JobQueue;
  /** The makers; tests hand a double. */
  make?: (kind: DocumentKind, subject: DocumentSubject, deps: MakerDeps) => Promise<MadeFile[]>;
}

export interface StartInput {
  docs: readonly DocumentRequestItem[];
  lang: Lang;
  catalogId: CatalogId;
  delivery: DownloadDelivery;
  projectId?: number | undefined;
  title?: string | undefined;
}

/** One entry of a zip or one file: where it is stored and its name in the archive. */
export interface DeliverableFile {
  item: DownloadItemRow;
  file: StoredDocumentFile;
  entryName: string;
}

function badField(path: string, message: string): AppError {
  return new AppError('VALIDATION_FAILED', 'The request is not valid', [{ path, message }]);
}

/** A maker's error on `type` becomes `docs.3.type` (the field at fault in the caller's body). */
function prefixed(error: unknown, prefix: string): unknown {
  if (!isAppError(error) || error.status !== 400) return error;
  const fields: FieldError[] = (error.fields ?? [{ path: '', message: error.message }]).map((field) => ({ ...field, path: field.path ? `${prefix}.${field.path}` : prefix }));
  return new AppError(error.code, error.message, fields);
}

const digest = (text: string): string => createHash('sha256').update(text).digest('hex');

/** Where a document's files are kept: the makers' cache key, digested into a storage key. */
function cacheDirOf(kind: DocumentKind, subject: DocumentSubject, catalogueVersion: string): string {
  return `documents/cache/${digest(documentCacheKey(kind, subject, catalogueVersion)).slice(0, 40)}`;
}

/** A name safe for storage keys and archives: letters, digits, dot, dash, underscore. */
/**
 * The name a creation's files carry (issue 34 §3): the line's name people use, with the creation's code
 * appended when another creation of the project has the same name (two "Wireflow composition, 7
 * luminaires" in one zip stay told apart).
 */
export function creationFileName(project: Pick<Project, 'products'>, line: Project['products'][number]): string {
  const name = (line.description ?? '').trim();
  if (!name) return line.creationCode ?? line.model;
  const same = project.products.filter((other) => other.type === 'CREATION' && (other.description ?? '').trim().toLowerCase() === name.toLowerCase());
  return same.length > 1 ? `${name} ${line.creationCode ?? ''}`.trim() : name;
}

function safeName(name: string): string {
  const cleaned = name.normalize('NFKD').replace(/[^A-Za-z0-9._-]+/g, '_').replace(/^[._]+/, '');
  return cleaned.slice(-120) || 'file';
}

export function downloadUrl(id: string, item?: number, file?: number): string {
  return item === undefined ? `${DOWNLOAD_PATH}?id=${id}` : `${DOWNLOAD_PATH}?id=${id}&item=${item}&file=${file ?? 0}`;
}

/** The progress an item shows (spec §4): 1 started, 4 being made, 8 ready, 3 failed, 17 delivered. */
function progressOf(item: DownloadItemRow): number {
  if (item.status === 'failed') return DOWNLOAD_PROGRESS.ERROR;
  return Math.max(item.progress, item.status === 'pending' ? DOWNLOAD_PROGRESS.STARTED : 0);
}

export function toDownload(row: DownloadRow, items: readonly DownloadItemRow[]): Download {
  return {
    id: row.id,
    title: row.title,
    projectId: row.projectId,
    catalogId: row.catalogId as CatalogId,
    lang: row.lang as Lang,
    delivery: row.delivery as DownloadDelivery,
    status: row.status as Download['status'],
    zipName: row.zipName,
    zipUrl: row.delivery === 'zip' && items.some((item) => item.status === 'ready') ? downloadUrl(row.id) : null,
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
    items: items.map((item): DownloadItem => {
      const request = item.request as unknown as ItemRequest;
      return {
        position: item.position,
        name: item.name,
        type: request.type,
        subType: request.subType ?? null,
        model: request.model,
        status: item.status as DownloadItem['status'],
        progress: { currentProgress: progressOf(item), totalProgress: DOWNLOAD_PROGRESS.MAX },
        error: item.error,
        files: item.files.map((file, index) => ({ fileName: file.fileName, contentType: file.contentType, size: file.size, url: downloadUrl(row.id, item.position, index) })),
      };
    }),
  };
}

export type DocumentsService = ReturnType<typeof createDocumentsService>;

/**
 * Documents (issue 14 §2): a request becomes a download with one item per document and one job per
 * item (queue documents.make, any process); a job makes the files through the makers, or takes them
 * from the cache (the file storage under a digest of documentCacheKey), and announces every move on
 * the lumen_documents channel, from which documents.socket.ts tells the browsers.
 */
export function createDocumentsService(ctx: AppContext, deps: DocumentsDeps) {
  const make = deps.make ?? makeDocuments;
  const makerDeps: MakerDeps = { products: deps.products, images: deps.images, now: ctx.clock };

  /**
   * The model's catalogue data and its published studio images, digested: part of the cache key, so a
   * catalogue change or a publication (the sheets' pictures) makes new files.
   */
  async function catalogueVersion(model: string, catalogId: CatalogId, lang: Lang, path: string): Promise<string> {
    try {
      const info = await deps.products.technicalInfoByModel(null, { model, catalog: catalogId, lang });
      const published = await deps.images.publishedKeysOf(model);
      return digest(JSON.stringify(published.length === 0 ? info : { info, published })).slice(0, 16);
    } catch (error) {
      if (isAppError(error) && (error.code === 'NOT_FOUND' || error.status === 400)) throw badField(path, `Unknown model ${model} in catalogue ${catalogId}`);
      throw error;
    }
  }

  /** The project a request names, when the caller may download from it: 403 otherwise (another company's, or no project.download). */
  async function downloadableProject(principal: Principal, projectId: number, lang: Lang, cache: Map<number, Project>): Promise<Project> {
    const known = cache.get(projectId);
    if (known) return known;
    let project: Project;
    try {
      project = await deps.projects.detail(principal, projectId, { lang, parseProducts: true });
    } catch (error) {
      if (isAppError(error) && error.code === 'NOT_FOUND') throw new AppError('FORBIDDEN', 'Not allowed to download from this project');
      throw error;
    }
    if (!project.permissions.download || !principal.privileges.includes('project.download')) throw new AppError('FORBIDDEN', 'Not allowed to download from this project');
    cache.set(projectId, project);
    return project;
  }

  /** What the document is about, from the request, checked: a project's line is read on the server. */
  async function subjectOf(principal: Principal, item: DocumentRequestItem, index: number, input: StartInput, projects: Map<number, Project>): Promise<{ subject: DocumentSubject; model: string }> {
    const at = `docs.${index}`;
    const language = (item.language ?? input.lang) as Lang;
    const { params } = item;
    if (params.projectId !== undefined && params.productId !== undefined) {
      const project = await downloadableProject(principal, params.projectId, input.lang, projects);
      const line = project.products.find((product) => product._id === params.productId);
      if (!line) throw badField(`${at}.params.productId`, 'No such product in the project');
      if (line.model.toUpperCase() !== params.model.toUpperCase()) throw badField(`${at}.params.model`, 'The model is not the project line’s');
      const catalogId = project.catalogId as CatalogId;
      if (line.type === 'CREATION') {
        if (!line.creationCode) throw badField(`${at}.params.productId`, 'The creation has no code');
        return {
          model: line.model,
          subject: { catalogId, language, creation: { code: line.creationCode, name: creationFileName(project, line), model: line.model, compositions: line.compositions, validated: line.validation.status === 'VALIDATED', space: line.space ?? null } },
        };
      }
      const pendantHeight = Number(line.attributes?.pendantHeight?.code);
      return {
        model: line.model,
        subject: {
          catalogId,
          language,
          product: line.referenceCode ? { reference: line.referenceCode, ...(Number.isFinite(pendantHeight) && pendantHeight > 0 ? { pendantHeight } : {}) } : { model: line.model },
        },
      };
    }
    if (params.productType === 'CREATION') throw badField(`${at}.params.productId`, 'A creation’s documents are asked from its project line');
    if (params.reference !== undefined) {
      if (params.reference.replace('-', '').slice(0, 4).toUpperCase() !== params.model.toUpperCase()) throw badField(`${at}.params.reference`, 'The reference is not of this model');
      return { model: params.model, subject: { catalogId: input.catalogId, language, product: { reference: params.reference.toUpperCase() } } };
    }
    return {
      model: params.model,
      subject: { catalogId: input.catalogId, language, product: { model: params.model.toUpperCase(), ...(params.attributes ? { attributes: params.attributes } : {}) } },
    };
  }

  /** The ready files of a download, named uniquely for an archive (no owner check: callers check). */
  async function deliverablesOf(id: string, pick?: { item: number; file: number }): Promise<DeliverableFile[]> {
    const items = (await listItems(ctx.db, [id])).filter((item) => item.status === 'ready');
    const taken = new Map<string, number>();
    const files: DeliverableFile[] = [];
    for (const item of items) {
      for (const [index, file] of item.files.entries()) {
        if (pick && (pick.item !== item.position || pick.file !== index)) continue;
        const base = safeName(file.fileName);
        const seen = taken.get(base.toLowerCase()) ?? 0;
        taken.set(base.toLowerCase(), seen + 1);
        const entryName = seen === 0 ? base : base.replace(/(\.[^.]*)?$/, (ext) => `-${seen + 1}${ext}`);
        files.push({ item, file, entryName });
      }
    }
    return files;
  }

  async function read(id: string): Promise<Download | undefined> {
    const row = await findDownload(ctx.db, id);
    if (!row) return undefined;
    return toDownload(row, await listItems(ctx.db, [id]));
  }

  async function owned(principal: Principal, id: string): Promise<DownloadRow> {
    const row = await findDownload(ctx.db, id);
    // Another user's download is as absent as one that never was.
    if (!row || row.userId !== principal.userId) throw new AppError('NOT_FOUND', 'No such download');
    return row;
  }

  async function storedFiles(cacheDir: string): Promise<StoredDocumentFile[] | undefined> {
    try {
      const stream = await deps.storage.read(`${cacheDir}/manifest.json`);
      const chunks: Buffer[] = [];
      for await (const chunk of stream) chunks.push(chunk as Buffer);
      const files = JSON.parse(Buffer.concat(chunks).toString('utf8')) as StoredDocumentFile[];
      // The manifest is written last, but a file may have been removed from the storage since.
      for (const file of files) if ((await deps.storage.size(file.key)) !== file.size) return undefined;
      return files;
    } catch {
      return undefined;
    }
  }

  /** The job: one document's files, from the cache or made now. */
  async function makeItem(job: JobContext<{ itemId: number; downloadId: string }>): Promise<{ files: number; cached: boolean }> {
    const item = await findItem(ctx.db, job.payload.itemId);
    if (!item || (item.status !== 'pending' && item.status !== 'running')) return { files: 0, cached: false };
    const request = item.request as unknown as ItemRequest;
    const kind: DocumentKind = { type: request.type, ...(request.subType ? { subType: request.subType } : {}) };
    await ctx.database.db.transaction(async (tx) => {
      await updateOpenItem(tx, item.id, { status: 'running', progress: DOWNLOAD_PROGRESS.STARTED });
      await announce(tx, { id: item.downloadId, event: 'progress' });
    });
    const cacheDir = cacheDirOf(kind, request.subject, request.catalogueVersion);
    let files = await storedFiles(cacheDir);
    const cached = files !== undefined;
    if (!files) {
      await ctx.database.db.transaction(async (tx) => {
        await updateOpenItem(tx, item.id, { progress: DOWNLOAD_PROGRESS.INTERMEDIATE });
        await announce(tx, { id: item.downloadId, event: 'progress' });
      });
      let made: MadeFile[];
      try {
        made = await make(kind, request.subject, makerDeps);
      } catch (error) {
        // The caller's input or the catalogue refuses it: another attempt cannot help.
        if (isAppError(error) && error.status < 500) throw new PermanentJobError(error.message, error.code);
        throw error;
      }
      job.signal.throwIfAborted();
      const stored: StoredDocumentFile[] = [];
      for (const [index, file] of made.entries()) {
        const key = `${cacheDir}/${index}-${safeName(file.fileName).toLowerCase()}`;
        const { size } = await deps.storage.put(key, Readable.from([file.body]));
        stored.push({ key, fileName: file.fileName, contentType: file.contentType, size });
      }
      await deps.storage.put(`${cacheDir}/manifest.json`, Readable.from([Buffer.from(JSON.stringify(stored))]));
      files = stored;
    }
    job.signal.throwIfAborted();
    const readyFiles = files;
    await ctx.database.db.transaction(async (tx) => {
      const moved = await updateOpenItem(tx, item.id, { status: 'ready', progress: DOWNLOAD_PROGRESS.READY, files: readyFiles, error: null });
      if (moved) await announce(tx, { id: item.downloadId, event: 'item', position: item.position });
      if (await settleDownloadIfDone(tx, item.downloadId, ctx.clock())) await announce(tx, { id: item.downloadId, event: 'settled' });
    });
    return { files: files.length, cached };
  }

  /** A document that failed for good: ERROR 3 for it, the rest of the download goes on. */
  async function failItem(itemId: number, error: unknown): Promise<void> {
    const code = error instanceof PermanentJobError ? error.code : 'ERROR_DOWNLOAD_FILE';
    await ctx.database.db.transaction(async (tx) => {
      const moved = await updateOpenItem(tx, itemId, { status: 'failed', progress: DOWNLOAD_PROGRESS.ERROR, error: code });
      if (!moved) return;
      await announce(tx, { id: moved.downloadId, event: 'progress' });
      if (await settleDownloadIfDone(tx, moved.downloadId, ctx.clock())) await announce(tx, { id: moved.downloadId, event: 'settled' });
    });
  }

  return {
    /** Registers the job handler (every process runs documents jobs). */
    registerWorker(concurrency = 2): void {
      deps.jobs.work<{ itemId: number; downloadId: string }>(DOCUMENTS_QUEUE, makeItem, {
        concurrency,
        onSettled: async ({ job, outcome, error }) => {
          if (outcome === 'failed') await failItem(job.payload.itemId, error);
        },
      });
    },

    /**
     * Starts a download: every item checked first (400 on the first field at fault, 403 for a project
     * the caller may not download from), then the download, its items and their jobs in one transaction.
     */
    async start(principal: Principal, input: StartInput): Promise<Download> {
      const projects = new Map<number, Project>();
      const versions = new Map<string, string>();
      const prepared: Array<{ position: number; name: string; request: ItemRequest; cached: StoredDocumentFile[] | undefined }> = [];
      if (input.projectId !== undefined) await downloadableProject(principal, input.projectId, input.lang, projects);
      for (const [index, item] of input.docs.entries()) {
        const { subject, model } = await subjectOf(principal, item, index, input, projects);
        const kind: DocumentKind = { type: item.type, ...(item.subType ? { subType: item.subType as DocumentKind['subType'] } : {}) };
        try {
          checkDocumentRequest(kind, subject);
        } catch (error) {
          throw prefixed(error, `docs.${index}`);
        }
        const versionKey = `${subject.catalogId}:${model}`;
        let version = versions.get(versionKey);
        if (version === undefined) {
          version = await catalogueVersion(model.toUpperCase(), subject.catalogId, subject.language, `docs.${index}.params.model`);
          versions.set(versionKey, version);
        }
        const name = `${String(index + 1).padStart(3, '0')}-${model.toUpperCase()}-${item.type}${item.subType ? `-${item.subType}` : ''}`;
        // Made before (same kind, language, configuration and catalogue data): ready at once, no job.
        const cached = await storedFiles(cacheDirOf(kind, subject, version));
        prepared.push({ position: index, name, request: { type: item.type, subType: kind.subType ?? null, model: model.toUpperCase(), subject, catalogueVersion: version }, cached });
      }
      const project = input.projectId !== undefined ? projects.get(input.projectId) : undefined;
      const title = input.title ?? project?.name ?? prepared.map((item) => item.request.model).filter((model, i, all) => all.indexOf(model) === i).slice(0, 3).join(', ');
      const now = ctx.clock();
      const id = await ctx.database.db.transaction(async (tx) => {
        const { download, items } = await insertDownload(
          tx,
          {
            userId: principal.userId,
            projectId: input.projectId ?? null,
            catalogId: input.catalogId,
            lang: input.lang,
            title: title.slice(0, 100),
            delivery: input.delivery,
            zipName: zipFileName(BRAND_PREFIX[input.catalogId], now),
            createdAt: now,
          },
          prepared.map((item) => ({ position: item.position, name: item.name, request: item.request as unknown as Record<string, unknown> })),
        );
        const toMake = items.filter((item) => prepared[item.position]?.cached === undefined);
        for (const item of items) {
          const cached = prepared[item.position]?.cached;
          if (cached) await updateOpenItem(tx, item.id, { status: 'ready', progress: DOWNLOAD_PROGRESS.READY, files: cached });
        }
        const jobIds = await deps.jobs.enqueue(
          toMake.map((item) => ({ queue: DOCUMENTS_QUEUE, payload: { itemId: item.id, downloadId: download.id }, groupKey: `download:${download.id}`, maxAttempts: 3, priority: item.position })),
          tx,
        );
        await setItemJobs(
          tx,
          download.id,
          toMake.map((item, index) => ({ position: item.position, jobId: jobIds[index] ?? 0 })),
        );
        if (toMake.length === 0 && (await settleDownloadIfDone(tx, download.id, now))) await announce(tx, { id: download.id, event: 'settled' });
        return download.id;
      });
      const download = await read(id);
      if (!download) throw new AppError('INTERNAL');
      return download;
    },

    async list(principal: Principal): Promise<Download[]> {
      const rows = await listDownloadsOf(ctx.db, principal.userId, LISTED_DOWNLOADS);
      const items = await listItems(
        ctx.db,
        rows.map((row) => row.id),
      );
      return rows.map((row) =>
        toDownload(
          row,
          items.filter((item) => item.downloadId === row.id),
        ),
      );
    },

    async get(principal: Principal, id: string): Promise<Download> {
      const row = await owned(principal, id);
      return toDownload(row, await listItems(ctx.db, [row.id]));
    },

    /** Any process: the download as it stands (the socket reads it to tell its room). */
    read,

    /** Cancels the download: open items are cancelled and their jobs aborted wherever they run. */
    async cancel(principal: Principal, id: string): Promise<Download> {
      const row = await owned(principal, id);
      if (row.status === 'running') {
        await ctx.database.db.transaction(async (tx) => {
          await cancelDownload(tx, id, ctx.clock());
          await deps.jobs.cancel({ groupKey: `download:${id}` }, tx);
          await announce(tx, { id, event: 'settled' });
        });
      }
      return this.get(principal, id);
    },

    /** The files of a download to deliver: every ready item's (zip), or one file; the caller's own download only. */
    async deliverables(principal: Principal, id: string, pick?: { item: number; file: number }): Promise<{ download: DownloadRow; files: DeliverableFile[] }> {
      const download = await owned(principal, id);
      const files = await deliverablesOf(id, pick);
      if (pick && files.length === 0) throw new AppError('NOT_FOUND', 'No such file in the download (not ready, failed or cancelled)');
      if (files.length === 0) throw new AppError('CONFLICT', 'Nothing of the download is ready');
      return { download, files };
    },

    deliverablesOf,

    /** Bytes delivered so far, by document name (documents.socket.ts throttles the calls). */
    async announceFetch(id: string, fetch: Record<string, number>): Promise<void> {
      await announce(ctx.db, { id, event: 'fetch', fetch });
    },

    async openStored(file: StoredDocumentFile): Promise<Readable> {
      return deps.storage.read(file.key);
    },

    /** Once a delivery finished, its items count as saved (17). */
    async markDelivered(downloadId: string, positions: readonly number[]): Promise<void> {
      await ctx.database.db.transaction(async (tx) => {
        await markItemsDelivered(tx, downloadId, positions, DOWNLOAD_PROGRESS.MAX);
        await announce(tx, { id: downloadId, event: 'progress' });
      });
    },

    /** GET docs-web: the documents a product has, with sizes when they were made already. */
    /**
     * GET apiv2 documents/generate-creation-specsheet/{code} (spec §7): the creation spec sheet of a
     * creation the caller may download, found by its code among the projects they see (404 otherwise,
     * 403 without project.download), made at once in the caller's language.
     */
    async creationSpecSheet(principal: Principal, creationCode: string, lang: Lang): Promise<MadeFile> {
      const { projectId, productId } = await deps.projects.creationLine(principal, creationCode);
      const project = await downloadableProject(principal, projectId, lang, new Map());
      const line = project.products.find((product) => product._id === productId);
      if (!line || line.type !== 'CREATION' || !line.creationCode) throw new AppError('NOT_FOUND', 'No creation with this code in your projects');
      const subject: DocumentSubject = {
        catalogId: project.catalogId as CatalogId,
        language: lang,
        creation: { code: line.creationCode, name: creationFileName(project, line), model: line.model, compositions: line.compositions, validated: line.validation.status === 'VALIDATED', space: line.space ?? null },
      };
      const [sheet] = await make({ type: 'creationSpecSheet', subType: 'creation' }, subject, makerDeps);
      if (!sheet) throw new AppError('NOT_FOUND', 'No spec sheet for this creation');
      return sheet;
    },

    async available(query: { catalog: CatalogId; language: Lang; model: string; productType: 'REGULAR' | 'CREATION'; files?: DocumentKind['type'][] | undefined }): Promise<DocsWebList> {
      const model = query.model.toUpperCase();
      const version = await catalogueVersion(model, query.catalog, query.language, 'model');
      const types = query.files ?? (['specSheet', 'creationSpecSheet', 'manual', 'energyLabel', '2D_3D', 'imagesHD', 'photometry'] as const);
      const documents: AvailableDocument[] = [];
      for (const type of types) {
        const creationOnly = type === 'creationSpecSheet';
        const subTypes = (DOCUMENT_SUBTYPES[type].length > 0 ? DOCUMENT_SUBTYPES[type] : [null]) as Array<string | null>;
        for (const subType of subTypes) {
          let reason: string | null = null;
          if (query.productType === 'CREATION' && type === 'energyLabel') reason = 'ENERGY_DISABLED_FOR_CREATIONS';
          else if (query.catalog === 21 && type === 'energyLabel') reason = 'NO_EU_ENERGY_LABEL_IN_US_CATALOGUE';
          else if (query.productType === 'REGULAR' && (creationOnly || subType === 'manualCreation')) reason = 'CREATIONS_ONLY';
          else if (query.productType === 'CREATION' && (type === 'specSheet' || subType === 'regular')) reason = 'REGULAR_ONLY';
          let size: number | null = null;
          if (reason === null && query.productType === 'REGULAR') {
            const kind: DocumentKind = { type, ...(subType ? { subType: subType as DocumentKind['subType'] } : {}) };
            const subject: DocumentSubject = { catalogId: query.catalog, language: query.language, product: { model } };
            const files = await storedFiles(cacheDirOf(kind, subject, version));
            size = files ? files.reduce((sum, file) => sum + file.size, 0) : null;
          }
          documents.push({ type, subType, available: reason === null, reason, size });
        }
      }
      return { model, catalogId: query.catalog, lang: query.language, documents };
    },
  };
}


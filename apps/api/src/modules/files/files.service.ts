import { createHash, randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { MAX_UPLOAD_BYTES, TEMP_UPLOAD_TTL_MS, type TempUpload, UPLOAD_EXTENSIONS, type UploadExtension, UploadPurpose } from '@lumen/contracts';
import { fileExtension, isAllowedUploadExtension } from '@lumen/domain';
import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { AppError } from '../../errors';
import { createRateLimiter, type RateCheck } from '../../http/rate-limits';
import type { FileStorage } from '../../lib/file-storage';
import {
  deleteTemporaryUpload,
  findUploadedFile,
  insertUploadedFile,
  listExpiredUploads,
  lockUploadedFiles,
  markAttached,
  type UploadedFileRow,
} from './files.repository';

/** How much of the start of a file is kept to read what it is (Office files name their parts in the first entries of the zip). */
const SNIFF_BYTES = 256 * 1024;

/**
 * What each allowed extension must turn out to be, as file-type reads the content. The Office 97
 * formats (doc, xls, ppt) share one container (Compound File Binary); text has no magic number, so
 * it is text when file-type finds nothing and no byte is a control character (txt below).
 */
const EXPECTED: Readonly<Record<Exclude<UploadExtension, 'txt'>, readonly string[]>> = {
  pdf: ['pdf'],
  gif: ['gif'],
  jpg: ['jpg'],
  jpeg: ['jpg'],
  tif: ['tif'],
  tiff: ['tif'],
  mpg: ['mpg'],
  mpeg: ['mpg'],
  avi: ['avi'],
  doc: ['cfb'],
  xls: ['cfb'],
  ppt: ['cfb'],
  docx: ['docx'],
  xlsx: ['xlsx'],
  pptx: ['pptx'],
};

/** The image types whose metadata (EXIF with a site's GPS position, XMP, IPTC, comments) is removed on upload. */
const IMAGE_TYPES: Readonly<Record<string, 'jpeg' | 'tiff' | 'gif'>> = { 'image/jpeg': 'jpeg', 'image/tiff': 'tiff', 'image/gif': 'gif' };

/**
 * The image again without any metadata (issue 29 §9), by sharp (libvips): decoded and encoded anew,
 * which keeps nothing but the pixels (sharp writes no EXIF, XMP, IPTC or comment unless asked);
 * the EXIF orientation is applied to the pixels first so the picture still stands the right way.
 * JPEG at quality 92 (4:4:4 chroma), TIFF with LZW, GIF every frame. A file sharp cannot read is
 * refused as not being what it says.
 */
export async function withoutMetadata(content: Buffer, kind: 'jpeg' | 'tiff' | 'gif'): Promise<Buffer> {
  try {
    const image = sharp(content, { animated: kind === 'gif', limitInputPixels: 100_000_000 }).rotate();
    if (kind === 'jpeg') return await image.jpeg({ quality: 92, chromaSubsampling: '4:4:4' }).toBuffer();
    if (kind === 'tiff') return await image.tiff({ compression: 'lzw' }).toBuffer();
    return await image.gif().toBuffer();
  } catch {
    throw new AppError('FILE_CONTENT_MISMATCH', 'The image cannot be read', [{ path: 'body.file', message: 'formError.fileContent' }]);
  }
}

/** Uploads an account may make per hour, and a visitor per IP address (each is at most 10 MiB). */
export const UPLOAD_LIMITS = {
  user: { limit: 100, windowMs: 60 * 60 * 1000 },
  visitor: { limit: 20, windowMs: 60 * 60 * 1000 },
} as const;

/** C0 controls that never appear in text (tab, line feed, form feed, carriage return and escape may). */
function hasControlBytes(chunk: Uint8Array): boolean {
  for (const byte of chunk) {
    if (byte < 0x20 && byte !== 0x09 && byte !== 0x0a && byte !== 0x0c && byte !== 0x0d && byte !== 0x1b) return true;
    if (byte === 0x7f) return true;
  }
  return false;
}

/** The extension of a file name, lower case, if it is one an upload may have (the domain's rule). */
export function allowedExtension(fileName: string): UploadExtension | null {
  return isAllowedUploadExtension(fileName) ? (fileExtension(fileName) as UploadExtension) : null;
}

/**
 * The name a file is shown under: what the browser sent without any folder, control character,
 * invisible formatting or markup character, whitespace collapsed, at most 120 characters with its
 * extension kept; `file.<ext>` when nothing is left.
 */
export function safeFileName(raw: string, extension: UploadExtension): string {
  const base = raw.split(/[/\\]/).pop() ?? '';
  const cleaned = base
    .normalize('NFC')
    .replace(/\s+/gu, ' ')
    // Controls (C0, DEL, C1), bidi and zero-width formatting, lone surrogates, and < > " that markup reads.
    // eslint-disable-next-line no-control-regex -- removing control characters is the point
    .replace(/[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2066-\u2069\ufeff<>"]|[\ud800-\udfff]/gu, '')
    .replace(/ {2,}/gu, ' ')
    .trim()
    .replace(/^\.+/u, '');
  const stem = cleaned.slice(0, cleaned.length - extension.length - 1).trim();
  if (!cleaned.toLowerCase().endsWith(`.${extension}`) || stem === '') return `file.${extension}`;
  return `${[...stem].slice(0, 115).join('')}.${extension}`;
}

function purposeOf(raw: Partial<Record<'domain' | 'entity', string>>): UploadPurpose {
  const parsed = UploadPurpose.safeParse(raw);
  if (parsed.success) return parsed.data;
  throw new AppError(
    'VALIDATION_FAILED',
    'Say what the upload is for (domain, entity)',
    parsed.error.issues.map((issue) => ({ path: `querystring.${issue.path.join('.')}`, message: issue.message })),
  );
}

export interface TempUploadInput {
  /** The uploader, or null for a visitor. */
  userId: number | null;
  ip: string;
  purpose: Partial<Record<'domain' | 'entity', string>>;
  fileName: string;
  content: Readable;
}

export interface AttachRequest {
  ids: readonly string[];
  /** The account attaching the files (null: a visitor); an account's upload attaches only to its own requests. */
  userId: number | null;
  domain: string;
  entity: string;
  /** Where the ids came from in the caller's body, for the field errors (e.g. `body.files`). */
  field: string;
}

/**
 * Uploads (spec §3 "File upload", issue 11 §1): a file is stored as a temporary upload when its
 * extension is allowed, its size at most MAX_UPLOAD_BYTES and its content what the extension says;
 * a request (support, budget) attaches it in its own transaction, and a temporary upload no request
 * attached is removed after TEMP_UPLOAD_TTL_MS.
 */
export function createFilesService(ctx: AppContext, deps: { storage: FileStorage }) {
  const { db, clock } = ctx;
  const { storage } = deps;
  const limiter = createRateLimiter(db, clock);

  /** Hashes, counts and samples the stream on its way to the storage; refuses past the size limit. */
  function inspect(content: Readable) {
    const seen = { size: 0, hash: createHash('sha256'), head: [] as Buffer[], headBytes: 0, controlBytes: false };
    async function* passThrough(): AsyncGenerator<Buffer> {
      for await (const chunk of content as AsyncIterable<Buffer>) {
        seen.size += chunk.length;
        if (seen.size > MAX_UPLOAD_BYTES) throw new AppError('FILE_TOO_LARGE', `A file may hold at most ${MAX_UPLOAD_BYTES} bytes`);
        seen.hash.update(chunk);
        if (seen.headBytes < SNIFF_BYTES) {
          const part = chunk.subarray(0, SNIFF_BYTES - seen.headBytes);
          seen.head.push(part);
          seen.headBytes += part.length;
        }
        if (!seen.controlBytes && hasControlBytes(chunk)) seen.controlBytes = true;
        yield chunk;
      }
    }
    return { seen, stream: Readable.from(passThrough()) };
  }

  /** The media type the content shows, when it is what `extension` says; null when it lies. */
  async function contentTypeOf(extension: UploadExtension, head: Buffer, controlBytes: boolean): Promise<string | null> {
    const detected = await fileTypeFromBuffer(head);
    if (extension === 'txt') return detected === undefined && !controlBytes ? 'text/plain' : null;
    return detected && EXPECTED[extension].includes(detected.ext) ? detected.mime : null;
  }

  return {
    /** Counts an upload against the caller's hourly allowance (before its body is read). */
    async admit(userId: number | null, ip: string): Promise<void> {
      const check: RateCheck = userId === null ? { key: `upload:ip:${ip}`, policy: UPLOAD_LIMITS.visitor } : { key: `upload:user:${userId}`, policy: UPLOAD_LIMITS.user };
      await limiter.hit([check]);
    },

    /** Purpose from the query or the form fields; refused with the fields at fault. */
    purposeOf,

    async uploadTemp(input: TempUploadInput): Promise<TempUpload> {
      const purpose = purposeOf(input.purpose);
      const extension = allowedExtension(input.fileName);
      if (!extension) {
        input.content.resume();
        throw new AppError('FILE_TYPE_NOT_ALLOWED', `Allowed file types: ${UPLOAD_EXTENSIONS.join(', ')}`, [{ path: 'body.file', message: 'formError.fileType' }]);
      }
      const id = randomUUID();
      const storageKey = `uploads/${id}`;
      const { seen, stream } = inspect(input.content);
      await storage.put(storageKey, stream);
      try {
        if (seen.size === 0) throw new AppError('FILE_EMPTY', 'The file is empty', [{ path: 'body.file', message: 'formError.fileEmpty' }]);
        const contentType = await contentTypeOf(extension, Buffer.concat(seen.head), seen.controlBytes);
        if (!contentType) {
          throw new AppError('FILE_CONTENT_MISMATCH', `The content of the file is not a .${extension} file`, [{ path: 'body.file', message: 'formError.fileContent' }]);
        }
        // An image is kept without its metadata: stored again, its size and hash those of the clean file.
        let size = seen.size;
        let sha256 = seen.hash.digest('hex');
        const imageKind = IMAGE_TYPES[contentType];
        if (imageKind) {
          const chunks: Buffer[] = [];
          for await (const chunk of await storage.read(storageKey)) chunks.push(chunk as Buffer);
          const clean = await withoutMetadata(Buffer.concat(chunks), imageKind);
          await storage.put(storageKey, Readable.from([clean]));
          size = clean.length;
          sha256 = createHash('sha256').update(clean).digest('hex');
        }
        const now = clock();
        const expiresAt = new Date(now.getTime() + TEMP_UPLOAD_TTL_MS);
        const name = safeFileName(input.fileName, extension);
        await insertUploadedFile(db, {
          id,
          ownerUserId: input.userId,
          domain: purpose.domain,
          entity: purpose.entity,
          name,
          extension,
          contentType,
          size,
          sha256,
          storageKey,
          createdAt: now,
          expiresAt,
        });
        return { id, name, extension, contentType, size, expiresAt: expiresAt.toISOString() };
      } catch (error) {
        await storage.delete(storageKey);
        throw error;
      }
    },

    /**
     * Attaches temporary uploads to a request, in the caller's transaction: each id must be a live
     * temporary upload for this domain and entity, of the same account (or of a visitor). Refused with
     * the field at fault otherwise; nothing is attached then.
     */
    async attach(tx: DbOrTx, request: AttachRequest): Promise<UploadedFileRow[]> {
      const ids = [...new Set(request.ids)];
      const rows = await lockUploadedFiles(tx, ids);
      const now = clock();
      const byId = new Map(rows.map((row) => [row.id, row]));
      const problems = request.ids.flatMap((id, index) => {
        const row = byId.get(id);
        const usable =
          row !== undefined &&
          row.attachedAt === null &&
          row.expiresAt !== null &&
          row.expiresAt > now &&
          row.domain === request.domain &&
          row.entity === request.entity &&
          (row.ownerUserId === null || row.ownerUserId === request.userId);
        return usable ? [] : [{ path: `${request.field}.${index}`, message: 'formError.uploadNotFound' }];
      });
      if (problems.length > 0) throw new AppError('VALIDATION_FAILED', 'An attached file is unknown, expired or already used', problems);
      await markAttached(tx, ids, now);
      return ids.map((id) => byId.get(id)).filter((row): row is UploadedFileRow => row !== undefined);
    },

    /** A stored file and its content (for the requests that show their attachments). */
    async open(id: string): Promise<{ file: UploadedFileRow; content: Readable }> {
      const file = await findUploadedFile(db, id);
      if (!file) throw new AppError('NOT_FOUND', 'No such file');
      return { file, content: await storage.read(file.storageKey) };
    },

    /**
     * Removes temporary uploads past their expiry: the stored content first, then the row, so a
     * crash in between leaves a row that the next run removes (never content without a record).
     * `attach` refuses an expired upload, so nothing can attach one while it goes. Any process may
     * run it; returns how many were removed.
     */
    async pruneExpired(batch = 200): Promise<number> {
      const expired = await listExpiredUploads(db, clock(), batch);
      let removed = 0;
      for (const file of expired) {
        await storage.delete(file.storageKey);
        if (await deleteTemporaryUpload(db, file.id)) removed += 1;
      }
      return removed;
    },
  };
}

export type FilesService = ReturnType<typeof createFilesService>;

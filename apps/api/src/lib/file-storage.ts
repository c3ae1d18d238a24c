import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';

/**
 * Where the platform keeps the files users upload and the documents it makes. Every module goes
 * through this interface, so that a shared object store can replace the local disk when several api
 * processes run (DESIGN.md, "Growing past one machine"). Keys are relative, slash-separated paths of
 * lower-case letters, digits, `-`, `_` and `.` (no `..`): the caller chooses them, never a user.
 */
export interface FileStorage {
  /**
   * Writes `content` under `key`. The object appears whole or not at all: when the stream fails
   * (too large, aborted upload), what was written is removed and the error is thrown.
   */
  put(key: string, content: Readable): Promise<{ size: number }>;
  /** The object's content; throws `FileNotStoredError` when there is none. */
  read(key: string): Promise<Readable>;
  /** The object's size, or null when there is none. */
  size(key: string): Promise<number | null>;
  /** Removes the object; nothing happens when there is none. */
  delete(key: string): Promise<void>;
}

export class FileNotStoredError extends Error {
  constructor(readonly key: string) {
    super(`No stored file under ${key}`);
    this.name = 'FileNotStoredError';
  }
}

const KEY = /^[a-z0-9_-][a-z0-9._-]*(\/[a-z0-9_-][a-z0-9._-]*)*$/;

export function assertStorageKey(key: string): void {
  if (!KEY.test(key) || key.split('/').some((segment) => segment === '.' || segment === '..')) throw new Error(`Invalid storage key: ${key}`);
}

/**
 * The default storage: files under `root` (DATA_DIR/files), readable by the api's user only (0600
 * files in 0700 folders: uploads may hold personal data). A write goes to a temporary sibling first
 * and is renamed into place, so a reader never sees half a file, even after a crash.
 */
export function createLocalDiskStorage(root: string): FileStorage {
  const base = resolve(root);
  const pathOf = (key: string): string => {
    assertStorageKey(key);
    const path = resolve(base, ...key.split('/'));
    if (!path.startsWith(base + sep)) throw new Error(`Invalid storage key: ${key}`);
    return path;
  };
  return {
    async put(key, content) {
      const path = pathOf(key);
      await mkdir(dirname(path), { recursive: true, mode: 0o700 });
      const partial = join(dirname(path), `.${randomBytes(8).toString('hex')}.part`);
      const out = createWriteStream(partial, { mode: 0o600, flags: 'wx' });
      try {
        await pipeline(content, out);
        await rename(partial, path);
      } catch (error) {
        await rm(partial, { force: true });
        throw error;
      }
      return { size: out.bytesWritten };
    },
    async read(key) {
      const path = pathOf(key);
      const found = await stat(path).catch(() => null);
      if (!found?.isFile()) throw new FileNotStoredError(key);
      return createReadStream(path);
    },
    async size(key) {
      const found = await stat(pathOf(key)).catch(() => null);
      return found?.isFile() ? found.size : null;
    },
    async delete(key) {
      await rm(pathOf(key), { force: true });
    },
  };
}

/** Where the S3-compatible store is (STORAGE_URL and the S3_* variables, README "Object storage"). */
export interface S3StorageOptions {
  bucket: string;
  /** Prepended to every key (`<prefix>/<key>`); empty for none. */
  prefix: string;
  /** The service's URL for a store other than AWS (MinIO, s3rver, Ceph…); undefined for AWS itself. */
  endpoint: string | undefined;
  region: string;
  /** Path-style addressing (`<endpoint>/<bucket>/<key>`), which most self-hosted stores need. */
  forcePathStyle: boolean;
  /** Explicit credentials; undefined lets the SDK find them (AWS_ACCESS_KEY_ID…, instance roles). */
  credentials?: { accessKeyId: string; secretAccessKey: string } | undefined;
}

/**
 * The shared storage of several api processes: objects in an S3-compatible bucket, through the AWS
 * SDK for JavaScript v3. Writes stream through `@aws-sdk/lib-storage`'s Upload (multipart past 5 MiB,
 * so a zip never sits whole in memory; a failed stream aborts the upload, and S3 shows an object only
 * once it is complete, as the local disk's rename does); reads stream the object's body. Reads are
 * proxied through the api (never presigned URLs), so every download keeps passing the api's checks.
 */
export async function createS3Storage(options: S3StorageOptions): Promise<FileStorage> {
  const { S3Client, GetObjectCommand, HeadObjectCommand, DeleteObjectCommand, NoSuchKey, NotFound } = await import('@aws-sdk/client-s3');
  const { Upload } = await import('@aws-sdk/lib-storage');
  const { PassThrough, Readable } = await import('node:stream');
  const client = new S3Client({
    region: options.region,
    forcePathStyle: options.forcePathStyle,
    ...(options.endpoint ? { endpoint: options.endpoint } : {}),
    ...(options.credentials ? { credentials: options.credentials } : {}),
    // Checksums only where the API requires them: self-hosted stores (MinIO releases, s3rver) do not all
    // read the aws-chunked bodies that the SDK's default checksums send.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const objectKey = (key: string): string => {
    assertStorageKey(key);
    return options.prefix ? `${options.prefix}/${key}` : key;
  };
  const missing = (error: unknown): boolean =>
    error instanceof NoSuchKey || error instanceof NotFound || (error instanceof Error && (error.name === 'NoSuchKey' || error.name === 'NotFound'));
  return {
    async put(key, content) {
      const Key = objectKey(key);
      let size = 0;
      const counted = new PassThrough();
      counted.on('data', (chunk: Buffer) => {
        size += chunk.length;
      });
      const upload = new Upload({ client, params: { Bucket: options.bucket, Key, Body: counted }, queueSize: 2, partSize: 5 * 1024 * 1024, leavePartsOnError: false });
      // A failing source fails the upload (which then aborts its multipart parts).
      const source = pipeline(content, counted);
      const done = upload.done();
      try {
        await Promise.all([source, done]);
      } catch (error) {
        await upload.abort().catch(() => undefined);
        counted.destroy();
        await done.catch(() => undefined);
        await source.catch(() => undefined);
        throw error;
      }
      return { size };
    },
    async read(key) {
      try {
        const answer = await client.send(new GetObjectCommand({ Bucket: options.bucket, Key: objectKey(key) }));
        const body = answer.Body;
        if (body instanceof Readable) return body;
        if (body && 'transformToWebStream' in body) return Readable.fromWeb(body.transformToWebStream() as WebReadableStream);
        throw new FileNotStoredError(key);
      } catch (error) {
        if (missing(error)) throw new FileNotStoredError(key);
        throw error;
      }
    },
    async size(key) {
      try {
        const head = await client.send(new HeadObjectCommand({ Bucket: options.bucket, Key: objectKey(key) }));
        return head.ContentLength ?? 0;
      } catch (error) {
        if (missing(error) || (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404) return null;
        throw error;
      }
    },
    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket: options.bucket, Key: objectKey(key) }));
    },
  };
}

/**
 * The storage the configuration names: the S3-compatible bucket of STORAGE_URL (`s3://bucket/prefix`)
 * when it is set, else the local disk under DATA_DIR/files (the embedded default of `npm start`).
 */
export async function createConfiguredStorage(config: { dataDir: string; storage: S3StorageOptions | undefined }): Promise<FileStorage> {
  return config.storage ? createS3Storage(config.storage) : createLocalDiskStorage(join(config.dataDir, 'files'));
}

import type { Readable } from 'node:stream';
import type { AppContext } from '../../context';
import type { FileStorage } from '../../lib/file-storage';
import * as repo from './tools.repository';

export type PreconfigResultKind = 'preview' | 'pdf';

/** What the lists need to know of a preconfiguration's latest results: a version (the batch's job) per kind made. */
export interface PreconfigResultVersions {
  preview: number | null;
  pdf: number | null;
}

/**
 * The latest results of the tools' batches per preconfiguration (issue 32 §3): written by the batches
 * (tools.batches) as each preview image or PDF sheet is stored, read by the products module (its lists
 * and the preconfiguration's downloads) through this service. A file is the batch's own file in the
 * file storage (tools/batches/{job}/{n}); its version is the batch's job id, so its ETag changes with it.
 */
export function createPreconfigResults(ctx: AppContext, deps: { storage: Pick<FileStorage, 'read'> }) {
  return {
    async record(kind: PreconfigResultKind, result: { preconfigId: number; catalogId: number; key: string; jobId: number }): Promise<void> {
      await repo.upsertPreconfigResult(ctx.db, { ...result, kind, at: ctx.clock() });
    },

    async versions(ids: readonly number[]): Promise<Map<number, PreconfigResultVersions>> {
      const rows = await repo.preconfigResultsOf(ctx.db, ids);
      return new Map(rows.map((row) => [row.preconfigId, { preview: row.previewKey ? row.previewJobId : null, pdf: row.pdfKey ? row.pdfJobId : null }]));
    },

    /** The latest file of a kind, or null when no batch made one. */
    async open(id: number, kind: PreconfigResultKind): Promise<{ version: number; at: Date; content: () => Promise<Readable> } | null> {
      const row = await repo.preconfigResultOf(ctx.db, id);
      const key = kind === 'preview' ? row?.previewKey : row?.pdfKey;
      const version = kind === 'preview' ? row?.previewJobId : row?.pdfJobId;
      const at = kind === 'preview' ? row?.previewAt : row?.pdfAt;
      if (!key || version == null || !at) return null;
      return { version, at, content: () => deps.storage.read(key) };
    },
  };
}

export type PreconfigResults = ReturnType<typeof createPreconfigResults>;

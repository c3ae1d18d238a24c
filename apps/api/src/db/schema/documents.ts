import { bigint, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { projects } from './projects';
import { users } from './users';

/** One stored file of a made document (the cache's key in the file storage). */
export interface StoredDocumentFile {
  key: string;
  fileName: string;
  contentType: string;
  size: number;
}

/** A document asked for, as validated (type, subType, params, language). */
export type DocumentItemRequest = Record<string, unknown>;

/**
 * A user's request for documents (one or many, one zip or separate files): what /services/download
 * lists. Its files are made by jobs (src/lib/jobs, queue `documents.make`), one per item.
 * status: running → ready (every item settled; some may have failed) | failed (all failed) | cancelled.
 */
export const documentDownloads = pgTable(
  'document_downloads',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    projectId: integer('project_id').references(() => projects.id, { onDelete: 'set null' }),
    catalogId: integer('catalog_id').notNull(),
    lang: text('lang').notNull(),
    /** What the user sees in the list: the project's name, or the product's model. */
    title: text('title').notNull(),
    /** zip: one archive; files: each file on its own. */
    delivery: text('delivery').notNull(),
    status: text('status').notNull().default('running'),
    zipName: text('zip_name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (table) => [index('document_downloads_user_idx').on(table.userId, table.createdAt)],
);

/** One document of a download: its request, its job, its progress (0…17) and the files it made. */
export const documentDownloadItems = pgTable(
  'document_download_items',
  {
    id: serial('id').primaryKey(),
    downloadId: uuid('download_id')
      .notNull()
      .references(() => documentDownloads.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    request: jsonb('request').$type<DocumentItemRequest>().notNull(),
    /** The document's name in the progress events (unique within the download). */
    name: text('name').notNull(),
    /** pending → running → ready | failed | cancelled. */
    status: text('status').notNull().default('pending'),
    progress: integer('progress').notNull().default(0),
    files: jsonb('files').$type<StoredDocumentFile[]>().notNull().default([]),
    /** A machine code (ERROR_DOWNLOAD_FILE, MODEL_NOT_FOUND…), never internals. */
    error: text('error'),
    jobId: bigint('job_id', { mode: 'number' }),
  },
  (table) => [uniqueIndex('document_download_items_position_unique').on(table.downloadId, table.position)],
);

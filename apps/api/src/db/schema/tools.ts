import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { catalogs } from './catalogue';

/**
 * The latest results of the internal tools' batches per preconfiguration (issue 32 §3; src/modules/tools):
 * the preview image and the PDF spec sheet a batch made last (their files in the platform's file storage,
 * the batch's job, which names who asked for it, and when). Written by the batches, read by the preconfiguration lists and downloads.
 */
export const preconfigResults = pgTable('preconfig_results', {
  preconfigId: integer('preconfig_id').primaryKey(),
  catalogId: integer('catalog_id')
    .notNull()
    .references(() => catalogs.id),
  previewKey: text('preview_key'),
  previewJobId: integer('preview_job_id'),
  previewAt: timestamp('preview_at', { withTimezone: true }),
  pdfKey: text('pdf_key'),
  pdfJobId: integer('pdf_job_id'),
  pdfAt: timestamp('pdf_at', { withTimezone: true }),
});

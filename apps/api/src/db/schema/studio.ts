import { index, integer, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { catalogs } from './catalogue';

/**
 * The image studio (issue 32 §1; src/modules/studio): every HD image a studio batch rendered (its file
 * in the platform's file storage) with its review, and the catalogue's published images: the studio
 * images that product administration's publication made the image of a model in a finish.
 */
export const studioImages = pgTable(
  'studio_images',
  {
    id: serial('id').primaryKey(),
    /** The batch's job (lib/jobs). */
    batchId: integer('batch_id').notNull(),
    catalogId: integer('catalog_id')
      .notNull()
      .references(() => catalogs.id),
    model: text('model').notNull(),
    finish: text('finish').notNull(),
    shot: text('shot').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    fileKey: text('file_key').notNull(),
    /** pending, approved, rejected. */
    review: text('review').notNull().default('pending'),
    reviewedBy: text('reviewed_by'),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('studio_images_batch_idx').on(table.batchId, table.id)],
);

/** The catalogue's image of a model in a finish, written by a publication (product-admin.publish, draft kind `image`). */
export const catalogueImages = pgTable(
  'catalogue_images',
  {
    catalogId: integer('catalog_id')
      .notNull()
      .references(() => catalogs.id),
    model: text('model').notNull(),
    finish: text('finish').notNull(),
    studioImageId: integer('studio_image_id').notNull(),
    shot: text('shot').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    fileKey: text('file_key').notNull(),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.catalogId, table.model, table.finish] })],
);

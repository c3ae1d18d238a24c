import { boolean, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { catalogs } from './catalogue';

/**
 * Product administration (issue 31; src/modules/product-admin): the brand's product managers edit a
 * draft per catalogue and publish it in one transaction. The published catalogue stays in the
 * catalogue tables (catalogue.ts); these tables hold the draft, the published version and what each
 * publication changed (so it can be undone), and the exclusion rules made in the rule editor.
 */

/** The published version of a catalogue: publishing and restoring move it; the catalogue caches key on it (a trigger announces its changes). */
export const catalogueVersions = pgTable('catalogue_versions', {
  catalogId: integer('catalog_id')
    .primaryKey()
    .references(() => catalogs.id),
  version: integer('version').notNull().default(1),
  publishedAt: timestamp('published_at', { withTimezone: true }),
  publishedBy: text('published_by'),
});

/**
 * One entity's change in a catalogue's draft (kind: price, article, finish, modelName, rule,
 * preconfig; key: the entity within its kind). `value` is the drafted value (null: removed), `revision`
 * counts its saves (optimistic concurrency: a save names the revision it read).
 */
export const catalogueDraftChanges = pgTable(
  'catalogue_draft_changes',
  {
    catalogId: integer('catalog_id')
      .notNull()
      .references(() => catalogs.id),
    kind: text('kind').notNull(),
    key: text('key').notNull(),
    value: jsonb('value'),
    revision: integer('revision').notNull().default(1),
    updatedById: integer('updated_by_id'),
    updatedBy: text('updated_by').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.catalogId, table.kind, table.key] })],
);

/** What a publication (or a restore) changed, entity by entity with before and after: the restore applies the befores back. */
export const cataloguePublications = pgTable(
  'catalogue_publications',
  {
    id: serial('id').primaryKey(),
    catalogId: integer('catalog_id')
      .notNull()
      .references(() => catalogs.id),
    version: integer('version').notNull(),
    action: text('action').notNull(),
    changes: jsonb('changes').$type<Array<{ kind: string; key: string; before: unknown; after: unknown }>>().notNull(),
    /** A publication undone by a restore is not undone again. */
    restored: boolean('restored').notNull().default(false),
    publishedById: integer('published_by_id'),
    publishedBy: text('published_by').notNull(),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('catalogue_publications_catalog_idx').on(table.catalogId, table.id)],
);

/** Exclusion rules made in the rule editor and published, per catalogue and collection: the products service adds them to the collection's rule book. */
export const catalogueRuleSets = pgTable(
  'catalogue_rule_sets',
  {
    catalogId: integer('catalog_id')
      .notNull()
      .references(() => catalogs.id),
    subFamilyId: integer('sub_family_id').notNull(),
    ruleId: text('rule_id').notNull(),
    data: jsonb('data').notNull(),
  },
  (table) => [primaryKey({ columns: [table.catalogId, table.subFamilyId, table.ruleId] })],
);

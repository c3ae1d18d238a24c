import { boolean, index, integer, jsonb, numeric, pgTable, primaryKey, serial, text } from 'drizzle-orm/pg-core';
import { companies } from './users';

/**
 * The catalogue (spec configuration-domain §3): catalogues and price rates, collections
 * (subfamilies), models, articles, variations, prices, accessories, preconfigurations and the
 * catalogue documents (decision trees, configurator configs, rule books, dictionaries). Pictures are
 * drawn from the models' data on request (src/modules/images).
 * Written by the catalogue seed only; read-mostly. Shapes that the api hands out as they are live in
 * jsonb `data`; what the reads filter on is in columns with indexes.
 */

export const catalogs = pgTable('catalogs', {
  id: integer('id').primaryKey(),
  name: text('name').notNull(),
  currency: text('currency').notNull(),
  brandCodes: jsonb('brand_codes').$type<string[]>().notNull(),
  defaultRateId: integer('default_rate_id').notNull(),
});

export const priceRates = pgTable('price_rates', {
  id: integer('id').primaryKey(),
  catalogId: integer('catalog_id')
    .notNull()
    .references(() => catalogs.id),
  name: text('name').notNull(),
  currency: text('currency').notNull(),
});

export const catalogueCollections = pgTable(
  'catalogue_collections',
  {
    catalogId: integer('catalog_id')
      .notNull()
      .references(() => catalogs.id),
    subFamilyId: integer('sub_family_id').notNull(),
    familyId: integer('family_id').notNull(),
    sortOrder: integer('sort_order').notNull(),
    active: boolean('active').notNull().default(true),
    data: jsonb('data').notNull(),
  },
  (table) => [primaryKey({ columns: [table.catalogId, table.subFamilyId] })],
);

export const catalogueModels = pgTable(
  'catalogue_models',
  {
    catalogId: integer('catalog_id')
      .notNull()
      .references(() => catalogs.id),
    model: text('model').notNull(),
    subFamilyId: integer('sub_family_id').notNull(),
    applicationLocationId: integer('application_location_id').notNull(),
    categoryId: integer('category_id').notNull(),
    virtual: boolean('virtual').notNull().default(false),
    active: boolean('active').notNull().default(true),
    data: jsonb('data').notNull(),
  },
  (table) => [primaryKey({ columns: [table.catalogId, table.model] }), index('catalogue_models_subfamily_idx').on(table.catalogId, table.subFamilyId)],
);

export const catalogueArticles = pgTable(
  'catalogue_articles',
  {
    catalogId: integer('catalog_id')
      .notNull()
      .references(() => catalogs.id),
    reference: text('reference').notNull(),
    model: text('model').notNull(),
    referenceBase: text('reference_base').notNull(),
    finish: text('finish').notNull(),
    ledColourTemp: text('led_colour_temp'),
    control: text('control'),
    installation: text('installation'),
    isBase: boolean('is_base').notNull().default(false),
    active: boolean('active').notNull().default(true),
    moq: integer('moq').notNull().default(1),
    leadtime: jsonb('leadtime').$type<Array<{ from: number; weeks: number }>>().notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.catalogId, table.reference] }),
    index('catalogue_articles_model_idx').on(table.catalogId, table.model),
  ],
);

export const catalogueVariations = pgTable(
  'catalogue_variations',
  {
    id: serial('id').primaryKey(),
    catalogId: integer('catalog_id')
      .notNull()
      .references(() => catalogs.id),
    model: text('model').notNull(),
    type: text('type').notNull(),
    modifier: text('modifier').notNull(),
    data: jsonb('data').notNull(),
  },
  (table) => [index('catalogue_variations_model_idx').on(table.catalogId, table.model)],
);

/** Base prices per price reference (the base article's reference) and rate. */
export const cataloguePrices = pgTable(
  'catalogue_prices',
  {
    catalogId: integer('catalog_id')
      .notNull()
      .references(() => catalogs.id),
    priceReference: text('price_reference').notNull(),
    rateId: integer('rate_id')
      .notNull()
      .references(() => priceRates.id),
    salePrice: numeric('sale_price', { precision: 12, scale: 2 }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.catalogId, table.priceReference, table.rateId] })],
);

export const catalogueAccessories = pgTable(
  'catalogue_accessories',
  {
    catalogId: integer('catalog_id')
      .notNull()
      .references(() => catalogs.id),
    reference: text('reference').notNull(),
    subFamilyId: integer('sub_family_id').notNull(),
    data: jsonb('data').notNull(),
  },
  (table) => [primaryKey({ columns: [table.catalogId, table.reference] }), index('catalogue_accessories_subfamily_idx').on(table.catalogId, table.subFamilyId)],
);

export const cataloguePreconfigs = pgTable(
  'catalogue_preconfigs',
  {
    id: integer('id').primaryKey(),
    catalogId: integer('catalog_id')
      .notNull()
      .references(() => catalogs.id),
    subFamilyId: integer('sub_family_id').notNull(),
    familyId: integer('family_id').notNull(),
    visibility: text('visibility').notNull(),
    data: jsonb('data').notNull(),
  },
  (table) => [index('catalogue_preconfigs_subfamily_idx').on(table.catalogId, table.subFamilyId)],
);

/**
 * Catalogue documents served as they are, by kind and key: decision trees, configurator configs,
 * rule books (per subfamily), dictionaries (attributes, categories, application locations).
 */
export const catalogueDocuments = pgTable(
  'catalogue_documents',
  {
    kind: text('kind').notNull(),
    key: text('key').notNull(),
    data: jsonb('data').notNull(),
  },
  (table) => [primaryKey({ columns: [table.kind, table.key] })],
);

/** What the loaded catalogue is (data hash), so the seed reloads only when the data changed. */
export const catalogueMeta = pgTable('catalogue_meta', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
});

/** A company's commercial terms: its price rate and its discount percent per article sublevel. */
export const companyPriceTerms = pgTable('company_price_terms', {
  companyId: integer('company_id')
    .primaryKey()
    .references(() => companies.id, { onDelete: 'cascade' }),
  rateId: integer('rate_id').references(() => priceRates.id),
  sublevelDiscounts: jsonb('sublevel_discounts').$type<Record<string, number>>().notNull(),
});

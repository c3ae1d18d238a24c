import { z } from 'zod';
import { IdQuery } from './input';

/** Interface languages (spec §1). `us` is American English, locale en-US. Default en. */
export const LANGS = ['en', 'us', 'fr', 'de', 'it', 'es'] as const;
export const Lang = z.enum(LANGS);
export type Lang = z.infer<typeof Lang>;
export const DEFAULT_LANG: Lang = 'en';

/** BCP 47 locale of each interface language, for Intl formatting. */
export const LOCALE_OF: Readonly<Record<Lang, string>> = {
  en: 'en-GB',
  us: 'en-US',
  fr: 'fr-FR',
  de: 'de-DE',
  it: 'it-IT',
  es: 'es-ES',
};

/** Catalogues: international 16 (INT, EUR) and United States 21 (USA, USD). Default 16. */
export const CATALOGS = { 16: { name: 'INT', currency: 'EUR' }, 21: { name: 'USA', currency: 'USD' } } as const;
export const CatalogId = z.union([z.literal(16), z.literal(21)]);
export type CatalogId = z.infer<typeof CatalogId>;
export const DEFAULT_CATALOG_ID: CatalogId = 16;

/** A query-string catalogue id ("16" or "21"). */
export const CatalogIdQuery = z.coerce.number().pipe(CatalogId);

/** A `language` query parameter: the short code; en-US is accepted and read as us. */
export const LangQuery = z.preprocess((value) => (value === 'en-US' ? 'us' : value), Lang);

export const IdParam = z.object({ id: IdQuery });

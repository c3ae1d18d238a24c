import { z } from 'zod';
import { LANGS } from './constants';
import { IdQuery, SafeText } from './input';

// Languages: LANGS, DEFAULT_LANG, LOCALE_OF and isLang live in constants.ts (no zod).
export { DEFAULT_LANG, isLang, LANGS, LOCALE_OF } from './constants';
export const Lang = z.enum(LANGS);
export type Lang = z.infer<typeof Lang>;

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

/** A text in the six interface languages, every one given (what the configurators and catalogue show). */
export const SixTexts = z.strictObject(Object.fromEntries(LANGS.map((lang) => [lang, SafeText.trim().min(1).max(300)])) as Record<(typeof LANGS)[number], z.ZodString>);
export type SixTexts = Record<(typeof LANGS)[number], string>;

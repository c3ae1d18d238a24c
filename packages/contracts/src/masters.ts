import { z } from 'zod';
import { Lang, LangQuery } from './common';

/** Translation domains served by masters keys/domains (spec §7). Keys are flat, dotted strings. */
export const TRANSLATION_DOMAINS = ['fr-eproject', 'fr-widgets', 'common-front'] as const;
export const TranslationDomain = z.enum(TRANSLATION_DOMAINS);
export type TranslationDomain = z.infer<typeof TranslationDomain>;
export const TranslationFile = z.record(z.string(), z.string());
export type TranslationFile = z.infer<typeof TranslationFile>;

export const TranslationFileParams = z.object({ domain: TranslationDomain });

/** Languages (spec §3): id, isoCode, description in the asked language. */
export const Language = z.object({ id: z.number().int(), isoCode: Lang, description: z.string() });
export type Language = z.infer<typeof Language>;
export const LanguageList = z.array(Language);

export const LanguageQuery = z.object({ lang: LangQuery.optional() });

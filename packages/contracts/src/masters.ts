import { z } from 'zod';

/** Translation domains served by masters keys/domains (spec §7). Keys are flat, dotted strings. */
export const TRANSLATION_DOMAINS = ['fr-eproject', 'fr-widgets', 'common-front'] as const;
export const TranslationDomain = z.enum(TRANSLATION_DOMAINS);
export type TranslationDomain = z.infer<typeof TranslationDomain>;
export const TranslationFile = z.record(z.string(), z.string());
export type TranslationFile = z.infer<typeof TranslationFile>;

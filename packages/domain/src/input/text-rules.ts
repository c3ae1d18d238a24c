/**
 * The text rules that need no schema library: the translation keys of form errors, the lengths, the
 * title pattern, and a title's check. The web checks its project forms with titleIssue, so that the
 * projects pages load no zod; input-rules.ts builds the zod schemas from the same values, and a
 * property test keeps titleIssue and those schemas in agreement.
 */

/** The translation keys the schemas report. formError.required and formError.email come from the spec. */
export const FORM_ERROR = {
  required: 'formError.required',
  email: 'formError.email',
  pattern: 'formError.pattern',
  maxLength: 'formError.maxLength',
  fileExtension: 'formError.fileExtension',
  fileSize: 'formError.fileSize',
} as const;
export type FormErrorKey = (typeof FORM_ERROR)[keyof typeof FORM_ERROR];

export const MAX_LENGTH = {
  projectTitle: 50,
  textArea: 4000,
  emails: 248,
  versionTitle: 30,
} as const;

/**
 * Titles (project and version titles): a title is a title, not a person's name ("Hotel St. Regis,
 * lobby", "Planta 2 – zona B", "Отель «Москва»", "北京饭店"). Letters and marks of any script, digits,
 * spaces, and the punctuation people write in titles; no control character, no tab or line break,
 * nothing that reads as markup or code (< > { } \ ` | ~ ^).
 */
export const TITLE_PATTERN = /^[\p{L}\p{M}\p{N} \-_'&()+.,:;!?¡¿"/%€$£@#*=[\]ºª°·–—‘’“”«»…]*$/u;

/**
 * The first thing wrong with a title of at most `maxLength` characters once trimmed (the message
 * projectTitleSchema / versionTitleSchema report first), or null when it is fine.
 */
export function titleIssue(value: string, maxLength: number): FormErrorKey | null {
  const title = value.trim();
  if (title === '') return FORM_ERROR.required;
  if (!TITLE_PATTERN.test(title)) return FORM_ERROR.pattern;
  if (title.length > maxLength) return FORM_ERROR.maxLength;
  return null;
}

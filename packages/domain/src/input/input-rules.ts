/**
 * Input rules shared by api and web (spec platform-core §5, configuration-domain §5): the name and
 * text-area patterns and uploads, as zod 4 schemas whose messages are translation keys (the keys,
 * lengths and title pattern are in text-rules.ts, which needs no zod).
 */
import { MAX_UPLOAD_BYTES, TEXTAREA_PATTERN, UPLOAD_EXTENSIONS } from '@lumen/contracts/constants';
import { z } from 'zod';
import { FORM_ERROR, MAX_LENGTH, TITLE_PATTERN } from './text-rules';

/**
 * Names: ASCII letters, digits, spaces and tabs, - _ ' & ( ) + and the Latin-1 range À–ÿ
 * (U+00C0–U+00FF). No newlines.
 */
export const NAME_PATTERN = /^[A-Za-z0-9 \t\-_'&()+\u00C0-\u00FF]*$/;

/** Text areas: everything a name allows plus newlines and punctuation (defined with the wire limits). */
export { TEXTAREA_PATTERN } from '@lumen/contracts/constants';

// The upload limits are wire limits too: defined once, zod-free, in the contracts (the web's first load reads them there).
export { MAX_UPLOAD_BYTES, UPLOAD_EXTENSIONS, type UploadExtension } from '@lumen/contracts/constants';

export function isValidName(text: string): boolean {
  return NAME_PATTERN.test(text);
}

export function isValidTextArea(text: string): boolean {
  return TEXTAREA_PATTERN.test(text);
}

/** The lower-case extension after the last dot, when there is a non-empty base name before it. */
export function fileExtension(fileName: string): string | undefined {
  const base = fileName.split(/[\\/]/).pop() ?? '';
  const dot = base.lastIndexOf('.');
  if (dot <= 0 || dot === base.length - 1) return undefined;
  return base.slice(dot + 1).toLowerCase();
}

export function isAllowedUploadExtension(fileName: string): boolean {
  const extension = fileExtension(fileName);
  return extension !== undefined && (UPLOAD_EXTENSIONS as readonly string[]).includes(extension);
}

export function isAllowedUploadSize(bytes: number): boolean {
  return Number.isSafeInteger(bytes) && bytes >= 0 && bytes <= MAX_UPLOAD_BYTES;
}

/** A required, trimmed text: missing or blank → formError.required. */
export const requiredTextSchema = z.string({ error: FORM_ERROR.required }).trim().min(1, { error: FORM_ERROR.required });

/** A required name (trimmed, name pattern). */
export const nameSchema = requiredTextSchema.regex(NAME_PATTERN, { error: FORM_ERROR.pattern });

/** A required title (trimmed, title pattern); text-rules.ts's titleIssue gives the same first message without zod. */
const titleSchema = requiredTextSchema.regex(TITLE_PATTERN, { error: FORM_ERROR.pattern });

/** Project title: a title of at most 50 characters. */
export const projectTitleSchema = titleSchema.max(MAX_LENGTH.projectTitle, { error: FORM_ERROR.maxLength });

/** Project version title: a title of at most 30 characters. */
export const versionTitleSchema = titleSchema.max(MAX_LENGTH.versionTitle, { error: FORM_ERROR.maxLength });

/** An optional text area (comments, descriptions): at most 4000 characters, text-area pattern. */
export const textAreaSchema = z
  .string({ error: FORM_ERROR.pattern })
  .max(MAX_LENGTH.textArea, { error: FORM_ERROR.maxLength })
  .regex(TEXTAREA_PATTERN, { error: FORM_ERROR.pattern });

/** A required text area. */
export const requiredTextAreaSchema = requiredTextSchema
  .max(MAX_LENGTH.textArea, { error: FORM_ERROR.maxLength })
  .regex(TEXTAREA_PATTERN, { error: FORM_ERROR.pattern });

/** One e-mail address: required, at most 248 characters, a valid address; trimmed and lower-cased. */
export const emailSchema = requiredTextSchema
  .max(MAX_LENGTH.emails, { error: FORM_ERROR.maxLength })
  .pipe(z.email({ error: FORM_ERROR.email }))
  .transform((email) => email.toLowerCase());

/**
 * An e-mails input: one or more addresses separated by commas or semicolons, at most 248
 * characters in all; gives the list of addresses.
 */
export const emailListSchema = requiredTextSchema
  .max(MAX_LENGTH.emails, { error: FORM_ERROR.maxLength })
  .transform((text) => text.split(/[,;]/).map((part) => part.trim()).filter((part) => part !== ''))
  .pipe(z.array(z.email({ error: FORM_ERROR.email }).transform((email) => email.toLowerCase())).min(1, { error: FORM_ERROR.required }));

/** An upload: allowed extension and at most 10485760 bytes. */
export const uploadFileSchema = z.object({
  name: requiredTextSchema.refine(isAllowedUploadExtension, { error: FORM_ERROR.fileExtension }),
  size: z.number({ error: FORM_ERROR.fileSize }).refine(isAllowedUploadSize, { error: FORM_ERROR.fileSize }),
});
export type UploadFile = z.infer<typeof uploadFileSchema>;

import { z } from 'zod';
import { CatalogId, CatalogIdQuery, Lang, LangQuery } from './common';
import { Id, INT4_MAX, SafeText } from './input';
import { Email } from './users';

/** Text-area input (spec §5): at most 4,000 characters, line breaks and tabs allowed, no other control character. */
export const TextAreaText = SafeText.trim()
  .max(4000)
  // eslint-disable-next-line no-control-regex -- refusing control characters is the point
  .regex(/^[^\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]*$/u, 'formError.invalidCharacters');

/** Files a request may attach. */
export const MAX_REQUEST_FILES = 10;

/** `roleIds=1,3` (spec §7: role ids comma-joined). */
const RoleIdsQuery = z
  .string()
  .max(100)
  .regex(/^\d{1,3}(,\d{1,3})*$/, 'formError.roleIds')
  .transform((text) => text.split(',').map(Number))
  .pipe(z.array(z.number().int().positive().max(INT4_MAX)).max(20));

/** GET /api/support/v1/support-types */
export const SupportTypesQuery = z.object({ catalogId: CatalogIdQuery, lang: LangQuery, roleIds: RoleIdsQuery.optional() });

/** A subject a support request may be about, in the caller's language. */
export const SupportType = z.object({ id: Id, code: z.string(), name: z.string() });
export type SupportType = z.infer<typeof SupportType>;
export const SupportTypesResponse = z.array(SupportType);

/**
 * Who to answer. A visitor must give a name and an e-mail (400 naming them otherwise); an account's
 * own name and e-mail are used, and only a phone or company given here is kept.
 */
export const SupportContact = z.object({
  name: SafeText.trim()
    .min(1, 'formError.required')
    .max(100)
    .regex(/^[^\p{Cc}]+$/u, 'formError.invalidCharacters')
    .optional(),
  email: Email.optional(),
  phone: SafeText.trim()
    .max(30)
    .regex(/^[0-9+()\-./ ]*$/, 'formError.phone')
    .optional(),
  company: SafeText.trim()
    .max(100)
    .regex(/^[^\p{Cc}]*$/u, 'formError.invalidCharacters')
    .optional(),
});
export type SupportContact = z.infer<typeof SupportContact>;

/** POST /api/support/v1/support-request (spec §3 "Support request: catalogId, lang, roles", with what it asks). */
export const SupportRequestBody = z.object({
  catalogId: CatalogId,
  lang: Lang,
  typeId: Id,
  message: TextAreaText.min(1, 'formError.required'),
  /** Temporary uploads (POST /api/images/v1/files/temp with domain `support`, entity `support-request`). */
  files: z.array(z.uuid('formError.uploadNotFound')).max(MAX_REQUEST_FILES).default([]),
  /** Required of visitors; an account's own details are used otherwise (a phone given here is kept). */
  contact: SupportContact.optional(),
});
export type SupportRequestBody = z.input<typeof SupportRequestBody>;

export const SUPPORT_REQUEST_STATUSES = ['received', 'in_progress', 'answered', 'closed'] as const;
export const SupportRequestStatus = z.enum(SUPPORT_REQUEST_STATUSES);

export const SupportRequestCreated = z.object({ id: Id, status: SupportRequestStatus, createdAt: z.iso.datetime() });
export type SupportRequestCreated = z.infer<typeof SupportRequestCreated>;

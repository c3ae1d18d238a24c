import { z } from 'zod';
import { CatalogId, Lang, LangQuery } from './common';
import { Id, SafeText } from './input';

/** Free text a person types as a name: trimmed, 1–100 characters, no control characters. */
const PersonName = SafeText.trim()
  .min(1)
  .max(100)
  .regex(/^[^\p{Cc}]+$/u, 'formError.invalidCharacters');

/** E-mail input: at most 248 characters (spec §5), compared in lower case. */
export const Email = SafeText.trim().max(248).pipe(z.email('formError.email')).transform((e) => e.toLowerCase());

/** Passwords: 8 to 128 characters (issue #2, OWASP). */
export const Password = SafeText.min(8, 'formError.passwordTooShort').max(128, 'formError.passwordTooLong');

export const SignupBody = z.object({ email: Email, password: Password, name: PersonName, lang: Lang });
export type SignupBody = z.infer<typeof SignupBody>;

export const LoginBody = z.object({ email: Email, password: SafeText.min(1).max(128) });
export type LoginBody = z.infer<typeof LoginBody>;

export const PasswordResetBody = z.object({ email: Email });
export const PasswordResetConfirmBody = z.object({ token: SafeText.min(16).max(256), password: Password });
export const PasswordChangeBody = z.object({ currentPassword: SafeText.min(1).max(128), password: Password });

export const CompanyType = z.object({ id: z.number().int(), description: z.string() });
export type CompanyType = z.infer<typeof CompanyType>;

/** The qualification form: what a web user tells us to become a qualified professional. */
export const QualificationBody = z.object({
  profesion: SafeText.trim().min(1).max(100),
  companyName: PersonName,
  companyTypeId: Id,
  /** ISO 3166-1 alpha-2 country code; US puts the user on catalogue 21. */
  country: SafeText.trim().toUpperCase().regex(/^[A-Z]{2}$/, 'formError.country'),
});
export type QualificationBody = z.infer<typeof QualificationBody>;

export const RoleRef = z.object({ id: z.number().int(), name: z.string() });

/** The account of spec platform-core §3. */
export const Account = z.object({
  id: z.number().int(),
  userId: z.number().int(),
  crm: z.string().nullable(),
  rolId: z.number().int(),
  email: z.string(),
  name: z.string(),
  lang: Lang,
  language: z.object({ isoCode: Lang }),
  catalog: z.enum(['INT', 'USA']),
  catalogId: CatalogId,
  status: z.number().int().min(0).max(4),
  roles: z.array(RoleRef),
  privileges: z.array(z.string()),
  profesion: z.string().nullable(),
  registerType: z.number().int().min(1).max(3),
  userType: z.number().int().min(0).max(2),
  clientCode: z.string().nullable(),
  company: z
    .object({ id: z.number().int(), name: z.string(), crmId: z.string().nullable(), companyType: z.object({ id: z.number().int(), description: z.string() }) })
    .nullable(),
});
export type Account = z.infer<typeof Account>;

/** A user as another user may see them (users/{id}). */
export const UserSummary = z.object({
  id: z.number().int(),
  email: z.string(),
  name: z.string(),
  rolId: z.number().int(),
  status: z.number().int(),
  companyId: z.number().int().nullable(),
});
export type UserSummary = z.infer<typeof UserSummary>;

export const UpdateLangBody = z.object({ lang: Lang });
export const UpdateClientCodeBody = z.object({ clientCode: SafeText.trim().regex(/^[A-Z0-9-]{3,20}$/i, 'formError.clientCode') });
export const UpdateProfileBody = z.object({ name: PersonName, profesion: SafeText.trim().max(100).nullable() });
export type UpdateProfileBody = z.infer<typeof UpdateProfileBody>;

export type PasswordResetBody = z.infer<typeof PasswordResetBody>;
export type PasswordResetConfirmBody = z.infer<typeof PasswordResetConfirmBody>;
export type PasswordChangeBody = z.infer<typeof PasswordChangeBody>;
export type UpdateLangBody = z.infer<typeof UpdateLangBody>;
export type UpdateClientCodeBody = z.infer<typeof UpdateClientCodeBody>;

export const CompanyTypeList = z.array(CompanyType);

/** `users/email-validate/{email}`: 404 when free, 200 when taken (spec §5). */
export const EmailParam = z.object({ email: Email });

/** An optional `lang` query (en-US read as us); the user's or the default language otherwise. */
export const OptionalLangQuery = z.object({ lang: LangQuery.optional() });

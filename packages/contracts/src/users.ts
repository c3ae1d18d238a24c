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
  /** An internal user (spec §2, §6: INTERNAL_EMAIL_DOMAINS, INTERNAL_EMAILS): the internal-only routes are open to them. */
  internal: z.boolean(),
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

// ─── Company users management (issue 17 §1) ────────────────────────────────────────────────────────

/** A privilege code as a caller sends it (spec §6); the api refuses names it does not know (400). */
export const PrivilegeCode = SafeText.trim().min(1).max(64);
const PrivilegeCodes = z.array(PrivilegeCode).max(64);

/** One user of a company as its manager sees them (GET users/manage/by-company/{id}). */
export const CompanyUser = z.object({
  id: z.number().int(),
  email: z.string(),
  name: z.string(),
  rolId: z.number().int(),
  /** Spec §3 user status (0 DELETED … 4 QUALIFIED). */
  status: z.number().int(),
  /** The start of the user's latest session; null when they never logged in. */
  lastLoginAt: z.string().nullable(),
  privileges: z.array(z.string()),
});
export type CompanyUser = z.infer<typeof CompanyUser>;

/** An invitation not used yet (shown until it expires). */
export const CompanyInvitation = z.object({
  id: z.number().int(),
  email: z.string(),
  privileges: z.array(z.string()),
  createdAt: z.string(),
  expiresAt: z.string(),
  invitedBy: z.string().nullable(),
});
export type CompanyInvitation = z.infer<typeof CompanyInvitation>;

export const CompanyUsers = z.object({
  company: z.object({ id: z.number().int(), name: z.string() }),
  /** The privileges this manager may give or take away here: what the company may grant and the manager holds. */
  grantable: z.array(z.string()),
  /** The prevent-company-privilege-updates flag is on for this manager: privileges cannot be changed now. */
  privilegeUpdatesLocked: z.boolean(),
  users: z.array(CompanyUser),
  invitations: z.array(CompanyInvitation),
});
export type CompanyUsers = z.infer<typeof CompanyUsers>;

/**
 * PATCH users/manage/by-company/modify-user-privileges: `updatedPrivileges` is the whole set the user
 * shall hold among the manager's grantable privileges (the others stay as they are).
 */
export const ModifyUserPrivilegesBody = z.object({ userId: Id, updatedPrivileges: PrivilegeCodes });
export type ModifyUserPrivilegesBody = z.infer<typeof ModifyUserPrivilegesBody>;

export const DeactivateUserBody = z.object({ userId: Id });
export type DeactivateUserBody = z.infer<typeof DeactivateUserBody>;

/** Invite a colleague: the address and the privileges they will get (within the manager's grantable ones). */
export const InviteColleagueBody = z.object({ email: Email, privileges: PrivilegeCodes });
export type InviteColleagueBody = z.infer<typeof InviteColleagueBody>;

/** The token of an invitation link. */
export const InvitationToken = SafeText.min(16).max(512);
export const InvitationTokenParam = z.object({ token: InvitationToken });

/** What the invitation page shows before the colleague signs up. */
export const InvitationPreview = z.object({ email: z.string(), companyName: z.string(), expiresAt: z.string() });
export type InvitationPreview = z.infer<typeof InvitationPreview>;

/** Sign up through an invitation: the address is the invitation's. */
export const AcceptInvitationBody = z.object({ token: InvitationToken, name: PersonName, password: Password, lang: Lang });
export type AcceptInvitationBody = z.infer<typeof AcceptInvitationBody>;

// ─── Company profile, professions, trade leads (issue 17 §2) ───────────────────────────────────────

/** PUT users/company/{crmId}: about the company (the country stays as it is when left out). */
export const UpdateCompanyBody = z.object({
  name: PersonName,
  companyTypeId: Id,
  country: SafeText.trim()
    .toUpperCase()
    .regex(/^[A-Z]{2}$/, 'formError.country')
    .optional(),
});
export type UpdateCompanyBody = z.infer<typeof UpdateCompanyBody>;
export const CrmIdParam = z.object({ crmId: SafeText.trim().min(1).max(64).regex(/^[A-Za-z0-9_-]+$/, 'formError.crmId') });

export const Company = z.object({
  id: z.number().int(),
  name: z.string(),
  crmId: z.string().nullable(),
  country: z.string().nullable(),
  companyType: CompanyType,
});
export type Company = z.infer<typeof Company>;

/** A profession a user may choose (apiv2 options/professions), described in the asked language. */
export const Profession = z.object({ id: z.number().int(), code: z.string(), description: z.string() });
export const ProfessionList = z.array(Profession);
export type Profession = z.infer<typeof Profession>;

/** A qualification request waiting for sales staff (status 3 TRADE_LEAD), or decided. */
export const TradeLead = z.object({
  id: z.number().int(),
  user: z.object({ id: z.number().int(), email: z.string(), name: z.string(), lang: Lang }),
  profesion: z.string(),
  companyName: z.string(),
  companyType: CompanyType,
  country: z.string(),
  requestedAt: z.string(),
  decision: z.enum(['pending', 'approved', 'declined']),
});
export type TradeLead = z.infer<typeof TradeLead>;
export const TradeLeadList = z.array(TradeLead);
export const TradeLeadDecisionBody = z.object({ decision: z.enum(['approved', 'declined']) });
export type TradeLeadDecisionBody = z.infer<typeof TradeLeadDecisionBody>;

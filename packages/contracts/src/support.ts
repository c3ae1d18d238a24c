import { z } from 'zod';
import { CatalogId, CatalogIdQuery, Lang, LangQuery } from './common';
import { Id, INT4_MAX, SafeText } from './input';
import { RegionIdParam } from './masters';
import { Email } from './users';
import { MAX_REQUEST_FILES, PROJECT_STAGES, REQUEST_KINDS, SUPPORT_REQUEST_STATUSES, TEXTAREA_PATTERN } from './constants';
export { MAX_REQUEST_FILES, PROJECT_STAGES, REQUEST_KINDS, SUPPORT_REQUEST_STATUSES } from './constants';

/** Text-area input (spec §5): the text-area pattern, at most 4,000 characters. */
export const TextAreaText = SafeText.trim().max(4000, 'formError.maxLength').regex(TEXTAREA_PATTERN, 'formError.pattern');


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

export const SupportRequestStatus = z.enum(SUPPORT_REQUEST_STATUSES);

export const SupportRequestCreated = z.object({ id: Id, status: SupportRequestStatus, createdAt: z.iso.datetime() });
export type SupportRequestCreated = z.infer<typeof SupportRequestCreated>;

/** Where the project will be installed (countries and regions of the masters geo calls). */
export const SiteLocation = z.object({
  /** ISO 3166-1 alpha-2 code of the country. */
  country: z.string().regex(/^[A-Z]{2}$/, 'formError.country'),
  /** The region's GeoNames admin code inside the country (masters regions `id`). */
  region: RegionIdParam.optional(),
  city: SafeText.trim()
    .max(100)
    .regex(/^[^\p{Cc}<>]*$/u, 'formError.invalidCharacters')
    .optional(),
});
export type SiteLocation = z.infer<typeof SiteLocation>;

/** A project title as a rename (spec §5: 50 characters). The project module checks its pattern. */
const NewProjectName = SafeText.trim().min(1, 'formError.required').max(50, 'formError.maxLength');

/** POST support project-budget, v1 and apiv2 paths (spec §3 "Budget request"). */
export const BudgetRequestBody = z.object({
  siteLocation: SiteLocation,
  catalogId: CatalogId,
  lang: Lang,
  description: TextAreaText.min(1, 'formError.required'),
  /** Temporary uploads made with domain `support`, entity `project-budget`. */
  files: z.array(z.uuid('formError.uploadNotFound')).max(MAX_REQUEST_FILES).default([]),
  /** The project's id. */
  project: Id,
  /** A new name for the project, applied with the request (omit to keep the name). */
  changeProjectName: NewProjectName.optional(),
});
export type BudgetRequestBody = z.input<typeof BudgetRequestBody>;

/** POST /api/support/v1/support-request/project-budget-usa (spec §7). */
export const UsaBudgetRequestBody = BudgetRequestBody.pick({ siteLocation: true, lang: true, project: true, changeProjectName: true }).extend({ catalogId: z.literal(21) });
export type UsaBudgetRequestBody = z.input<typeof UsaBudgetRequestBody>;

/** A line of a project as a request captured it. */
export const RequestProjectLine = z.object({
  id: z.string(),
  model: z.string(),
  referenceCode: z.string().nullable(),
  description: z.string().nullable(),
  quantity: z.number().int(),
  /** The pendant height in centimetres, for pendants. */
  pendantHeightCm: z.number().nullable(),
});
/** The project as it was when the request was sent: later edits of the project do not change it. */
export const RequestProjectSnapshot = z.object({
  id: Id,
  name: z.string(),
  catalogId: CatalogId,
  lines: z.array(RequestProjectLine),
});
export type RequestProjectSnapshot = z.infer<typeof RequestProjectSnapshot>;

export const RequestFile = z.object({ id: z.uuid(), name: z.string(), contentType: z.string(), size: z.number().int() });


/** GET support-request info-project-budget/{id}: a budget request read back. */
export const BudgetRequestInfo = z.object({
  id: Id,
  kind: z.enum(REQUEST_KINDS),
  status: SupportRequestStatus,
  createdAt: z.iso.datetime(),
  siteLocation: SiteLocation,
  description: z.string(),
  project: RequestProjectSnapshot,
  files: z.array(RequestFile),
});
export type BudgetRequestInfo = z.infer<typeof BudgetRequestInfo>;

export const RequestInfoQuery = z.object({ lang: LangQuery.optional(), catalogId: CatalogIdQuery.optional() });

const IsoDate = z.iso.date('formError.date');

/** POST /api/support/v1/support-request/project-registration-usa (spec §7 "registration data"). */
export const ProjectRegistrationBody = z
  .object({
    catalogId: z.literal(21),
    lang: Lang,
    project: Id,
    siteLocation: SiteLocation,
    /** The specifier who designs the project, whom the representative works with. */
    specifier: z.object({
      name: SafeText.trim()
        .min(1, 'formError.required')
        .max(100)
        .regex(/^[^\p{Cc}<>]+$/u, 'formError.invalidCharacters'),
      email: Email,
      company: SafeText.trim()
        .min(1, 'formError.required')
        .max(100)
        .regex(/^[^\p{Cc}<>]+$/u, 'formError.invalidCharacters'),
    }),
    stage: z.enum(PROJECT_STAGES),
    expectedBidDate: IsoDate.optional(),
    expectedOrderDate: IsoDate,
    expectedInstallationDate: IsoDate.optional(),
    /** Who else is bidding (brands), so the representative can position the offer. */
    competitors: TextAreaText.max(500).optional(),
    notes: TextAreaText.optional(),
  })
  .refine((body) => !body.expectedInstallationDate || body.expectedInstallationDate >= body.expectedOrderDate, {
    path: ['expectedInstallationDate'],
    message: 'formError.dateOrder',
  });
export type ProjectRegistrationBody = z.input<typeof ProjectRegistrationBody>;

/** GET support-request project-registration/{projectId}: the project's latest registration. */
export const ProjectRegistrationInfo = z.object({
  id: Id,
  status: SupportRequestStatus,
  createdAt: z.iso.datetime(),
  siteLocation: SiteLocation,
  specifier: z.object({ name: z.string(), email: z.string(), company: z.string() }),
  stage: z.enum(PROJECT_STAGES),
  expectedBidDate: z.string().nullable(),
  expectedOrderDate: z.string(),
  expectedInstallationDate: z.string().nullable(),
  competitors: z.string().nullable(),
  notes: z.string().nullable(),
  project: RequestProjectSnapshot,
});
export type ProjectRegistrationInfo = z.infer<typeof ProjectRegistrationInfo>;

/** GET /api/support/v1/desk/requests: the desk's inbox (sales staff: their catalogue; admins: all). */
export const DeskListQuery = z.object({
  status: SupportRequestStatus.optional(),
  kind: z.enum(REQUEST_KINDS).optional(),
  /** A request number, or part of the requester's name or e-mail, the message or the project's name. */
  search: SafeText.trim().max(100, 'formError.tooLong').optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(25),
  lang: LangQuery.optional(),
});

/** A request in a list (the desk's inbox, the requester's own requests). */
export const RequestSummary = z.object({
  id: Id,
  kind: z.enum(REQUEST_KINDS),
  status: SupportRequestStatus,
  catalogId: CatalogId,
  /** The support subject, or what kind of request it is, in the asked language. */
  subject: z.string(),
  contactName: z.string(),
  contactEmail: z.string(),
  projectId: Id.nullable(),
  projectName: z.string().nullable(),
  files: z.number().int(),
  replies: z.number().int(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type RequestSummary = z.infer<typeof RequestSummary>;
export const RequestPage = z.object({ items: z.array(RequestSummary), total: z.number().int(), page: z.number().int(), limit: z.number().int() });
export type RequestPage = z.infer<typeof RequestPage>;

export const RequestMessage = z.object({ id: Id, authorName: z.string(), body: z.string(), createdAt: z.iso.datetime() });
export type RequestMessage = z.infer<typeof RequestMessage>;

/** A request whole: what was sent, its files, the project as it was, and the desk's replies. */
export const RequestDetail = RequestSummary.extend({
  lang: Lang,
  message: z.string(),
  contactPhone: z.string().nullable(),
  contactCompany: z.string().nullable(),
  siteLocation: SiteLocation.nullable(),
  project: RequestProjectSnapshot.nullable(),
  attachments: z.array(RequestFile),
  messages: z.array(RequestMessage),
});
export type RequestDetail = z.infer<typeof RequestDetail>;

export const DeskReplyBody = z.object({ message: TextAreaText.min(1, 'formError.required') });
/** The desk moves a request along; `received` is only where a request starts. */
export const DeskStatusBody = z.object({ status: z.enum(['in_progress', 'answered', 'closed']) });
export const MyRequestsQuery = z.object({ projectId: z.coerce.number().int().positive().max(INT4_MAX).optional(), lang: LangQuery.optional() });
export const RequestFileParams = z.object({ id: z.coerce.number().int().positive().max(INT4_MAX), fileId: z.uuid() });

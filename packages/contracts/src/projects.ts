import { z } from 'zod';
import { CatalogId, CatalogIdQuery, LangQuery } from './common';
import { Id, IdQuery, Int4, INT4_MAX, JsonObject, SafeText } from './input';
import { CreationExportFormat, CreationSpace } from './creations';
import { MAX_PRODUCTS_PER_CALL, MAX_PRODUCT_QUANTITY, PRODUCT_TYPES, PROJECT_ORIGINS, PROJECT_SEARCH_MAX_LENGTH, PROJECT_SORTS } from './constants';
export { MAX_PRODUCTS_PER_CALL, MAX_PRODUCTS_PER_PROJECT, MAX_PRODUCT_QUANTITY, PRODUCT_TYPES, PROJECT_LIST_PAGE_SIZES, PROJECT_LIST_RELOAD_ITEMS, PROJECT_LIST_V3_LIMIT, PROJECT_ORIGINS, PROJECT_SEARCH_MAX_LENGTH, PROJECT_SORTS, PROJECT_STATUS, PROJECT_STATUS_ACTIONS, type ProjectListPageSize } from './constants';

/**
 * Wire shapes of the projects service (spec platform-core §3 Project, Product entry, Project list
 * query; §4 project actions, versions, status; §7 project calls; configuration-domain §3 product in a
 * project). Served under /api/projects/… and /api/apiv2/…. Keep these backward compatible: add
 * optional fields, never remove or narrow one.
 *
 * Names (project title ≤ 50, version title ≤ 30, the spec's name pattern) are checked by the api with
 * @lumen/domain's `projectTitleSchema` / `versionTitleSchema`; the web should validate its forms with
 * the same domain schemas. Here they are only bounded strings.
 */

// ---------------------------------------------------------------------------------------------
// Constants
// ---------------------------------------------------------------------------------------------

export const ProjectStatus = z.union([z.literal(0), z.literal(1), z.literal(2)]);
export type ProjectStatus = z.infer<typeof ProjectStatus>;


export const ProjectSort = z.enum(PROJECT_SORTS);
export type ProjectSort = z.infer<typeof ProjectSort>;

export const ProjectOrigin = z.enum(PROJECT_ORIGINS);
export type ProjectOrigin = z.infer<typeof ProjectOrigin>;
export const ProjectTypeFilter = z.enum(['ALL', ...PROJECT_ORIGINS]);
export type ProjectTypeFilter = z.infer<typeof ProjectTypeFilter>;

export const ProjectProductType = z.enum(PRODUCT_TYPES);
export type ProjectProductType = z.infer<typeof ProjectProductType>;


// ---------------------------------------------------------------------------------------------
// Shared pieces
// ---------------------------------------------------------------------------------------------

const ZeroOne = z.union([z.literal(0), z.literal(1)]);
const ShortText = SafeText.trim().max(100);
/** A pendant height in centimetres (stored in cm, shown in m). */
const PendantHeightCm = z.number().int().positive().max(100_000);
/** A product entry's free-form nested data (compositions, config) as the api answers it; callers send JsonObject (bounded). */
const StoredJson = z.record(z.string(), z.unknown());

export const ProjectIdParam = z.object({ projectId: IdQuery });
export const ProjectProductParams = ProjectIdParam.extend({ productId: z.uuid() });
export type ProjectProductParams = z.infer<typeof ProjectProductParams>;
/** GET projects/v1/projects/{projectId}/products/{productId}/export/{format}: a drawn line's 3D model or plan (issue 16 §4). */
export const ProjectProductExportParams = ProjectProductParams.extend({ format: CreationExportFormat });

export const ConfiguratorTypeRef = z.object({ id: Int4, description: SafeText.max(100).optional(), source: SafeText.max(40).optional() });
export const CategoryRef = z.object({ id: Int4, description: SafeText.max(100).optional(), subcategory: z.union([Int4, z.null()]).optional() });

/** Price of a project line, only with price.view and `prices=true`; null otherwise. */
export const ProjectProductPrice = z.object({
  currency: z.enum(['EUR', 'USD']),
  unitGross: z.number(),
  discountPercent: z.number(),
  unitNet: z.number(),
  /** quantity × unitNet, 2 decimals. */
  totalNet: z.number(),
});
export type ProjectProductPrice = z.infer<typeof ProjectProductPrice>;

/** The grid attributes of a line (spec §9 grid): code + description in the asked language. */
export const ProjectProductAttribute = z.object({ code: z.string(), description: z.string() });
export const ProjectProductAttributes = z.object({
  finish: ProjectProductAttribute.optional(),
  ledColourTemp: ProjectProductAttribute.optional(),
  control: ProjectProductAttribute.optional(),
  installation: ProjectProductAttribute.optional(),
  /** code: the line's pendant height in centimetres (the chosen one, else the standard); shown in metres. */
  pendantHeight: ProjectProductAttribute.optional(),
});

/** A product entry in a project (spec §3 Product entry; configuration-domain §3). */
export const ProjectProduct = z.object({
  _id: z.uuid(),
  type: ProjectProductType,
  isPersonalized: ZeroOne,
  familyId: z.number().int().nullable(),
  subFamily: z.object({ id: z.number().int(), description: z.string() }).nullable(),
  applicationLocation: z.object({ id: z.number().int() }).nullable(),
  model: z.string(),
  referenceCode: z.string().nullable(),
  creationCode: z.string().nullable(),
  creationNumber: z.number().int().nullable(),
  quantity: z.number().int(),
  sublevel: z.number().int().nullable(),
  configuratorType: ConfiguratorTypeRef.nullable(),
  configId: z.number().int().nullable(),
  category: CategoryRef.nullable(),
  compositions: z.array(StoredJson),
  /** CREATION: the saved space as the server rebuilt it, migrated to the current schema version (issue 15); null without one. */
  space: StoredJson.nullable().optional(),
  /** CREATION: the line's revision (1 when added, + 1 per saved space; older ones are kept). */
  revision: z.number().int().optional(),
  validation: z.object({ status: z.string().nullable() }),
  preconfigId: z.number().int().nullable(),
  productCode: z.string().nullable(),
  // --- detail context (optional; the grid of the project page) ---
  description: z.string().optional(),
  /** CREATION: what its description is made of (its collection and how many luminaires), so an order and its invoice name it in their reader's language. */
  creationName: z.object({ family: z.string(), count: z.number().int() }).optional(),
  image: z.string().optional(),
  attributes: ProjectProductAttributes.optional(),
  lumensLed: z.number().nullable().optional(),
  watts: z.number().nullable().optional(),
  /** The minimum order quantity of the line's article, when above 1 (issue 34 §4: the project page warns below it). */
  moq: z.number().int().optional(),
  /** Null without price.view or when prices were not asked for. */
  price: ProjectProductPrice.nullable().optional(),
  createdAt: z.string().optional(),
  updatedAt: z.string().optional(),
});
export type ProjectProduct = z.infer<typeof ProjectProduct>;

/** Who owns a project, as its viewers see it. */
export const ProjectOwner = z.object({ id: Id, name: z.string(), email: z.string() });

/** What the caller may do with a project (server-decided from privileges, scope and status). */
export const ProjectPermissions = z.object({
  view: z.boolean(),
  edit: z.boolean(),
  delete: z.boolean(),
  clone: z.boolean(),
  download: z.boolean(),
  addByReference: z.boolean(),
  assignThirdparty: z.boolean(),
});
export type ProjectPermissions = z.infer<typeof ProjectPermissions>;

/** A project as the list shows it. */
export const ProjectSummary = z.object({
  id: Id,
  name: z.string(),
  catalogId: CatalogId,
  currency: z.enum(['EUR', 'USD']),
  status: ProjectStatus,
  origin: ProjectOrigin,
  isAssignedThirdparty: z.boolean(),
  owner: ProjectOwner,
  companyId: z.number().int().nullable(),
  productsCount: z.number().int(),
  /** The first project of its version chain (itself for an original). */
  versionOf: Id,
  versionNumber: z.number().int().positive(),
  versionTitle: z.string().nullable(),
  /** Optimistic-concurrency counter: grows by one with every change of the project or its products. */
  revision: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
  permissions: ProjectPermissions,
});
export type ProjectSummary = z.infer<typeof ProjectSummary>;

/** A project with its products (spec §3 Project). */
export const Project = ProjectSummary.extend({
  products: z.array(ProjectProduct),
  config: StoredJson,
  /** Sum of the lines' totalNet, with price.view and prices=true; null otherwise. */
  totalNet: z.number().nullable().optional(),
});
export type Project = z.infer<typeof Project>;

/** One version of a project (every version is a project of the same chain). */
export const ProjectVersion = z.object({
  id: Id,
  name: z.string(),
  versionNumber: z.number().int().positive(),
  versionTitle: z.string().nullable(),
  status: ProjectStatus,
  productsCount: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
  current: z.boolean(),
});
export type ProjectVersion = z.infer<typeof ProjectVersion>;
export const ProjectVersionList = z.array(ProjectVersion);

// ---------------------------------------------------------------------------------------------
// List
// ---------------------------------------------------------------------------------------------

const PageSize = z.coerce.number().int().min(1).max(100);

/** Project list query (spec §3). itemsPerPage or limit (default 10); page from 1. */
export const ProjectListQuery = z.object({
  itemsPerPage: PageSize.optional(),
  limit: PageSize.optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  /** Matches the name or a version title (case and accents ignored) or the exact id of a version. */
  search: SafeText.trim().max(PROJECT_SEARCH_MAX_LENGTH, 'formError.maxLength').optional(),
  language: LangQuery.optional(),
  lang: LangQuery.optional(),
  sortBy: ProjectSort.default('UPDATED_RECENT'),
  projectType: ProjectTypeFilter.optional(),
  projectUserRole: ProjectTypeFilter.optional(),
  /** Only projects of this catalogue. */
  catalogId: CatalogIdQuery.optional(),
});
export type ProjectListQuery = z.input<typeof ProjectListQuery>;

export const ProjectListMeta = z.object({
  page: z.number().int(),
  itemsPerPage: z.number().int(),
  totalItems: z.number().int(),
  totalPages: z.number().int(),
  sortBy: ProjectSort,
  projectType: ProjectTypeFilter,
});
export type ProjectListMeta = z.infer<typeof ProjectListMeta>;

/**
 * An item of the list: a version family (issue 10 §5), shown by its version changed last (the item's
 * own fields) with every version the caller sees, oldest first (`current` marks the item's own version).
 * Optional in the type only so that older callers' fixtures stay valid; the api always sends it.
 */
export const ProjectListItem = ProjectSummary.extend({ versions: z.array(ProjectVersion).optional() });
export type ProjectListItem = z.infer<typeof ProjectListItem>;

export const ProjectListPage = z.object({ items: z.array(ProjectListItem), meta: ProjectListMeta });
export type ProjectListPage = z.infer<typeof ProjectListPage>;

/**
 * GET v1/projects?type=LIST: every visible project, id and name only (pickers). `editable=true`:
 * only the projects the caller may add products to (own, or any as backoffice; in EDITION; with
 * project.edit), for "Add to project" (issue 10 §1: a project the user may only see is not offered).
 */
export const ProjectPickerQuery = z.object({
  type: z.literal('LIST').default('LIST'),
  catalogId: CatalogIdQuery.optional(),
  editable: z.enum(['1', '0', 'true', 'false']).transform((v) => v === '1' || v === 'true').optional(),
});
/** versionNumber and versionTitle tell the versions of one project apart (they share its name). */
export const ProjectPickerList = z.array(
  z.object({ id: Id, name: z.string(), catalogId: CatalogId, updatedAt: z.string(), versionNumber: z.number().int().positive().optional(), versionTitle: z.string().nullable().optional() }),
);

/** GET v1/projects/types: the list filters the caller may use. */
export const ProjectTypesQuery = z.object({ lang: LangQuery.optional(), catalogId: CatalogIdQuery.optional() });
export const ProjectTypeList = z.array(z.object({ code: ProjectTypeFilter, description: z.string() }));

// ---------------------------------------------------------------------------------------------
// Bodies
// ---------------------------------------------------------------------------------------------

/**
 * A product to add. REGULAR (default): referenceCode is required; the reference must belong to the
 * project's catalogue and exist in it; model, family and grid data come from the catalogue.
 * CREATION: model (4 characters) and creationCode are required (see generate-creation-code).
 */
export const ProductInput = z.object({
  type: ProjectProductType.default('REGULAR'),
  referenceCode: SafeText.trim().min(1).max(40).optional(),
  model: SafeText.trim().regex(/^[A-Za-z0-9]{4}$/, 'formError.model').optional(),
  quantity: z.number().int().min(1).max(MAX_PRODUCT_QUANTITY).default(1),
  isPersonalized: ZeroOne.optional(),
  familyId: Int4.optional(),
  subFamily: z.object({ id: Int4, description: SafeText.max(100).optional() }).optional(),
  applicationLocation: z.object({ id: Int4 }).optional(),
  creationCode: SafeText.trim().regex(/^[A-Z]{2}\d{9}$/, 'formError.creationCode').optional(),
  creationNumber: Int4.min(0).optional(),
  sublevel: Int4.optional(),
  configuratorType: ConfiguratorTypeRef.optional(),
  configId: Int4.optional(),
  category: CategoryRef.optional(),
  /** Ignored for CREATION: the server computes the compositions (bill of materials) from `space`. */
  compositions: z.array(JsonObject).max(200).optional(),
  /**
   * CREATION (issue 15): the element tree as @lumen/domain saves it (spaceToJSON). The server rebuilds it
   * with the engine, re-runs the rules and stores the bill of materials it computes; an invalid tree is a
   * 400 naming the failures. Without it a CREATION line has no compositions.
   */
  space: CreationSpace.optional(),
  validation: z.object({ status: SafeText.max(40).nullable() }).optional(),
  preconfigId: Int4.optional(),
  productCode: ShortText.optional(),
  /**
   * The chosen pendant height in centimetres (configuration-domain §3), regular pendants only. It must
   * lie in the model's range (min–max widened to include the standard); absent → the standard height.
   */
  pendantHeight: PendantHeightCm.optional(),
  /** How the user chose it; REFERENCE (typed reference) needs product.add.reference. */
  addedBy: z.enum(['COLLECTION', 'REFERENCE', 'PRECONFIG', 'CONFIGURATOR']).optional(),
});
export type ProductInput = z.input<typeof ProductInput>;

/** POST v1/projects: name, catalogId, products (spec §3 creation payload); references: add by reference. */
export const CreateProjectBody = z.object({
  name: SafeText.max(200),
  catalogId: CatalogId.optional(),
  products: z.array(ProductInput).max(MAX_PRODUCTS_PER_CALL).default([]),
  /** Convenience: references to add as REGULAR products of quantity 1 (needs product.add.reference). */
  references: z.array(SafeText.trim().min(1).max(40)).max(MAX_PRODUCTS_PER_CALL).optional(),
});
export type CreateProjectBody = z.input<typeof CreateProjectBody>;

/** POST v1/projects/{id}/products: an array of products (spec §7). */
export const AddProductsBody = z.array(ProductInput).min(1).max(MAX_PRODUCTS_PER_CALL);
export type AddProductsBody = z.input<typeof AddProductsBody>;

/** POST apiv2 project: projectId, products, config (add products and merge config). */
export const Apiv2AddProductsBody = z.object({
  projectId: Id,
  products: z.array(ProductInput).min(1).max(MAX_PRODUCTS_PER_CALL),
  config: JsonObject.optional(),
});

/** PUT v1/projects/{id}/products/{productId}: quantity and configuration. */
export const UpdateProductBody = z
  .object({
    quantity: z.number().int().min(1).max(MAX_PRODUCT_QUANTITY).optional(),
    isPersonalized: ZeroOne.optional(),
    referenceCode: SafeText.trim().min(1).max(40).optional(),
    configId: Int4.nullable().optional(),
    configuratorType: ConfiguratorTypeRef.nullable().optional(),
    compositions: z.array(JsonObject).max(200).optional(),
    /** CREATION: a new saved space (see ProductInput.space); the line gets a new revision, older ones are kept. */
    space: CreationSpace.optional(),
    preconfigId: Int4.nullable().optional(),
    productCode: ShortText.nullable().optional(),
    /** A new pendant height in centimetres (see ProductInput.pendantHeight); with a new reference, absent → the standard. */
    pendantHeight: PendantHeightCm.optional(),
    /** When given, the update fails with 409 CONFLICT if the project changed since (optimistic concurrency). */
    expectedRevision: z.number().int().min(0).max(INT4_MAX).optional(),
  })
  .refine((body) => Object.keys(body).some((key) => key !== 'expectedRevision'), { message: 'formError.required', path: ['quantity'] });
export type UpdateProductBody = z.input<typeof UpdateProductBody>;

/** PUT v1/projects/{id}: rename (and config); PUT apiv2 project/{id}/projectName: name. */
export const UpdateProjectBody = z
  .object({ name: SafeText.max(200).optional(), config: JsonObject.optional(), expectedRevision: z.number().int().min(0).max(INT4_MAX).optional() })
  .refine((body) => body.name !== undefined || body.config !== undefined, { message: 'formError.required', path: ['name'] });
export type UpdateProjectBody = z.input<typeof UpdateProjectBody>;
export const ProjectNameBody = z.object({ name: SafeText.max(200) });
export const ProjectName = z.object({ id: Id, name: z.string() });

/** POST clone (duplicate): optional new name (default "<name> (copy)" cut to 50). */
export const DuplicateProjectBody = z.object({ name: SafeText.max(200).optional() }).nullish();

/** POST apiv2 project/{id}/version: a new version (optional title ≤ 30, optional e-mail to notify). */
/** Version title ≤ 30 (spec §4) and one e-mail address ≤ 248: the caller's text in the version e-mail stays short. */
export const VersionBody = z.object({ title: SafeText.max(30, 'formError.maxLength').optional(), email: SafeText.max(248, 'formError.maxLength').optional() }).nullish();
export type VersionBody = z.input<typeof VersionBody>;
/** POST apiv2 project/{id}/version/update: change a version's title and upsert it in the CRM. */
export const VersionUpdateBody = z.object({ title: SafeText.max(200).optional() }).nullish();



/** GET project detail (v1 or apiv2): lang, prices, parseProducts. */
export const ProjectDetailQuery = z.object({
  lang: LangQuery.optional(),
  language: LangQuery.optional(),
  prices: z.enum(['1', '0', 'true', 'false']).transform((v) => v === '1' || v === 'true').optional(),
  /** With parseProducts=false the lines come without catalogue context (description, grid attributes). */
  parseProducts: z.enum(['1', '0', 'true', 'false']).transform((v) => v === '1' || v === 'true').optional(),
});

/** GET project products: isPersonalized filter. */
export const ProjectProductsQuery = z.object({
  isPersonalized: z.enum(['0', '1']).transform(Number).optional(),
  lang: LangQuery.optional(),
  prices: z.enum(['1', '0', 'true', 'false']).transform((v) => v === '1' || v === 'true').optional(),
});
export const ProjectProductList = z.array(ProjectProduct);

/** Results of product actions. */
export const ProductsAdded = z.object({ projectId: Id, revision: z.number().int(), products: z.array(ProjectProduct) });
export type ProductsAdded = z.infer<typeof ProductsAdded>;
export const ProductUpdated = z.object({ projectId: Id, revision: z.number().int(), product: ProjectProduct });
export type ProductUpdated = z.infer<typeof ProductUpdated>;
export const ProductDeleted = z.object({ projectId: Id, revision: z.number().int(), productId: z.uuid() });
export const ProductValidation = z.object({ _id: z.uuid(), validation: z.object({ status: z.string() }), revision: z.number().int() });

/** POST projects/v1/projects/products/generate-creation-code */
export const CreationCodeBody = z.object({ prefixCode: SafeText.trim().regex(/^[A-Z]{2}$/, 'formError.prefixCode').default('CR') }).nullish();
export const CreationCode = z.object({ creationCode: z.string(), creationNumber: z.number().int() });
export type CreationCode = z.infer<typeof CreationCode>;

/** GET v1/projects/{id}/tech-info-actions: which technical actions the project's lines allow. */
export const TechInfoActions = z.object({
  projectId: Id,
  download: z.boolean(),
  actions: z.array(z.object({ code: z.enum(['specSheet', 'manual', 'energyLabel', '2D_3D', 'imagesHD', 'photometry']), enabled: z.boolean() })),
});
/** GET v1/projects/{id}/tooltip-info: short facts for the project's tooltip. */
export const TooltipInfo = z.object({
  projectId: Id,
  name: z.string(),
  productsCount: z.number().int(),
  unitsCount: z.number().int(),
  personalizedCount: z.number().int(),
  versionsCount: z.number().int(),
  updatedAt: z.string(),
});

/** PUT v1/projects/{id}/import: a non-success is still 200 (spec §4), with the status the import met. */
export const ImportResult = z.object({ success: z.boolean(), status: z.number().int(), project: ProjectSummary.optional() });
export type ImportResult = z.infer<typeof ImportResult>;

/** POST assign-thirdparty (v1 or apiv2): the assignee's e-mail. */
export const AssignThirdpartyBody = z.object({ email: SafeText.max(248) });
export const AssignThirdpartyResult = z.object({ projectId: Id, isAssignedThirdparty: z.literal(true), assignee: z.object({ email: z.string(), name: z.string() }) });

/** A deleted project or version: `deleted` lists every project (version) the call deleted. */
export const ProjectDeleted = z.object({ id: Id, status: z.literal(0), deleted: z.array(Id).optional() });

import { z } from 'zod';
import { CatalogId, LangQuery } from './common';
import { Id, INVALID_CHARACTERS, isSafeText, type JsonObject } from './input';
import { CREATION_EXPORT_FORMATS } from './constants';
export { CREATION_EXPORT_FORMATS } from './constants';

/**
 * Crea creations (issue 15; configuration-domain §3, §5, §9; platform-core §3): a composition of
 * pendants made in the 3D room, sent as the saved space of @lumen/domain (`spaceToJSON`, any schema
 * version), rebuilt and checked by the server with the same engine, and priced there.
 *
 * Calls:
 * - POST /api/products/v1/creations/evaluate       EvaluateCreationBody → CreationEvaluation (visitors too, without prices)
 * - POST /api/projects/v1/projects/products/generate-creation-code  {prefixCode} → {creationCode, creationNumber}
 * - POST /api/projects/v1/projects/{id}/products   ProductInput with type CREATION and `space` (see projects.ts)
 * - PUT  /api/projects/v1/projects/{id}/products/{productId}  UpdateProductBody with `space`: a new revision
 * - GET  /api/projects/v1/projects/{id}/products/{productId}/revisions → CreationRevisionList
 * - GET  /api/products/v1/preconfigs/creation/{id} → PreconfigDetail (domainJSON: a ready space)
 */

/** Most pieces of one creation sent at once; the engine refuses more than MAX_CREATION_ELEMENTS elements itself. */
export const CREATION_SPACE_LIMITS = {
  /** JSON values (objects, arrays and scalars) in the whole space. Elements are counted by the engine (TOO_MANY_ELEMENTS). */
  maxValues: 400_000,
  maxStringLength: 10_000,
  maxKeyLength: 100,
} as const;

/** The most sets (creations of the same space) of one evaluation or line; the same bound as MAX_PRODUCT_QUANTITY. */
export const MAX_CREATION_QUANTITY = 100_000;

/**
 * Walks a space with a loop (no recursion, however deep) and reports unsafe text, too long strings or
 * keys, non-finite numbers and a value count past CREATION_SPACE_LIMITS. The depth is bounded by the
 * body parser (MAX_BODY_DEPTH) and the engine (64 levels of elements); the shape, the element kinds,
 * the count of elements and every rule are the engine's to check, so its codes reach the caller.
 */
function checkSpaceJson(value: unknown, sink: { addIssue(issue: { code: 'custom'; message: string; path: Array<string | number> }): void }): void {
  const stack: Array<{ value: unknown; path: Array<string | number> }> = [{ value, path: [] }];
  let values = 0;
  const report = (message: string, path: Array<string | number>) => sink.addIssue({ code: 'custom', message, path });
  for (let next = stack.pop(); next !== undefined; next = stack.pop()) {
    const { value: current, path } = next;
    values += 1;
    if (values > CREATION_SPACE_LIMITS.maxValues) return report(`holds more than ${CREATION_SPACE_LIMITS.maxValues} values`, []);
    if (current === null || typeof current === 'boolean') continue;
    if (typeof current === 'string') {
      if (!isSafeText(current)) return report(INVALID_CHARACTERS, path);
      if (current.length > CREATION_SPACE_LIMITS.maxStringLength) return report(`is longer than ${CREATION_SPACE_LIMITS.maxStringLength} characters`, path);
    } else if (typeof current === 'number') {
      if (!Number.isFinite(current)) return report('must be a finite number', path);
    } else if (typeof current === 'object') {
      const entries: Array<[string | number, unknown]> = Array.isArray(current) ? current.map((item, index) => [index, item]) : Object.entries(current);
      for (const [key, item] of entries) {
        if (typeof key === 'string' && (!isSafeText(key) || key.length > CREATION_SPACE_LIMITS.maxKeyLength)) {
          return report(key.length > CREATION_SPACE_LIMITS.maxKeyLength ? `has a key longer than ${CREATION_SPACE_LIMITS.maxKeyLength} characters` : INVALID_CHARACTERS, path);
        }
        // Paths stay short: a fault deep in a tree names the top of its branch and the key.
        stack.push({ value: item, path: path.length < 8 ? [...path, key] : path });
      }
    } else {
      return report('must be JSON', path);
    }
  }
}

/**
 * A saved space (`spaceToJSON` of @lumen/domain): `{ schemaVersion, type: 'Space', id, props, children: [...] }`,
 * any schema version (older ones are migrated forward). Only bounded here; the engine reads it.
 */
export const CreationSpace = z
  .custom<JsonObject>((value) => typeof value === 'object' && value !== null && !Array.isArray(value), { message: 'must be a JSON object' })
  .superRefine(checkSpaceJson)
  .meta({ description: 'The saved space of @lumen/domain (spaceToJSON), any schema version; read and checked by the engine' });

/** POST products/v1/creations/evaluate */
export const EvaluateCreationBody = z.object({
  space: CreationSpace,
  /** The catalogue the creation is priced in; default the caller's (16 for visitors). */
  catalogId: CatalogId.optional(),
  /** The crea collection whose rules and family apply; default the collection of the first light's model. */
  subFamilyId: Id.optional(),
  /** Sets of this creation: the lead time and the price total follow it. */
  quantity: z.number().int().min(1).max(MAX_CREATION_QUANTITY).default(1),
  lang: LangQuery.optional(),
});
export type EvaluateCreationBody = z.input<typeof EvaluateCreationBody>;

/**
 * Why a tree is not valid (valid=false), or a refusal (400): the engine's code, a common-front
 * translation key with its values, the text in the caller's language, and the element at fault.
 * Codes: RULE_FAILED (a rule of the collection or of a composition), COLLIDES (an element overlaps
 * another or leaves the room), and in 400 answers the engine's input codes (INSTALLATION_REFUSED,
 * PENDANT_HEIGHT_OUT_OF_ROOM, LIGHT_WITHOUT_CLUSTER, TOO_MANY_ELEMENTS, BASE_CANNOT_BE_INSTANCED,
 * INCORRECT_DOMAIN_JSON, CLUSTER_ALLOWS_ONE_LIGHT, INVALID_ATTRIBUTE_VALUES, NO_ARTICLE_FOR_MODEL, …).
 */
export const CreationFailure = z.object({
  code: z.string(),
  messageKey: z.string(),
  values: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
  message: z.string(),
  elementId: z.string().nullable(),
  ruleId: z.string().optional(),
  ruleSetId: z.string().optional(),
});
export type CreationFailure = z.infer<typeof CreationFailure>;

/** Line prices (price.view only; removed otherwise): unit and total for the line's quantity in one set. */
export const CreationLinePrices = z.object({
  unitGross: z.number(),
  unitNet: z.number(),
  unitDiscount: z.number(),
  totalGross: z.number(),
  totalNet: z.number(),
  totalDiscount: z.number(),
});

/** When a reference can be had (configuration-domain §4): -1 expired, 0 available, else weeks until it is. */
export const CreationAvailability = z.object({
  status: z.enum(['available', 'upcoming', 'expired']),
  weeks: z.number().int(),
  /** The date it becomes available (ISO), upcoming only. */
  date: z.string().nullable(),
});
export type CreationAvailability = z.infer<typeof CreationAvailability>;

export const CreationArticleLine = z.object({
  model: z.string(),
  referenceCode: z.string(),
  referenceBase: z.string(),
  articleCode: z.string(),
  accessoryCode: z.string().nullable(),
  description: z.string(),
  attributes: z.object({ finish: z.string(), ledColourTemp: z.string(), control: z.string(), installation: z.string(), pendantHeight: z.number().nullable() }),
  /** Per unit. */
  lumensLed: z.number(),
  /** Per unit. */
  watts: z.number(),
  sublevel: z.number().int().nullable(),
  familyId: z.number().int(),
  subFamily: z.number().int(),
  applicationLocation: z.number().int().nullable(),
  elementOrderValue: z.number(),
  /** Units in one set. */
  quantity: z.number().int(),
  moq: z.number().int(),
  leadTimeWeeks: z.number().int(),
  availability: CreationAvailability,
  /** Whether the line has a price in the caller's rate (a price field: absent without price.view). */
  isAvailablePrice: z.boolean().optional(),
  isPersonalized: z.union([z.literal(0), z.literal(1)]),
  priceReference: z.string().optional(),
  prices: CreationLinePrices.optional(),
});
export type CreationArticleLine = z.infer<typeof CreationArticleLine>;

/** An accessory of a composition: a catalogue accessory (canopy, counterweight, complement, reflector) or a driver. */
export const CreationAccessoryLine = z.object({
  accessoryCode: z.string(),
  quantity: z.number().int(),
  model: z.string(),
  kind: z.enum(['accessory', 'driver']),
  description: z.string(),
  isAvailablePrice: z.boolean().optional(),
  prices: CreationLinePrices.optional(),
});
export type CreationAccessoryLine = z.infer<typeof CreationAccessoryLine>;

export const CreationComposition = z.object({
  compositionNumber: z.number().int(),
  subFamily: z.object({ id: z.number().int(), description: z.string() }),
  familyId: z.number().int(),
  category: z.number().int(),
  attributes: z.object({ finish: z.string(), ledColourTemp: z.string(), control: z.string(), installation: z.string() }).partial(),
  totalLumensLed: z.number(),
  totalWatts: z.number(),
  articles: z.array(CreationArticleLine),
  accessories: z.array(CreationAccessoryLine),
  electricalGroups: z.array(
    z.object({ model: z.string(), control: z.string(), lights: z.number().int(), drivers: z.array(z.object({ driverCode: z.string(), count: z.number().int() })) }),
  ),
  packaging: z.object({ packages: z.number().int(), timing: z.number().int() }),
  assemblyData: z.object({ lights: z.number().int(), clusters: z.number().int(), pendants: z.number().int(), wireLength: z.number(), elementIds: z.array(z.string()) }),
});
export type CreationComposition = z.infer<typeof CreationComposition>;

/** The price of the creation for the caller's rate and discounts (price.view only; removed otherwise). */
export const CreationPrice = z.object({
  currency: z.enum(['EUR', 'USD']),
  /** One set. */
  unitGross: z.number(),
  unitNet: z.number(),
  /** quantity sets. */
  totalGross: z.number(),
  totalNet: z.number(),
  totalDiscount: z.number(),
  /** False when a line has no price in the caller's rate (drivers, a missing price): the totals leave it out. */
  complete: z.boolean(),
});
export type CreationPrice = z.infer<typeof CreationPrice>;

export const CreationTotals = z.object({
  /** One set. */
  lumens: z.number(),
  watts: z.number(),
  lights: z.number().int(),
  clusters: z.number().int(),
  pendants: z.number().int(),
  /** Metres of wire in one set. */
  wireLength: z.number(),
});

/** The answer of evaluate, and what a CREATION line stores (compositions, totals). */
export const CreationEvaluation = z.object({
  valid: z.boolean(),
  failures: z.array(CreationFailure),
  /** The space as the engine rebuilt it, at the current schema version (what the room should hold). */
  space: z.record(z.string(), z.unknown()),
  /** The schema version the space was sent with (an older one was migrated forward; `space` is current). */
  schemaVersion: z.number().int(),
  catalogId: CatalogId,
  subFamily: z.object({ id: z.number().int(), description: z.string() }),
  familyId: z.number().int(),
  /** Product category (COMPOSING_PENDANTS 7, …). */
  category: z.number().int(),
  /** Configurator type of the collection (CREA 1, COMPOSITOR 5, …). */
  configuratorType: z.object({ id: z.number().int(), description: z.string() }),
  quantity: z.number().int(),
  compositions: z.array(CreationComposition),
  totals: CreationTotals,
  /** Null without price.view (and absent: answers to callers without price.view lose every price field). */
  price: CreationPrice.nullable().optional(),
  /** The fewest sets that meet every reference's MOQ. */
  moq: z.number().int(),
  /** Weeks to prepare `quantity` sets: the longest of its references. */
  leadTimeWeeks: z.number().int(),
  /** The least available of its references. */
  availability: CreationAvailability,
});
export type CreationEvaluation = z.infer<typeof CreationEvaluation>;

/** GET projects/v1/projects/{id}/products/{productId}/revisions: every saved space of a creation line, newest first. */
export const CreationRevision = z.object({
  revision: z.number().int(),
  createdAt: z.string(),
  space: z.record(z.string(), z.unknown()),
  quantity: z.number().int(),
  totals: CreationTotals,
});
export const CreationRevisionList = z.array(CreationRevision);
export type CreationRevision = z.infer<typeof CreationRevision>;

/**
 * Drawings (issue 16): sticks (219) and plusminus (225) spaces drawn on a plan. They travel as the same
 * saved space as a crea creation (`CreationSpace`); the server rebuilds them and checks the drawing.
 *
 * - POST /api/products/v1/creations/shared               ShareCreationBody → 201 CreationShareCreated (Idempotency-Key)
 * - GET  /api/products/v1/creations/shared/{hash}        → SharedCreation (the evaluation made for the viewer)
 * - GET  /api/products/v1/creations/shared/{hash}/export/{format}
 * - POST /api/products/v1/creations/export/{format}      ExportCreationBody (the unsaved configurator)
 * - GET  /api/projects/v1/projects/{projectId}/products/{productId}/export/{format}
 */

export const CreationExportFormat = z.enum(CREATION_EXPORT_FORMATS);
export type CreationExportFormat = z.infer<typeof CreationExportFormat>;

/** POST products/v1/creations/shared: the space to share, of a drawing collection (219 sticks, 225 plusminus). */
export const ShareCreationBody = z.object({
  space: CreationSpace,
  subFamilyId: Id,
  /** The catalogue of the configuration; default the caller's (16 for visitors). */
  catalogId: CatalogId.optional(),
});
export type ShareCreationBody = z.input<typeof ShareCreationBody>;

/** 201 of POST products/v1/creations/shared: the snapshot's hash and the web path of its shared view. */
export const CreationShareCreated = z.object({
  /** 16 random bytes, base64url (22 characters). */
  hash: z.string(),
  /** '/plusminus-drawing-configurator/product/{hash}' */
  path: z.string(),
});
export type CreationShareCreated = z.infer<typeof CreationShareCreated>;

/** A shared snapshot's hash in a path; a malformed one (not 22 base64url characters) is answered 404 like an unknown one, unsafe text 400. */
export const CreationShareParams = z.object({ hash: z.string().min(1).max(64).refine(isSafeText, { message: INVALID_CHARACTERS, abort: true }) });
export const CreationShareExportParams = CreationShareParams.extend({ format: CreationExportFormat });
export const CreationExportParams = z.object({ format: CreationExportFormat });

/** GET products/v1/creations/shared/{hash}: the snapshot and its evaluation for the viewer (prices only with price.view, in the viewer's rate). */
export const SharedCreation = z.object({
  hash: z.string(),
  subFamilyId: z.number().int(),
  catalogId: CatalogId,
  createdAt: z.string(),
  space: z.record(z.string(), z.unknown()),
  evaluation: CreationEvaluation,
});
export type SharedCreation = z.infer<typeof SharedCreation>;

/** POST products/v1/creations/export/{format}: the configurator's unsaved space. */
export const ExportCreationBody = ShareCreationBody;
export type ExportCreationBody = z.input<typeof ExportCreationBody>;

/**
 * Drafts of the configurators (issue 27 §3): the work in progress of one user in one configurator,
 * kept on the server so that it survives a reload, a lost connection and a login; a visitor's stays
 * in the browser. The content is the configurator's own (a crea space, a drawing and its room), only
 * bounded here: nothing is priced or checked from it; it is read back by the configurator that wrote it.
 *
 * - GET    /api/products/v1/configurator-drafts/{key} → ConfiguratorDraft (404 when none)
 * - PUT    /api/products/v1/configurator-drafts/{key}  ConfiguratorDraftBody → ConfiguratorDraft
 * - DELETE /api/products/v1/configurator-drafts/{key} → 204
 */
export const ConfiguratorDraftParams = z.object({
  /** The configurator and what it edits: `crea`, `sticks-drawing`, `plusminus-nodrawing`, `crea.line.{productId}`… */
  key: z.string().regex(/^[a-z][a-z0-9-]{0,39}(\.[A-Za-z0-9_-]{1,64}){0,3}$/, 'must be a configurator name, optionally followed by .parts'),
});
export const ConfiguratorDraftBody = z.object({
  content: CreationSpace,
  quantity: z.number().int().min(1).max(MAX_CREATION_QUANTITY).default(1),
});
export type ConfiguratorDraftBody = z.input<typeof ConfiguratorDraftBody>;
export const ConfiguratorDraft = z.object({
  key: z.string(),
  content: z.record(z.string(), z.unknown()),
  quantity: z.number().int(),
  /** ISO time of the last write. */
  updatedAt: z.string(),
});
export type ConfiguratorDraft = z.infer<typeof ConfiguratorDraft>;

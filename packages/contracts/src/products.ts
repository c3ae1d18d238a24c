import { z } from 'zod';
import { CatalogId, CatalogIdQuery, Lang, LangQuery } from './common';
import { IdQuery, JsonValue, SafeText } from './input';

/**
 * Wire shapes of the catalogue calls (products and apiv2 services, spec configuration-domain §7 and
 * platform-core §7). The article, attribute and variation shapes mirror `@lumen/domain`'s catalogue
 * types, so a parsed answer can be handed to the domain's rules (references, pricing, lead time,
 * element tree) as it is. Keep these backward compatible: add optional fields, never remove one.
 */

// ---------------------------------------------------------------------------------------------
// Query-string helpers
// ---------------------------------------------------------------------------------------------

/** A query-string flag: 1/0, true/false. */
export const FlagQuery = z.enum(['1', '0', 'true', 'false']).transform((value) => value === '1' || value === 'true');
/** A four-character model code. */
export const ModelCode = SafeText.regex(/^[A-Za-z0-9]{4}$/, 'formError.model');
/** A catalogue given as `catalog` or `catalogId` (16 or 21). */
const OptionalCatalog = CatalogIdQuery.optional();

/** A `model` query parameter that may be repeated (`model=0270&model=5520`) or comma-separated. */
export const ModelListQuery = z.preprocess(
  (value) => {
    const list = Array.isArray(value) ? value : value === undefined ? [] : [value];
    return list.flatMap((item) => (typeof item === 'string' ? item.split(',') : [item])).filter((item) => item !== '');
  },
  z.array(ModelCode).min(1).max(50),
);

// ---------------------------------------------------------------------------------------------
// Shared shapes
// ---------------------------------------------------------------------------------------------

export const LocalizedText = z.partialRecord(Lang, z.string());
export type LocalizedText = z.infer<typeof LocalizedText>;

export const Bov = z.enum(['B', 'O', 'V', 'T']);

export const Money = z.object({
  /** Amount in the catalogue currency, 2 decimals. */
  amount: z.number(),
  currency: z.enum(['EUR', 'USD']),
});
export type Money = z.infer<typeof Money>;

/** What the caller may pay: only for users holding price.view, else the field is null. */
export const ArticlePrice = z.object({
  currency: z.enum(['EUR', 'USD']),
  rateId: z.number().int(),
  /** List (gross) unit price in the catalogue currency. */
  unitGross: z.number(),
  /** The caller's discount for the article's sublevel, percent 0..100. */
  discountPercent: z.number(),
  /** unitGross less the discount, 2 decimals. */
  unitNet: z.number(),
});
export type ArticlePrice = z.infer<typeof ArticlePrice>;

export const LeadTimeEntry = z.object({ from: z.number().int(), weeks: z.number().int() });

export const Availability = z.object({
  since: z.string().nullable().optional(),
  until: z.string().nullable().optional(),
  expected: z.string().nullable().optional(),
});

export const Attribute = z.object({
  code: z.string(),
  id: z.union([z.number(), z.string()]).optional(),
  description: LocalizedText,
  bov: Bov,
  fromValidityDate: z.string().optional(),
  toValidityDate: z.string().optional(),
});

export const FinishAttribute = Attribute.extend({ ral: z.string().optional(), thumbnail: z.string().optional() });
export const TemperatureAttribute = Attribute.extend({ value: z.number().optional() });
/** Lengths in centimetres. */
export const PendantHeightAttribute = Attribute.extend({
  value: z.number(),
  min: z.number(),
  standard: z.number(),
  max: z.number(),
  delta: z.number(),
});

export const ArticleAttributes = z.object({
  finish: FinishAttribute,
  ledColourTemp: TemperatureAttribute,
  control: Attribute,
  installation: Attribute,
  pendantHeight: PendantHeightAttribute.optional(),
});

export const ArticleTypeLevel = z.object({ id: z.number().int(), description: z.string() });
export const ArticleType = z.object({
  level1: ArticleTypeLevel.optional(),
  level2: ArticleTypeLevel.optional(),
  level3: ArticleTypeLevel.optional(),
});

/** An article (spec §3), the shape of `Article` in @lumen/domain plus catalogue context. */
export const Article = z.object({
  model: z.string(),
  reference: z.string(),
  referenceBase: z.string(),
  /** The reference the price list is keyed by (the base article's). Absent without price.view, like every price field. */
  priceReference: z.string().optional(),
  catalog: z.object({ id: CatalogId }),
  type: z.string().optional(),
  articleType: ArticleType,
  attributes: ArticleAttributes,
  materials: z.array(z.object({ id: z.union([z.number(), z.string()]).optional(), description: z.string(), cri: z.string().optional() })),
  cri: z.object({ description: z.string() }).optional(),
  moq: z.number().int(),
  leadtime: z.array(LeadTimeEntry),
  hasAttributes: z.boolean(),
  count: z.number().optional(),
  netWeight: z.number(),
  lumens: z.number(),
  watts: z.number(),
  delivered_power: z.number(),
  consumed_power: z.number(),
  height: z.number(),
  // --- catalogue context (not in the domain type; optional for backward compatibility) ---
  /** Whether this is the model's base article (reference === referenceBase). */
  isBase: z.boolean().optional(),
  description: z.string().optional(),
  subFamily: z.object({ id: z.number().int(), description: z.string() }).optional(),
  familyId: z.number().int().optional(),
  applicationLocationId: z.number().int().optional(),
  /** Image URL (SVG) of the model, drawn in this article's finish. */
  image: z.string().optional(),
  /** Absent (or null) for users without price.view. */
  price: ArticlePrice.nullable().optional(),
});
export type Article = z.infer<typeof Article>;

export const VariationType = z.enum(['color', 'temperature', 'control', 'installation', 'pendantHeight']);

/** A variation (spec §3), the shape of `Variation` in @lumen/domain. Amounts are decimal strings. */
export const Variation = z.object({
  type: VariationType,
  modifier: z.string(),
  modifier2: z.string().optional(),
  description: LocalizedText.optional(),
  model: z.string(),
  moq: z.number().int().optional(),
  leadtime: z.array(LeadTimeEntry).optional(),
  priceIncrement: z.string().optional(),
  priceIncrementDollars: z.string().optional(),
  priceIncrementPercent: z.string().optional(),
  priceEffectOrder: z.string().optional(),
  availability: Availability.optional(),
  /** Finish only. */
  ral: z.string().optional(),
  /** Finish only: a CSS colour of the swatch. */
  thumbnail: z.string().optional(),
  /** Finish only: the model's picture in this finish (SVG). */
  image: z.string().optional(),
  /** Temperature: kelvin. Pendant height: the chosen height (cm). */
  value: z.number().optional(),
  /** Pendant height only (cm). */
  min: z.number().optional(),
  standard: z.number().optional(),
  max: z.number().optional(),
  delta: z.number().optional(),
  /** Validity dates dd/mm/yyyy (temporal options). */
  fromValidityDate: z.string().optional(),
  toValidityDate: z.string().optional(),
  bov: Bov.optional(),
});
export type Variation = z.infer<typeof Variation>;

// ---------------------------------------------------------------------------------------------
// catalogs/get-min
// ---------------------------------------------------------------------------------------------

export const PriceRate = z.object({ id: z.number().int(), name: z.string(), currency: z.enum(['EUR', 'USD']) });
export const CatalogMin = z.object({
  id: CatalogId,
  name: z.enum(['INT', 'USA']),
  currency: z.enum(['EUR', 'USD']),
  /** Brand codes of the variation service that stand for this catalogue (3VB, 4VT → 16; 2US → 21). */
  brandCodes: z.array(z.string()),
  rates: z.array(PriceRate),
  defaultRateId: z.number().int(),
  isDefault: z.boolean(),
});
export const CatalogMinList = z.array(CatalogMin);
export type CatalogMin = z.infer<typeof CatalogMin>;

// ---------------------------------------------------------------------------------------------
// categories/collections
// ---------------------------------------------------------------------------------------------

export const CollectionsQuery = z.object({
  catalogId: OptionalCatalog,
  lang: LangQuery.optional(),
  subFamilyId: IdQuery.optional(),
  /** Include image URLs (default true). Also accepted as withImages. */
  images: FlagQuery.optional(),
  withImages: FlagQuery.optional(),
  /** Role id of the caller (rolId); the platform answers the same collections to every role. */
  role: IdQuery.optional(),
  rolId: IdQuery.optional(),
});
export type CollectionsQuery = z.infer<typeof CollectionsQuery>;

export const NamedId = z.object({ id: z.number().int(), description: z.string() });

export const Collection = z.object({
  /** The subfamily id. */
  id: z.number().int(),
  subFamilyId: z.number().int(),
  catalogId: CatalogId,
  /** Collection name (a brand name, the same in every language). */
  name: z.string(),
  /** Short description in the asked language. */
  description: z.string(),
  familyId: z.number().int(),
  familyName: z.string(),
  /** Lamp-type categories (ids 17–28) the collection's models belong to. */
  categories: z.array(NamedId),
  applicationLocations: z.array(NamedId),
  /** Product type: REGULAR 1, SPECIFIC_PLAYER 2, MODULAR 3, LG2 4, VIRTUAL 5, TOOLKIT 6, COMPOSING_PENDANTS 7. */
  productType: NamedId,
  /** Configurator type: CREA 1, DRAWING 2, NODRAWING 3, EXPRESS 4, COMPOSITOR 5, ATTRIBUTES 6. */
  configuratorType: NamedId,
  modelsCount: z.number().int(),
  /** Present when images were asked for. */
  image: z.string().optional(),
  isNew: z.boolean(),
  order: z.number().int(),
});
export const CollectionList = z.array(Collection);
export type Collection = z.infer<typeof Collection>;

// ---------------------------------------------------------------------------------------------
// articles/models and v2 articles/listModelsByFamily
// ---------------------------------------------------------------------------------------------

export const ModelsQuery = z.object({
  catalog: OptionalCatalog,
  catalogId: OptionalCatalog,
  subFamilyId: IdQuery,
  applicationLocationId: IdQuery.optional(),
  lang: LangQuery.optional(),
});
export type ModelsQuery = z.infer<typeof ModelsQuery>;

export const TechnicalData = z.object({
  lumens: z.number(),
  watts: z.number(),
  delivered_power: z.number(),
  consumed_power: z.number(),
  cri: z.number().int(),
  /** Centimetres. */
  width: z.number(),
  height: z.number(),
  depth: z.number(),
  /** Kilograms. */
  netWeight: z.number(),
  /** Degrees. */
  beamAngle: z.number(),
  ipRating: z.string(),
  /** The light sources (heads) of a cluster, or the spotlights a track carries; absent for one. */
  lightSources: z.number().int().positive().optional(),
  /** Issue 28: the optic that shapes the distribution (packages/domain photometry). */
  optic: z.enum(['symmetric', 'linear', 'wall', 'washer']).optional(),
  /** EPREL registration numbers of the light source, per driver placement it is sold in. */
  eprel: z.object({ builtIn: z.string().optional(), remote: z.string().optional() }).optional(),
  /** Electrical protection class (IEC 61140). */
  protectionClass: z.enum(['I', 'II', 'III']).optional(),
  ikRating: z.string().optional(),
  /** Colour consistency, MacAdam ellipse steps. */
  sdcm: z.number().int().optional(),
  /** Rated life: hours to L{lumenMaintenance} B{failureFraction}. */
  lifetime: z.object({ hours: z.number().int(), lumenMaintenance: z.number().int(), failureFraction: z.number().int() }).optional(),
  /** Unified glare rating limit (ceiling lights and downlights), null where it does not apply. */
  ugr: z.number().nullable().optional(),
  certifications: z.array(z.string()).optional(),
  /** EU 2019/2015 class computed from the photometry and the watts (packages/domain energy). */
  energyClass: z.enum(['A', 'B', 'C', 'D', 'E', 'F', 'G']),
});
export type TechnicalData = z.infer<typeof TechnicalData>;

export const ModelSummary = z.object({
  model: z.string(),
  catalogId: CatalogId,
  description: z.string(),
  subFamilyId: z.number().int(),
  familyId: z.number().int(),
  familyName: z.string(),
  category: NamedId,
  applicationLocation: NamedId,
  virtual: z.boolean(),
  referenceBase: z.string(),
  articleCode: z.string(),
  hasDrivers: z.boolean(),
  technicalData: TechnicalData,
  image: z.string(),
  /** Base price (list, gross) for users with price.view; absent otherwise (null when the model has none). */
  priceFrom: Money.nullable().optional(),
});
export const ModelList = z.array(ModelSummary);
export type ModelSummary = z.infer<typeof ModelSummary>;

export const ListModelsByFamilyQuery = z.object({
  catalog: OptionalCatalog,
  catalogId: OptionalCatalog,
  subFamilyId: IdQuery,
  applicationLocationId: IdQuery.optional(),
  /** 1: only virtual models; 0 (default): without them. */
  virtual: z.enum(['0', '1']).optional(),
});
export const ModelsByFamily = z.array(z.object({ catalogId: CatalogId, models: z.array(z.object({ model: z.string() })) }));

// ---------------------------------------------------------------------------------------------
// articles/variations (apiv2)
// ---------------------------------------------------------------------------------------------

/**
 * The variation service's `catalog`: a catalogue id (16, 21) or a brand code (3VB, 4VT → 16; 2US → 21).
 * An unknown brand code reads as 16, or is refused with 'Not exist catalog value' under the flag
 * variationCatalog (configuration-domain §8).
 */
export const VariationsCatalogQuery = z.union([CatalogIdQuery, z.string().regex(/^(?=[0-9]*[A-Za-z])[A-Za-z0-9]{1,8}$/, 'must be 16, 21 or a brand code')]);

export const VariationsQuery = z.object({
  model: ModelListQuery,
  catalog: VariationsCatalogQuery.optional(),
  subfamily: IdQuery.optional(),
  lang: LangQuery.optional(),
});
export type VariationsQuery = z.infer<typeof VariationsQuery>;

/** What the web needs to price a configuration with @lumen/domain (only with price.view). */
export const PricingInfo = z.object({
  currency: z.enum(['EUR', 'USD']),
  rateId: z.number().int(),
  /** Base (list) price per model, decimal strings. */
  basePrices: z.record(z.string(), z.string()),
  /** The caller's discount percent per sublevel id. */
  discounts: z.record(z.string(), z.number()),
});
export type PricingInfo = z.infer<typeof PricingInfo>;

/** An article collection as @lumen/domain's element tree reads it: base articles + variations. */
export const VariationsResponse = z.object({
  catalogId: CatalogId,
  articles: z.array(Article),
  /** Variations carry their surcharges (priceIncrement…) only for price.view. */
  variations: z.array(Variation),
  /** For price.view; absent otherwise. */
  pricing: PricingInfo.nullable().optional(),
});
export type VariationsResponse = z.infer<typeof VariationsResponse>;

// ---------------------------------------------------------------------------------------------
// articles by reference (v1 references, apiv2 byReference) and article search
// ---------------------------------------------------------------------------------------------

export const ArticleByReferenceQuery = z.object({
  catalogId: OptionalCatalog,
  reference: SafeText.trim().min(1).max(40),
  lang: LangQuery.optional(),
});
export type ArticleByReferenceQuery = z.infer<typeof ArticleByReferenceQuery>;

export const ArticleByReferenceResponse = Article;

export const ArticleSearchQuery = z.object({
  catalogId: OptionalCatalog,
  search: SafeText.trim().min(1).max(40),
  lang: LangQuery.optional(),
  limit: z.coerce.number().int().min(1).max(100).optional(),
});
export const ArticleSearchHit = z.object({
  reference: z.string(),
  model: z.string(),
  description: z.string(),
  subFamilyId: z.number().int(),
  familyName: z.string(),
  applicationLocationId: z.number().int(),
  isBase: z.boolean(),
  image: z.string(),
});
export const ArticleSearchResponse = z.array(ArticleSearchHit);

// ---------------------------------------------------------------------------------------------
// technical info (v2)
// ---------------------------------------------------------------------------------------------

export const TechnicalInfoQuery = z.object({
  subFamily: IdQuery,
  catalog: OptionalCatalog,
  appLocation: IdQuery.optional(),
  lang: LangQuery.optional(),
});
export const TechnicalInfoByModelQuery = z.object({
  family: IdQuery.optional(),
  catalog: OptionalCatalog,
  model: ModelCode,
  lang: LangQuery.optional(),
});
export const SpotlightQuery = z.object({ catalog: OptionalCatalog, subFamily: IdQuery, lang: LangQuery.optional() });
export const AttachmentsQuery = z.object({
  family: IdQuery.optional(),
  model: ModelCode,
  appLocation: IdQuery.optional(),
  catalog: OptionalCatalog,
  lang: LangQuery.optional(),
});

export const TechnicalInfo = z.object({
  model: z.string(),
  catalogId: CatalogId,
  description: z.string(),
  subFamilyId: z.number().int(),
  familyId: z.number().int(),
  familyName: z.string(),
  applicationLocationId: z.number().int(),
  technicalData: TechnicalData,
  /** Values per unit system: metric as stored, imperial for catalogue 21 readers. */
  units: z.object({ length: z.enum(['cm', 'in']), weight: z.enum(['kg', 'lb']) }),
  finishes: z.array(z.object({ code: z.string(), description: z.string(), ral: z.string().optional(), thumbnail: z.string().optional() })),
  temperatures: z.array(z.object({ code: z.string(), description: z.string(), value: z.number().optional() })),
  controls: z.array(z.object({ code: z.string(), description: z.string() })),
  installations: z.array(z.object({ code: z.string(), description: z.string() })),
  pendantHeight: z.object({ min: z.number(), standard: z.number(), max: z.number(), delta: z.number() }).nullable(),
  drivers: z.array(z.object({ catalogue: z.enum(['row', 'usa']), sizes: z.array(z.number().int()) })),
  image: z.string(),
});
export type TechnicalInfo = z.infer<typeof TechnicalInfo>;
export const TechnicalInfoList = z.array(TechnicalInfo);

export const Spotlight = z.object({
  subFamilyId: z.number().int(),
  catalogId: CatalogId,
  title: z.string(),
  text: z.string(),
  image: z.string(),
  models: z.array(z.string()),
});

export const Attachment = z.object({
  type: z.enum(['specSheet', 'manual', 'energyLabel', '2D_3D', 'photometry', 'imagesHD']),
  name: z.string(),
  format: z.string(),
  lang: z.string().optional(),
  url: z.string(),
});
export const AttachmentList = z.array(Attachment);

// ---------------------------------------------------------------------------------------------
// application location (v2)
// ---------------------------------------------------------------------------------------------

export const ApplicationLocationQuery = z.object({ applicationId: IdQuery, locationId: IdQuery, lang: LangQuery.optional() });
export const ApplicationLocation = z.object({
  id: z.number().int(),
  applicationId: z.number().int(),
  locationId: z.number().int(),
  description: z.string(),
});

// ---------------------------------------------------------------------------------------------
// preconfigs
// ---------------------------------------------------------------------------------------------

export const PreconfigsQuery = z.object({
  catalogId: OptionalCatalog,
  familyId: IdQuery.optional(),
  subFamilyId: IdQuery.optional(),
  applicationLocationId: IdQuery.optional(),
  lang: LangQuery.optional(),
  visibility: z.enum(['website', 'private']).optional(),
});
export type PreconfigsQuery = z.infer<typeof PreconfigsQuery>;

export const PreconfigSummary = z.object({
  id: z.number().int(),
  catalogId: CatalogId,
  name: z.string(),
  description: z.string(),
  familyId: z.number().int(),
  subFamilyId: z.number().int(),
  applicationLocationId: z.number().int(),
  visibility: z.enum(['website', 'private']),
  /** Configurator to open it in (CREA 1, DRAWING 2, NODRAWING 3, EXPRESS 4, …). */
  configuratorType: NamedId,
  models: z.array(z.string()),
  lightsCount: z.number().int(),
  image: z.string(),
  /** For price.view; absent otherwise. */
  price: Money.nullable().optional(),
});
export const PreconfigList = z.array(PreconfigSummary);
export type PreconfigSummary = z.infer<typeof PreconfigSummary>;

export const PreconfigLine = z.object({
  reference: z.string(),
  model: z.string(),
  quantity: z.number().int(),
  pendantHeight: z.number().optional(),
});

/** A preconfiguration ready to open: its lines and the saved space (domain JSON) when it has one. */
export const PreconfigDetail = PreconfigSummary.extend({
  lines: z.array(PreconfigLine),
  domainJSON: z.record(z.string(), z.unknown()).nullable(),
});
export type PreconfigDetail = z.infer<typeof PreconfigDetail>;

// ---------------------------------------------------------------------------------------------
// decision trees, image details, configs, designer
// ---------------------------------------------------------------------------------------------

export const DecisionTreeQuery = z.object({
  catalogId: OptionalCatalog,
  familyId: IdQuery.optional(),
  subFamilyId: IdQuery.optional(),
  lang: LangQuery.optional(),
});

export const DecisionOption = z.object({
  id: z.string(),
  label: z.string(),
  image: z.string().optional(),
  /** The next layer to show, or null at a leaf. */
  next: z.string().nullable(),
  /** At a leaf: where the choice leads. */
  result: z
    .object({ subFamilyId: z.number().int(), applicationLocationId: z.number().int().optional(), model: z.string().optional(), preconfigId: z.number().int().optional() })
    .optional(),
});
export const DecisionLayer = z.object({
  id: z.string(),
  /** Layer width of the interface (A, B, D, E large; C, F, G fullWidth). */
  width: z.enum(['large', 'fullWidth']),
  title: z.string(),
  visibility: z.string().optional(),
  options: z.array(DecisionOption),
});
export const DecisionTree = z.object({
  id: z.number().int(),
  catalogId: CatalogId,
  subFamilyId: z.number().int(),
  familyId: z.number().int(),
  name: z.string(),
  rootLayer: z.string(),
  layers: z.array(DecisionLayer),
});

export const ImageDetailsQuery = z.object({ catalogId: OptionalCatalog, lang: LangQuery.optional() });
export const ImageDetailsItem = z.object({
  reference: z.string().max(40).optional(),
  model: z.string().max(10).optional(),
  subFamilyId: z.number().int().optional(),
});
/** Any JSON (a list of products is enriched, anything else answered as it came), bounded like all free JSON. */
export const ImageDetailsBody = JsonValue;
export const ImageDetails = z.array(
  z.record(z.string(), z.unknown()).and(
    z.object({ image: z.string().optional(), thumbnail: z.string().optional(), colour: z.string().optional(), description: z.string().optional() }),
  ),
);

export const ProductConfig = z.object({
  id: z.number().int(),
  subFamilyId: z.number().int(),
  catalogId: CatalogId,
  configuratorType: NamedId,
  /** Room and defaults of the configurator. */
  settings: z.record(z.string(), z.unknown()),
});

export const Designer = z.object({
  subFamilyId: z.number().int(),
  name: z.string(),
  designer: z.string(),
  year: z.number().int(),
  bio: z.record(z.string(), z.string()),
  image: z.string(),
});

// ---------------------------------------------------------------------------------------------
// static data files
// ---------------------------------------------------------------------------------------------

export const STATIC_FILES = ['Subfamilies', 'IndexSubfamiliesNames', 'modelSubFamilyNameDictionary'] as const;
/** A static data file, with or without `.json`. */
export const StaticFileParams = z.object({
  name: SafeText.regex(/^(Subfamilies|IndexSubfamiliesNames|modelSubFamilyNameDictionary)(\.json)?$/, 'formError.file')
    .transform((name) => name.replace(/\.json$/, '') as (typeof STATIC_FILES)[number]),
});
export const SubfamilyCatalogParams = z.object({
  folder: z.enum(['byFamily', 'accessories', 'rules']),
  /** `{subFamilyId}_{catalogId}`, optionally with `.json`. */
  file: SafeText.regex(/^\d{1,9}_(16|21)(\.json)?$/, 'formError.file'),
});

export const ProductsIdParam = z.object({ id: IdQuery });
export const LayerParam = z.object({ layer: SafeText.regex(/^[A-Za-z0-9_-]{1,40}$/) });

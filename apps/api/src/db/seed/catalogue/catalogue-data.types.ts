import type { CatalogId, Lang, LeadTimeEntry, RuleBook } from '@lumen/domain';

/**
 * The shape of the generated demo catalogue (data/catalogue.json), written by
 * generate-catalogue.ts and read by the seed. Texts are per language; amounts are decimal strings.
 */
export type Texts = Record<Lang, string>;

export interface CatalogData {
  id: CatalogId;
  name: 'INT' | 'USA';
  currency: 'EUR' | 'USD';
  brandCodes: string[];
  defaultRateId: number;
}

export interface RateData {
  id: number;
  catalogId: CatalogId;
  name: string;
  currency: 'EUR' | 'USD';
}

export interface AttributeValueData {
  code: string;
  description: Texts;
  ral?: string;
  thumbnail?: string;
  value?: number;
}

export interface AttributeDictionaries {
  finish: AttributeValueData[];
  ledColourTemp: AttributeValueData[];
  control: AttributeValueData[];
  installation: AttributeValueData[];
}

export interface NamedData {
  id: number;
  description: Texts;
}

export interface ApplicationLocationData {
  id: number;
  applicationId: number;
  locationId: number;
  description: Texts;
}

export interface CollectionData {
  subFamilyId: number;
  name: string;
  familyId: number;
  familyName: string;
  description: Texts;
  catalogs: CatalogId[];
  productType: { id: number; description: string };
  configuratorType: { id: number; description: string };
  isNew: boolean;
  order: number;
  designer: { name: string; year: number; bio: Texts };
  spotlight: { title: Texts; text: Texts };
  /** No rules file ships for this subfamily (spec: missing rules give empty rules). */
  hasRules: boolean;
  hasAccessories: boolean;
}

/** Issue 28 (generate-catalogue.ts technicalExtras): the distribution's shape, EPREL numbers and the sheet's data. */
export interface TechnicalExtrasData {
  optic: 'symmetric' | 'linear' | 'wall' | 'washer';
  /** EPREL registration numbers of the light source, per driver placement it is sold in (made up for the demo). */
  eprel: { builtIn?: string; remote?: string };
  protectionClass: 'I' | 'II' | 'III';
  ikRating: string;
  sdcm: number;
  lifetime: { hours: number; lumenMaintenance: number; failureFraction: number };
  /** Unified glare rating limit, for ceiling lights and downlights only. */
  ugr: number | null;
  certifications: string[];
}

export interface TechnicalDataData extends TechnicalExtrasData {
  lumens: number;
  watts: number;
  delivered_power: number;
  consumed_power: number;
  cri: number;
  /** Centimetres (overall; a wall pendant's width is its shade and its depth the arm's reach). */
  width: number;
  height: number;
  depth: number;
  /** The light sources (heads) of a cluster, or the spotlights a track carries; absent for one. */
  lightSources?: number;
  netWeight: number;
  beamAngle: number;
  ipRating: string;
}

export interface ModelOptionsData {
  finish: string[];
  ledColourTemp: string[];
  control: string[];
  installation: string[];
}

export interface ModelData {
  model: string;
  subFamilyId: number;
  categoryId: number;
  applicationLocationId: number;
  virtual: boolean;
  description: Texts;
  technical: TechnicalDataData;
  materials: string[];
  /** Options per catalogue; the first of each list is the base value. */
  options: Partial<Record<`${CatalogId}`, ModelOptionsData>>;
  /** Centimetres; only pendants. */
  pendantHeight: { min: number; standard: number; max: number; delta: number } | null;
  articleType: { level1: { id: number; description: string }; level2: { id: number; description: string }; level3: { id: number; description: string } };
  moq: number;
  leadtime: LeadTimeEntry[];
  /** Base price per rate id, decimal string. */
  basePrices: Record<string, string>;
}

export interface VariationData {
  catalogId: CatalogId;
  model: string;
  type: 'color' | 'temperature' | 'control' | 'installation' | 'pendantHeight';
  modifier: string;
  bov: 'B' | 'O' | 'V' | 'T';
  priceIncrement: string;
  priceIncrementDollars: string;
  priceIncrementPercent: string;
  priceEffectOrder: string;
  moq?: number;
  leadtime?: LeadTimeEntry[];
  availability?: { since?: string | null; until?: string | null; expected?: string | null };
  fromValidityDate?: string;
  toValidityDate?: string;
  min?: number;
  standard?: number;
  max?: number;
  delta?: number;
}

/** [reference, moq, lead-time table index, active 1/0] */
export type ArticleRow = [string, number, number, 0 | 1];

export interface AccessoryData {
  catalogId: CatalogId;
  subFamilyId: number;
  model: string;
  reference: string;
  complementType: number;
  sublevel: number;
  description: Texts;
  /** Price per rate id. */
  prices: Record<string, string>;
  moq: number;
  netWeight: number;
}

export interface PreconfigData {
  id: number;
  catalogId: CatalogId;
  subFamilyId: number;
  familyId: number;
  applicationLocationId: number;
  visibility: 'website' | 'private';
  name: string;
  description: Texts;
  configuratorTypeId: number;
  lines: Array<{ reference: string; model: string; quantity: number; pendantHeight?: number }>;
  /** The saved space (domain JSON, schema version of @lumen/domain) the configurators open; null for single luminaires. */
  domainJSON: Record<string, unknown> | null;
}

export interface DecisionTreeData {
  id: number;
  catalogId: CatalogId;
  subFamilyId: number;
  familyId: number;
  name: string;
  rootLayer: string;
  layers: Array<{
    id: string;
    width: 'large' | 'fullWidth';
    title: Texts;
    visibility?: string;
    options: Array<{
      id: string;
      label: Texts;
      image?: string;
      next: string | null;
      result?: { subFamilyId: number; applicationLocationId?: number; model?: string; preconfigId?: number };
    }>;
  }>;
}

export interface ConfigData {
  id: number;
  subFamilyId: number;
  catalogId: CatalogId;
  configuratorTypeId: number;
  settings: Record<string, unknown>;
}

export interface CatalogueDataFile {
  version: number;
  catalogs: CatalogData[];
  rates: RateData[];
  attributes: AttributeDictionaries;
  categories: NamedData[];
  applicationLocations: ApplicationLocationData[];
  collections: CollectionData[];
  models: ModelData[];
  variations: VariationData[];
  leadtimes: LeadTimeEntry[][];
  articles: Record<`${CatalogId}`, ArticleRow[]>;
  accessories: AccessoryData[];
  preconfigs: PreconfigData[];
  decisionTrees: DecisionTreeData[];
  configs: ConfigData[];
  rules: Record<string, RuleBook>;
  /** Sublevel discount maps of the demo companies, by company CRM id. */
  companyTerms: Array<{ crmId: string; rateId: number | null; discounts: Record<string, number> }>;
}

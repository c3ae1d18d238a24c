import { z } from 'zod';
import { Lang, LangQuery } from './common';
import { SafeText } from './input';
import { TRANSLATION_DOMAINS } from './constants';
import { FeatureEnvironment } from './runtime-config';
export { FEATURE_ENVIRONMENTS } from './constants';

/** Translation domains served by masters keys/domains (spec §7): TRANSLATION_DOMAINS lives in constants.ts. Keys are flat, dotted strings. */
export { TRANSLATION_DOMAINS } from './constants';
export const TranslationDomain = z.enum(TRANSLATION_DOMAINS);
export type TranslationDomain = z.infer<typeof TranslationDomain>;
export const TranslationFile = z.record(z.string(), z.string());
export type TranslationFile = z.infer<typeof TranslationFile>;

export const TranslationFileParams = z.object({ domain: TranslationDomain });

/** Languages (spec §3): id, isoCode, description in the asked language. */
export const Language = z.object({ id: z.number().int(), isoCode: Lang, description: z.string() });
export type Language = z.infer<typeof Language>;
export const LanguageList = z.array(Language);

export const LanguageQuery = z.object({ lang: LangQuery.optional() });
/** `languages/{lang}`: the api hub's form of the same list (flag editLanguagesFromApiHub picks it). */
export const LanguageParams = z.object({ lang: LangQuery });

// ─── Countries, regions, geo-IP defaults, menus and configurations (issue 5) ────────────────────────

/** A GeoNames id in a path: digits only, no sign, no exponent, no leading zero, at most 10 digits. */
export const GeonameIdParam = SafeText.regex(/^[1-9][0-9]{0,9}$/, 'must be a GeoNames id (a positive whole number)')
  .transform(Number);

/** `context=simple` answers only id, code and name per country; without it every field is given. */
export const COUNTRY_CONTEXTS = ['simple', 'full'] as const;
export const CountryContext = z.enum(COUNTRY_CONTEXTS);

export const CountriesQuery = z.object({
  lang: LangQuery.optional(),
  /** 16 or 21: the catalogue's home market comes first (the United States for 21). */
  catalogId: z.coerce.number().pipe(z.union([z.literal(16), z.literal(21)])).optional(),
  context: CountryContext.optional(),
});

/** A country (spec §3 country and region). Level typologies are url path segments, e.g. 'states'. */
export const Country = z.object({
  geonameId: z.number().int(),
  isoCode: z.string().length(2),
  name: z.string(),
  iso3: z.string().length(3).optional(),
  continent: z.string().optional(),
  /** The country's own currency (ISO 4217), not the catalogue's. */
  currency: z.string().optional(),
  phoneCode: z.string().optional(),
  /** Url path of the first-level divisions ('states', 'provinces', 'regions', …); null when the data has none. */
  level2Typology: z.string().nullable().optional(),
  /** Url path of the second-level divisions ('counties', 'departments', …); null when the data has none. */
  level3Typology: z.string().nullable().optional(),
});
export type Country = z.infer<typeof Country>;
export const CountryList = z.array(Country);

/** A url path typology: lower-case letters and hyphens. */
export const TypologyParam = SafeText.regex(/^[a-z][a-z-]{0,39}$/, 'must be a typology url path such as states or provinces');

/** A division code inside its parent, as GeoNames writes it (admin1 or admin2 code, e.g. CA, 84, 037, B). */
export const RegionIdParam = SafeText.regex(/^[A-Za-z0-9]{1,20}$/, 'must be a region code of letters and digits');

export const Level2Params = z.object({ geonameId: GeonameIdParam, level2: TypologyParam });
export const Level3Params = z.object({ geonameId: GeonameIdParam, level2: TypologyParam, level2Id: RegionIdParam, level3: TypologyParam });

export const RegionsQuery = z.object({
  /** Part of the name, case- and accent-insensitive ('rhone' finds 'Rhône'). */
  search: SafeText.max(100).optional(),
  lang: LangQuery.optional(),
});

/** A level-2 or level-3 division (state, province, county, department…). */
export const Region = z.object({
  /** The GeoNames admin code inside the parent (CA, 037): the {level2Id} of the nested call. */
  id: z.string(),
  /** The full GeoNames admin code (US.CA, US.CA.037). */
  code: z.string(),
  /** The GeoNames id (5332921 for California) where the masters carry it: the United States' states; null elsewhere. */
  geonameId: z.number().int().nullable(),
  name: z.string(),
  level: z.union([z.literal(2), z.literal(3)]),
  /** Url path typology of this level ('states'). */
  typology: z.string(),
  /** Url path typology of the divisions under this one ('counties'), null when there are none. */
  childTypology: z.string().nullable(),
});
export type Region = z.infer<typeof Region>;
export const RegionList = z.array(Region);

export { FeatureEnvironment };

export const IpParam = z.object({ ip: z.union([z.ipv4(), z.ipv6()], { error: 'must be an IPv4 or IPv6 address' }) });
export const DefaultValuesQuery = z.object({
  environment: z.preprocess((value) => (typeof value === 'string' ? value.toUpperCase() : value), FeatureEnvironment).optional(),
  site: z.enum(['private', 'public']).optional(),
});

export const DefaultValues = z.object({
  ip: z.string(),
  /** Where the values come from: the geo-IP data set, or the defaults (private, loopback or unknown address). */
  source: z.enum(['geoip', 'default']),
  country: z.object({ geonameId: z.number().int(), isoCode: z.string().length(2), name: z.string(), currency: z.string() }).nullable(),
  catalogId: z.union([z.literal(16), z.literal(21)]),
  lang: Lang,
  /** The catalogue's currency, in which prices are shown (EUR for 16, USD for 21). */
  currency: z.string(),
});
export type DefaultValues = z.infer<typeof DefaultValues>;

export const CallerIp = z.object({ ip: z.string() });

/** Main navigation of the professional area (masters /v1/configurations/menus). */
export const MenuEntry = z.object({
  id: z.string(),
  path: z.string(),
  /** Translation key of the label (fr-eproject domain). */
  labelKey: z.string(),
  /** Any one of these is needed; empty means no privilege. */
  privileges: z.array(z.string()),
  /** Each of these is needed as well (invoices: price.view, an invoice being a price document). */
  allPrivileges: z.array(z.string()).default([]),
  requiresLogin: z.boolean(),
  /** Where the web shows the entry: the brand (the logo's link), the header's bar, or the account menu. */
  area: z.enum(['brand', 'header', 'account']).default('header'),
  order: z.number().int(),
});
export type MenuEntry = z.infer<typeof MenuEntry>;
export const MenuList = z.array(MenuEntry);

/** Rollout probability per flag (0 to 1) for one environment; missing flags go to the remote flag service. */
export const FeatureFlagTable = z.record(z.string(), z.number().min(0).max(1));

/** Public configuration (masters /v1/configurations). */
export const PublicConfiguration = z.object({
  catalogs: z.array(z.object({ id: z.union([z.literal(16), z.literal(21)]), name: z.string(), currency: z.string(), currencyLocale: z.string() })),
  defaultCatalogId: z.union([z.literal(16), z.literal(21)]),
  languages: z.array(z.object({ isoCode: Lang, locale: z.string(), searchWord: z.string() })),
  defaultLanguage: Lang,
  featureFlags: z.object({
    keys: z.array(z.string()),
    environments: z.object({ DEV: FeatureFlagTable, NEWPRO: FeatureFlagTable, PRO: FeatureFlagTable }),
  }),
  limits: z.object({
    clientTimeoutMs: z.number().int(),
    uploadTimeoutMs: z.number().int(),
    maxUploadBytes: z.number().int(),
    uploadExtensions: z.array(z.string()),
    cookieLifetimeMs: z.number().int(),
  }),
  defaults: z.object({ theme: z.enum(['light', 'dark']), catalogViewMode: z.enum(['grid', 'list']) }),
});
export type PublicConfiguration = z.infer<typeof PublicConfiguration>;

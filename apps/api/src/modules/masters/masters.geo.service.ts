import { BlockList, isIPv4 } from 'node:net';
import { CATALOGS, type CatalogId, type Country, type DefaultValues, DEFAULT_CATALOG_ID, DEFAULT_LANG, type Lang, LOCALE_OF, type Region } from '@lumen/contracts';
import { AppError } from '../../errors';
import { type CountryRecord, type DivisionRecord, fold, type GeoData, geoDataSet, type IpCountryLookup, ipCountryLookup } from './masters.geo-data';

/**
 * Url path typologies of the first and second division levels, per country (spec §3: the level 2 and 3
 * entities carry a url path typology). The spec gives no list; these are the usual English names of
 * the GeoNames admin1/admin2 levels of each country. Every other country: regions / subregions.
 */
const TYPOLOGIES: Readonly<Record<string, readonly [string, string]>> = {
  US: ['states', 'counties'],
  CA: ['provinces', 'census-divisions'],
  MX: ['states', 'municipalities'],
  BR: ['states', 'municipalities'],
  AR: ['provinces', 'departments'],
  CL: ['regions', 'provinces'],
  CO: ['departments', 'municipalities'],
  AU: ['states', 'local-government-areas'],
  DE: ['states', 'districts'],
  AT: ['states', 'districts'],
  CH: ['cantons', 'districts'],
  GB: ['countries', 'counties'],
  IE: ['provinces', 'counties'],
  ES: ['autonomous-communities', 'provinces'],
  IT: ['regions', 'provinces'],
  FR: ['regions', 'departments'],
  PT: ['districts', 'municipalities'],
  NL: ['provinces', 'municipalities'],
  BE: ['regions', 'provinces'],
  LU: ['cantons', 'communes'],
  SE: ['counties', 'municipalities'],
  NO: ['counties', 'municipalities'],
  DK: ['regions', 'municipalities'],
  FI: ['regions', 'subregions'],
  PL: ['voivodeships', 'counties'],
  CN: ['provinces', 'prefectures'],
  IN: ['states', 'districts'],
  JP: ['prefectures', 'municipalities'],
};
const DEFAULT_TYPOLOGY: readonly [string, string] = ['regions', 'subregions'];

/** The catalogue's home market, listed first (catalogue 21 is the United States). */
const HOME_COUNTRY: Readonly<Record<CatalogId, string | null>> = { 16: null, 21: 'US' };

/** Interface language guessed from a country's main language; the United States get us, others en. */
const LANG_OF_LANGUAGE: Readonly<Record<string, Lang>> = { es: 'es', fr: 'fr', de: 'de', it: 'it' };

/**
 * Addresses that say nothing about where a visitor is: private (RFC 1918, unique local), loopback,
 * link-local, carrier-grade NAT, unspecified, multicast, documentation and reserved ranges.
 */
const NON_PUBLIC = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  NON_PUBLIC.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
  ['2001:db8::', 32],
  ['100::', 64],
] as const) {
  NON_PUBLIC.addSubnet(network, prefix, 'ipv6');
}

const MAPPED_IPV4 = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i;

/** An IPv4-mapped IPv6 address (::ffff:1.2.3.4) is its IPv4 address. */
export function normaliseIp(ip: string): string {
  const mapped = MAPPED_IPV4.exec(ip);
  return mapped?.[1] ?? ip.toLowerCase();
}

export function isPublicIp(ip: string): boolean {
  const address = normaliseIp(ip);
  return !NON_PUBLIC.check(address, isIPv4(address) ? 'ipv4' : 'ipv6');
}

function typologyOf(country: CountryRecord, data: GeoData): { level2: string | null; level3: string | null } {
  const divisions = data.divisions.get(country.isoCode);
  const [level2, level3] = TYPOLOGIES[country.isoCode] ?? DEFAULT_TYPOLOGY;
  if (!divisions || divisions.level2.length === 0) return { level2: null, level3: null };
  return { level2, level3: divisions.level3.size > 0 ? level3 : null };
}

export interface CountriesOptions {
  lang: Lang;
  catalogId?: CatalogId | undefined;
  simple: boolean;
}

export interface RegionsOptions {
  lang: Lang;
  search?: string | undefined;
}

export interface MastersGeoDeps {
  data?: () => GeoData;
  ipLookup?: () => IpCountryLookup;
}

/** Masters: countries, their divisions and the default values of a visitor by IP. Pure reads of packaged data. */
export function createMastersGeoService(deps: MastersGeoDeps = {}) {
  const data = deps.data ?? geoDataSet;
  const ipLookup = deps.ipLookup ?? ipCountryLookup;
  const countryLists = new Map<Lang, Country[]>();
  const collators = new Map<Lang, Intl.Collator>();
  const collatorOf = (lang: Lang): Intl.Collator => {
    let collator = collators.get(lang);
    if (!collator) {
      collator = new Intl.Collator(LOCALE_OF[lang]);
      collators.set(lang, collator);
    }
    return collator;
  };

  function countryName(country: CountryRecord, lang: Lang): string {
    const name = new Intl.DisplayNames([LOCALE_OF[lang]], { type: 'region', fallback: 'none' }).of(country.isoCode);
    return name ?? country.name;
  }

  /** Every country, full shape, sorted by name in the language; built once per language. */
  function countriesIn(lang: Lang): Country[] {
    let list = countryLists.get(lang);
    if (!list) {
      const geo = data();
      const displayNames = new Intl.DisplayNames([LOCALE_OF[lang]], { type: 'region', fallback: 'none' });
      const collator = collatorOf(lang);
      list = geo.countries
        .map((country) => {
          const typology = typologyOf(country, geo);
          return {
            geonameId: country.geonameId,
            isoCode: country.isoCode,
            name: displayNames.of(country.isoCode) ?? country.name,
            iso3: country.iso3,
            continent: country.continent,
            currency: country.currency || undefined,
            phoneCode: country.phoneCode || undefined,
            level2Typology: typology.level2,
            level3Typology: typology.level3,
          };
        })
        .sort((a, b) => collator.compare(a.name, b.name));
      countryLists.set(lang, list);
    }
    return list;
  }

  function countryByGeonameId(geonameId: number): CountryRecord {
    const country = data().byGeonameId.get(geonameId);
    if (!country) throw new AppError('NOT_FOUND', 'No country has this GeoNames id');
    return country;
  }

  function toRegions(list: readonly DivisionRecord[], level: 2 | 3, typology: string, childTypology: (division: DivisionRecord) => string | null, options: RegionsOptions): Region[] {
    const term = options.search === undefined ? '' : fold(options.search);
    const collator = collatorOf(options.lang);
    return list
      .filter((division) => term === '' || division.folded.includes(term))
      .map((division) => ({ id: division.id, code: division.code, geonameId: division.geonameId, name: division.name, level, typology, childTypology: childTypology(division) }))
      .sort((a, b) => collator.compare(a.name, b.name));
  }

  return {
    countries(options: CountriesOptions): Country[] {
      const list = countriesIn(options.lang);
      const home = options.catalogId === undefined ? null : HOME_COUNTRY[options.catalogId];
      const ordered = home ? [...list.filter((country) => country.isoCode === home), ...list.filter((country) => country.isoCode !== home)] : list;
      return options.simple ? ordered.map(({ geonameId, isoCode, name }) => ({ geonameId, isoCode, name })) : ordered;
    },

    /** Level-2 divisions of a country; `level2` must be the country's typology url path. */
    level2(geonameId: number, level2: string, options: RegionsOptions): Region[] {
      const country = countryByGeonameId(geonameId);
      const geo = data();
      const typology = typologyOf(country, geo);
      const divisions = geo.divisions.get(country.isoCode);
      if (!divisions || typology.level2 !== level2) throw new AppError('NOT_FOUND', 'This country has no divisions under this path');
      const childTypology = typology.level3;
      return toRegions(divisions.level2, 2, level2, (division) => (childTypology && divisions.level3.has(division.id) ? childTypology : null), options);
    },

    /** Level-3 divisions of a level-2 division; both url paths must be the country's typologies. */
    level3(geonameId: number, level2: string, level2Id: string, level3: string, options: RegionsOptions): Region[] {
      const country = countryByGeonameId(geonameId);
      const geo = data();
      const typology = typologyOf(country, geo);
      const divisions = geo.divisions.get(country.isoCode);
      if (!divisions || typology.level2 !== level2 || typology.level3 !== level3) throw new AppError('NOT_FOUND', 'This country has no divisions under this path');
      const parent = divisions.level2.find((division) => division.id === level2Id);
      if (!parent) throw new AppError('NOT_FOUND', 'No division of this country has this id');
      return toRegions(divisions.level3.get(parent.id) ?? [], 3, level3, () => null, options);
    },

    /**
     * A country and one of its first-level divisions, by their GeoNames ids as the geo calls give them
     * (spec §3 US budget: country and state "each with geonameId and name"), with their names in the
     * language and the division's GeoNames admin code (US.NY); null when the country is unknown or the
     * division is not one of its own.
     */
    countryAndState(geonameId: number, divisionGeonameId: number, lang: Lang): { country: { geonameId: number; name: string }; division: { geonameId: number; code: string; name: string } } | null {
      const country = data().byGeonameId.get(geonameId);
      if (!country) return null;
      const division = data().divisions.get(country.isoCode)?.level2.find((candidate) => candidate.geonameId === divisionGeonameId);
      if (!division) return null;
      return { country: { geonameId: country.geonameId, name: countryName(country, lang) }, division: { geonameId: divisionGeonameId, code: division.code, name: division.name } };
    },

    /** Catalogue, language and currency for a visitor at this address (spec §7 default-values/by-ip). */
    defaultValues(ip: string): DefaultValues {
      const fallback: DefaultValues = { ip, source: 'default', country: null, catalogId: DEFAULT_CATALOG_ID, lang: DEFAULT_LANG, currency: CATALOGS[DEFAULT_CATALOG_ID].currency };
      if (!isPublicIp(ip)) return fallback;
      const isoCode = ipLookup().countryOf(normaliseIp(ip));
      const country = isoCode ? data().byIsoCode.get(isoCode) : undefined;
      if (!country) return fallback;
      const catalogId: CatalogId = country.isoCode === 'US' ? 21 : 16;
      const mainLanguage = country.languages[0]?.split('-')[0] ?? '';
      const lang: Lang = country.isoCode === 'US' ? 'us' : (LANG_OF_LANGUAGE[mainLanguage] ?? DEFAULT_LANG);
      return {
        ip,
        source: 'geoip',
        country: { geonameId: country.geonameId, isoCode: country.isoCode, name: countryName(country, lang), currency: country.currency },
        catalogId,
        lang,
        currency: CATALOGS[catalogId].currency,
      };
    },
  };
}

export type MastersGeoService = ReturnType<typeof createMastersGeoService>;

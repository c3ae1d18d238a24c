import { SiteLocation, type CatalogId, type Country, type FieldError, type Region } from '@lumen/contracts';
import { useCallback, useMemo, useState } from 'react';
import { useAppDispatch, useAppSelector } from '../store';
import { useRemote, type Remote } from '../use-remote';
import { loadCountries, loadRegions } from './geo-calls';

export type SiteField = 'country' | 'region' | 'city';
export type SiteValues = Readonly<Record<SiteField, string>>;

/** Where a 400's `fields` point inside a request's site location. */
const FIELD_OF_PATH: Readonly<Record<string, SiteField>> = {
  'body.siteLocation.country': 'country',
  'body.siteLocation.region': 'region',
  'body.siteLocation.city': 'city',
};

const CITY_MAX = 100;

function cityError(city: string): string | null {
  if (city.trim().length > CITY_MAX) return 'formError.tooLong';
  return SiteLocation.shape.city.safeParse(city).success ? null : 'formError.invalidCharacters';
}

export interface SiteLocationState {
  values: SiteValues;
  errors: Partial<Record<SiteField, string>>;
  countries: Remote<Country[]>;
  reloadCountries: () => void;
  /** The chosen country's first-level divisions; null while no chosen country has any. */
  regions: Remote<Region[]> | null;
  reloadRegions: () => void;
  /** The city must be given (a United States final quote); it is optional otherwise. */
  cityRequired: boolean;
  /** The url path of the chosen country's divisions ('states', 'provinces'…): it names the region field. */
  regionTypology: string | null;
  setCountry: (isoCode: string) => void;
  setRegion: (id: string) => void;
  setCity: (city: string) => void;
  /** Checks the three fields (country always; the region when the country has divisions); true when they may be sent. */
  validate: () => boolean;
  /** The site as the api takes it (spec §3 siteLocation). */
  value: () => SiteLocation;
  /** Shows a 400's site fields beside their field; true when at least one was. */
  showServerErrors: (fields: readonly FieldError[] | undefined, translatable: (key: string) => boolean) => boolean;
}

/**
 * The site of a request (a country, its region, a city): the countries and regions of the masters
 * geography in the interface language, the checks, and the api's shape. `initial.country` is an ISO
 * code (the United States forms start with US).
 */
export function useSiteLocation({ catalogId, initial = {}, cityRequired = false }: { catalogId: CatalogId; initial?: Partial<SiteValues>; cityRequired?: boolean }): SiteLocationState {
  const dispatch = useAppDispatch();
  const lang = useAppSelector((state) => state.preferences.lang);
  const [values, setValues] = useState<SiteValues>({ country: initial.country ?? '', region: initial.region ?? '', city: initial.city ?? '' });
  const [errors, setErrors] = useState<Partial<Record<SiteField, string>>>({});
  const [countries, reloadCountries] = useRemote(`${lang}|${catalogId}`, () => dispatch(loadCountries({ lang, catalogId })).unwrap());
  const country = countries.status === 'ready' ? countries.data.find((candidate) => candidate.isoCode === values.country) : undefined;
  const regionTypology = country?.level2Typology ?? null;
  const geonameId = country?.geonameId ?? 0;
  const [regionsRemote, reloadRegions] = useRemote(country && regionTypology ? `${geonameId}|${regionTypology}|${lang}` : null, () =>
    dispatch(loadRegions({ geonameId, typology: regionTypology ?? '', lang })).unwrap(),
  );
  const regions = country && regionTypology ? regionsRemote : null;
  const regionRequired = regions?.status === 'ready' && regions.data.length > 0;

  const clearError = (field: SiteField) => setErrors((current) => ({ ...current, [field]: undefined }));
  const setCountry = useCallback((isoCode: string) => {
    // Another country: its regions are others.
    setValues((current) => (current.country === isoCode ? current : { ...current, country: isoCode, region: '' }));
    setErrors((current) => ({ ...current, country: undefined, region: undefined }));
  }, []);
  const setRegion = useCallback((id: string) => {
    setValues((current) => ({ ...current, region: id }));
    clearError('region');
  }, []);
  const setCity = useCallback((city: string) => {
    setValues((current) => ({ ...current, city }));
    setErrors((current) => (current.city ? { ...current, city: cityError(city) ?? undefined } : current));
  }, []);

  const validate = useCallback(() => {
    const next: Partial<Record<SiteField, string>> = {};
    if (!values.country) next.country = 'formError.required';
    if (values.country && regionRequired && !values.region) next.region = 'formError.required';
    const city = cityRequired && values.city.trim() === '' ? 'formError.required' : cityError(values.city);
    if (city) next.city = city;
    setErrors(next);
    return Object.keys(next).length === 0;
  }, [values, regionRequired, cityRequired]);

  const value = useCallback(
    (): SiteLocation => ({
      country: values.country,
      ...(values.region ? { region: values.region } : {}),
      ...(values.city.trim() ? { city: values.city.trim() } : {}),
    }),
    [values],
  );

  const showServerErrors = useCallback((fields: readonly FieldError[] | undefined, translatable: (key: string) => boolean) => {
    const next: Partial<Record<SiteField, string>> = {};
    for (const { path, message } of fields ?? []) {
      const field = FIELD_OF_PATH[path];
      if (field) next[field] = translatable(message) ? message : 'formError.invalid';
    }
    if (Object.keys(next).length === 0) return false;
    setErrors((current) => ({ ...current, ...next }));
    return true;
  }, []);

  return useMemo(
    () => ({ values, errors, countries, reloadCountries, regions, reloadRegions, cityRequired, regionTypology, setCountry, setRegion, setCity, validate, value, showServerErrors }),
    [values, errors, countries, reloadCountries, regions, reloadRegions, cityRequired, regionTypology, setCountry, setRegion, setCity, validate, value, showServerErrors],
  );
}

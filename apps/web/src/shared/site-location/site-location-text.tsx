import type { CatalogId, SiteLocation } from '@lumen/contracts';
import { localeOf } from '../../i18n/language';
import { useAppDispatch, useAppSelector } from '../store';
import { useRemote } from '../use-remote';
import { loadCountries, loadRegions } from './geo-calls';

/**
 * A request's site in words ("Valencia, Comunidad Valenciana, Spain"): the country named in the
 * interface language, the region by its name from the masters geography (its code until the names
 * arrive, or when they cannot be had).
 */
export function SiteLocationText({ site, catalogId }: { site: SiteLocation; catalogId: CatalogId }) {
  const dispatch = useAppDispatch();
  const lang = useAppSelector((state) => state.preferences.lang);
  const [regionName] = useRemote(site.region ? `${site.country}|${site.region}|${lang}` : null, async () => {
    const countries = await dispatch(loadCountries({ lang, catalogId })).unwrap();
    const country = countries.find((candidate) => candidate.isoCode === site.country);
    if (!country?.level2Typology) return null;
    const regions = await dispatch(loadRegions({ geonameId: country.geonameId, typology: country.level2Typology, lang })).unwrap();
    return regions.find((region) => region.id === site.region)?.name ?? null;
  });
  const countryName = new Intl.DisplayNames([localeOf(lang)], { type: 'region', fallback: 'code' }).of(site.country) ?? site.country;
  const region = site.region ? (regionName.status === 'ready' && regionName.data ? regionName.data : site.region) : null;
  return <>{[site.city, region, countryName].filter(Boolean).join(', ')}</>;
}

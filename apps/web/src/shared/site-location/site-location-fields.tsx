import { Autocomplete, Button, TextField } from '@lumen/ui';
import { useTranslation } from 'react-i18next';
import type { SiteLocationState } from './use-site-location';
import './site-location.css';

/** The region field's name by the country's division typology (the masters' url paths); any other: "Region". */
const REGION_LABELS: ReadonlySet<string> = new Set([
  'states',
  'provinces',
  'regions',
  'countries',
  'cantons',
  'districts',
  'counties',
  'autonomous-communities',
  'voivodeships',
  'prefectures',
  'departments',
]);

export function regionLabelKey(typology: string | null): string {
  return typology && REGION_LABELS.has(typology) ? `siteLocation.region.${typology}` : 'siteLocation.region';
}

/**
 * Where the project will be installed: the country (typed to search), its state, province or region
 * once the country is chosen, and an optional city. A list that fails to load says so with "Try again".
 */
export function SiteLocationFields({ site, legend }: { site: SiteLocationState; legend: string }) {
  const { t } = useTranslation();
  const { values, errors, countries, regions } = site;
  const invalid = (field: keyof typeof errors) => ({ isInvalid: Boolean(errors[field]), errorMessage: errors[field] ? t(errors[field]) : undefined });
  return (
    <fieldset className="site-location">
      <legend>{legend}</legend>
      {countries.status === 'failed' ? (
        <ListFailed text={t('siteLocation.countriesFailed')} onRetry={site.reloadCountries} />
      ) : (
        <Autocomplete
          // Mounted again once the list is there, so that a preselected country shows its name; until
          // then nothing can be typed in it (the remount would lose it).
          key={countries.status}
          label={t('siteLocation.country')}
          name="country"
          isRequired
          isDisabled={countries.status === 'loading'}
          isLoading={countries.status === 'loading'}
          placeholder={t('siteLocation.countryPlaceholder')}
          options={countries.status === 'ready' ? countries.data.map((country) => ({ value: country.isoCode, label: country.name })) : []}
          value={values.country || null}
          onChange={(value) => site.setCountry(value ?? '')}
          {...invalid('country')}
        />
      )}
      {regions?.status === 'failed' && <ListFailed text={t('siteLocation.regionsFailed')} onRetry={site.reloadRegions} />}
      {regions && regions.status !== 'failed' && (regions.status === 'loading' || regions.data.length > 0) && (
        <Autocomplete
          key={`${values.country}|${regions.status}`}
          label={t(regionLabelKey(site.regionTypology))}
          name="region"
          isRequired
          isDisabled={regions.status === 'loading'}
          isLoading={regions.status === 'loading'}
          placeholder={t('siteLocation.regionPlaceholder')}
          options={regions.status === 'ready' ? regions.data.map((region) => ({ value: region.id, label: region.name })) : []}
          value={values.region || null}
          onChange={(value) => site.setRegion(value ?? '')}
          {...invalid('region')}
        />
      )}
      <TextField
        label={t('siteLocation.city')}
        isRequired={site.cityRequired}
        description={site.cityRequired ? undefined : t('siteLocation.optional')}
        name="city"
        autoComplete="address-level2"
        value={values.city}
        onChange={site.setCity}
        {...invalid('city')}
      />
    </fieldset>
  );
}

function ListFailed({ text, onRetry }: { text: string; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <div role="alert" className="form-alert site-location__failed">
      <p>{text}</p>
      <Button variant="secondary" size="sm" onPress={onRetry}>
        {t('siteLocation.retry')}
      </Button>
    </div>
  );
}

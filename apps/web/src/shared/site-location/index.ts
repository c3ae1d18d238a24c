// The site of a request (a country, its region, a city) from the masters geography: the fields of
// the request forms and the site in words where a request is read back (the requester's, the desk's).
export { loadCountries, loadRegions } from './geo-calls';
export { regionLabelKey, SiteLocationFields } from './site-location-fields';
export { SiteLocationText } from './site-location-text';
export { useSiteLocation, type SiteField, type SiteLocationState, type SiteValues } from './use-site-location';

import type { CatalogId } from '@lumen/contracts';
import Cookies from 'js-cookie';

/**
 * A visitor's catalogue (spec §9: cookies hold the catalogue id and its lowercase name, 30 days):
 * chosen in the footer from the catalogue list (GET products /v1/catalogs/get-min), or given by the
 * first visit's defaults by IP. A user's catalogue is their account's.
 */
export const CATALOGUE_ID_COOKIE = 'catalogId';
export const CATALOGUE_NAME_COOKIE = 'catalog';
const COOKIE_DAYS = 30;
const NAMES: Readonly<Record<CatalogId, string>> = { 16: 'int', 21: 'usa' };

export function parseCatalogId(value: unknown): CatalogId | undefined {
  const id = typeof value === 'string' ? Number(value) : value;
  return id === 16 || id === 21 ? id : undefined;
}

export function readCatalogueCookie(): CatalogId | undefined {
  return parseCatalogId(Cookies.get(CATALOGUE_ID_COOKIE));
}

export function writeCatalogueCookie(catalogId: CatalogId): void {
  const options = { path: '/', expires: COOKIE_DAYS, sameSite: 'Lax' as const };
  Cookies.set(CATALOGUE_ID_COOKIE, String(catalogId), options);
  Cookies.set(CATALOGUE_NAME_COOKIE, NAMES[catalogId], options);
}

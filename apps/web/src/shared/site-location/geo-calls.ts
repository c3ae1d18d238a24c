import type { CatalogId, Country, Lang, Region } from '@lumen/contracts';
import { createAsyncAction } from '../async-action';

/*
 * The masters geography (apps/api README "Masters"): packaged data that changes with a release, so a
 * list asked once is kept for the life of the api client (the page's one; each test renders its own,
 * so no test reads another's answers, even from a screen still unmounting). A failed answer is not
 * kept: the next ask tries again.
 */
const keptByClient = new WeakMap<object, Map<string, Promise<unknown>>>();

function once<T>(client: object, key: string, load: () => Promise<T>): Promise<T> {
  let kept = keptByClient.get(client);
  if (!kept) keptByClient.set(client, (kept = new Map()));
  const known = kept.get(key) as Promise<T> | undefined;
  if (known) return known;
  const loading = load();
  const list = kept;
  list.set(key, loading);
  loading.catch(() => list.delete(key));
  return loading;
}

/**
 * `GET masters /v1/countries?lang&catalogId` in the full shape (spec §3 "Country and region"): the
 * level-2 typology is the path of the country's regions. Catalogue 21 puts the United States first.
 */
export const loadCountries = createAsyncAction<Country[], { lang: Lang; catalogId: CatalogId }>(
  'countries',
  ({ lang, catalogId }, { extra }) => once(extra.api, `countries|${lang}|${catalogId}`, () => extra.api.get<Country[]>('masters', '/v1/countries', { lang, catalogId })),
  { showError: false },
);

/** `GET masters /v1/countries/{geonameId}/{level2}` (spec §7): a country's first-level divisions (states, provinces, regions…). */
export const loadRegions = createAsyncAction<Region[], { geonameId: number; typology: string; lang: Lang }>(
  'regions',
  ({ geonameId, typology, lang }, { extra }) =>
    once(extra.api, `regions|${geonameId}|${typology}|${lang}`, () => extra.api.get<Region[]>('masters', `/v1/countries/${geonameId}/${encodeURIComponent(typology)}`, { lang })),
  { showError: false },
);

import type { Lang } from '@lumen/contracts';
import type { RequestOptions, ServiceName } from '../api';

// The catalogue's reads spelled once, for the calls (catalogue-calls.ts, the configurator's
// configurator-calls.ts) and for the start, which sends a configurator page's calls as soon as the
// account is known (features/configurator/configurator-start.ts, issue 35 §5): the same service, path
// and query, so the page's call takes the prefetched answer (api/client.ts `prefetch`). Light on
// purpose: the entry reaches it through the router.

export interface CatalogueCall {
  service: ServiceName;
  path: string;
  query?: RequestOptions['query'];
}

/** GET apiv2 /articles/variations (spec §7: model repeated, catalog, optional subfamily). */
export function variationsCall({ models, catalogId, lang, subFamilyId }: { models: readonly string[]; catalogId: number; lang: Lang; subFamilyId?: number }): CatalogueCall {
  return { service: 'apiv2', path: '/articles/variations', query: { model: [...models], catalog: catalogId, subfamily: subFamilyId, lang } };
}

/** The static rules file of a collection in a catalogue (products /v1/static/rules/{subFamilyId}_{catalogId}.json). */
export function collectionRulesCall({ subFamilyId, catalogId }: { subFamilyId: number; catalogId: number }): CatalogueCall {
  return { service: 'products', path: `/v1/static/rules/${subFamilyId}_${catalogId}.json` };
}

/** GET products /v1/articles/models of a collection (and application location): names, pictures, technical data. */
export function modelsCall({ catalogId, lang, subFamilyId, applicationLocationId }: { catalogId: number; lang: Lang; subFamilyId: number; applicationLocationId?: number }): CatalogueCall {
  return { service: 'products', path: '/v1/articles/models', query: { catalog: catalogId, lang, subFamilyId, applicationLocationId } };
}

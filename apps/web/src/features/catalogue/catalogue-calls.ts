import type { Collection, Lang, ModelSummary, PreconfigSummary } from '@lumen/contracts';
import { createAsyncAction } from '../../shared/async-action';
import { preconfigListPath } from '../../shared/flags';

// The catalogue screens show their own loading and failure states next to the list (showError
// false): an error dialog over an empty page says less than "could not load, try again" in place.

export interface CollectionsArg {
  catalogId: number;
  lang: Lang;
  subFamilyId?: number;
}

/** The collections of the user's catalogue, with images, in the user's language (GET products /v1/categories/collections). */
export const loadCollections = createAsyncAction<Collection[], CollectionsArg>(
  'catalogueCollections',
  ({ catalogId, lang, subFamilyId }, { extra }) =>
    extra.api.get<Collection[]>('products', '/v1/categories/collections', { catalogId, lang, images: 1, subFamilyId }),
  { showError: false },
);

export interface ModelsArg {
  catalogId: number;
  lang: Lang;
  subFamilyId: number;
  applicationLocationId: number;
}

/** The models of a collection for an application location (GET products /v1/articles/models). */
export const loadModels = createAsyncAction<ModelSummary[], ModelsArg>(
  'catalogueModels',
  ({ catalogId, lang, subFamilyId, applicationLocationId }, { extra }) =>
    extra.api.get<ModelSummary[]>('products', '/v1/articles/models', { catalog: catalogId, lang, subFamilyId, applicationLocationId }),
  { showError: false },
);

export interface PreconfigsArg {
  catalogId: number;
  lang: Lang;
  subFamilyId: number;
  applicationLocationId?: number;
}

/**
 * The preconfigurations published on the website for a collection (GET products /v1/preconfigs/list,
 * or apiv2 /products/preconfigs/list when preconfigListWithCache is on).
 */
export const loadPreconfigs = createAsyncAction<PreconfigSummary[], PreconfigsArg>(
  'cataloguePreconfigs',
  ({ catalogId, lang, subFamilyId, applicationLocationId }, { extra }) =>
    extra.api.get<PreconfigSummary[]>(...preconfigListPath(extra.flags), { catalogId, lang, subFamilyId, applicationLocationId, visibility: 'website' }),
  { showError: false },
);

import type { Collection, Lang, ModelSummary } from '@lumen/contracts';
import { createAsyncAction } from '../../shared/async-action';

// The room shows its loading and failure states in place (showError false), like the other configurators.

/** The catalogue's collections (GET products /v1/categories/collections): the room keeps the crea ones. */
export const loadCreaCollections = createAsyncAction<Collection[], { catalogId: number; lang: Lang }>(
  'creaCollections',
  ({ catalogId, lang }, { extra }) => extra.api.get<Collection[]>('products', '/v1/categories/collections', { catalogId, lang }),
  { showError: false },
);

/** A collection's models with their technical data (bodies and optics of the room). */
export const loadCreaModels = createAsyncAction<ModelSummary[], { catalogId: number; lang: Lang; subFamilyId: number }>(
  'creaModels',
  ({ catalogId, lang, subFamilyId }, { extra }) => extra.api.get<ModelSummary[]>('products', '/v1/articles/models', { catalog: catalogId, lang, subFamilyId }),
  { showError: false },
);

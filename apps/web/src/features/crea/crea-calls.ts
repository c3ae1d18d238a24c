import type { Collection, CreationEvaluation, EvaluateCreationBody, Lang, ModelSummary, PreconfigDetail, VariationsResponse } from '@lumen/contracts';
import { parseRuleBook, type RuleSet } from '@lumen/domain';
import { isApiError } from '../../api';
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

/** The articles and variations of every model of the collection (GET apiv2 /articles/variations, model repeated). */
export const loadCreaArticles = createAsyncAction<VariationsResponse, { models: string[]; catalogId: number; lang: Lang; subFamilyId: number }>(
  'creaArticles',
  ({ models, catalogId, lang, subFamilyId }, { extra }) =>
    extra.api.get<VariationsResponse>('apiv2', '/articles/variations', { model: models, catalog: catalogId, subfamily: subFamilyId, lang }),
  { showError: false },
);

/** The collection's rules (static rules/{subFamilyId}_{catalogId}); none when the file is missing (spec §8). */
export const loadCreaRules = createAsyncAction<RuleSet[], { subFamilyId: number; catalogId: number }>(
  'creaRules',
  async ({ subFamilyId, catalogId }, { extra }) => {
    try {
      const json = await extra.api.get<unknown>('products', `/v1/static/rules/${subFamilyId}_${catalogId}.json`);
      if (json === undefined || json === null || (typeof json === 'object' && Object.keys(json).length === 0)) return [];
      return [...parseRuleBook(json).ruleSets];
    } catch (error) {
      if (isApiError(error) && error.ErrorCode === 404) return [];
      throw error;
    }
  },
  { showError: false },
);

/** A crea preconfiguration: its domainJSON is a ready space (GET products /v1/preconfigs/creation/{id}). */
export const loadCreaPreconfig = createAsyncAction<PreconfigDetail, { id: number; catalogId: number; lang: Lang }>(
  'creaPreconfig',
  ({ id, catalogId, lang }, { extra }) => extra.api.get<PreconfigDetail>('products', `/v1/preconfigs/creation/${id}`, { catalogId, lang }),
  { showError: false },
);

/**
 * What the server makes of the room (POST products /v1/creations/evaluate): its rule failures, bill of
 * materials, lumens and watts, price (price.view), MOQ, lead time and availability.
 */
export const evaluateCreation = createAsyncAction<CreationEvaluation, EvaluateCreationBody>(
  'creaEvaluate',
  (body, { extra }) => extra.api.post<CreationEvaluation>('products', '/v1/creations/evaluate', body),
  { showError: false },
);

import type { Lang, ModelSummary, PreconfigDetail, VariationsResponse } from '@lumen/contracts';
import { parseRuleBook, type RuleSet } from '@lumen/domain';
import { isApiError } from '../../api';
import { createAsyncAction } from '../../shared/async-action';
import { articleByReferencePath } from '../../shared/flags';

// The configurator shows its own loading and failure states in place (showError false).

export interface ArticleCollectionArg {
  model: string;
  catalogId: number;
  lang: Lang;
  subFamilyId?: number;
}

/**
 * The model's base article, its variations and (with price.view) what pricing needs
 * (GET apiv2 /articles/variations, spec §7: model, catalog, optional subfamily).
 */
export const loadArticleCollection = createAsyncAction<VariationsResponse, ArticleCollectionArg>(
  'configuratorVariations',
  ({ model, catalogId, lang, subFamilyId }, { extra }) =>
    extra.api.get<VariationsResponse>('apiv2', '/articles/variations', { model: [model], catalog: catalogId, subfamily: subFamilyId, lang }),
  { showError: false },
);

/**
 * The rules of a collection in a catalogue (static file rules/{subFamilyId}_{catalogId}). A
 * collection without a rules file has no rules (spec §8), and so does one whose file cannot be read:
 * the configurator then relies on the catalogue's variations alone.
 */
export const loadRules = createAsyncAction<RuleSet[], { subFamilyId: number; catalogId: number }>(
  'configuratorRules',
  async ({ subFamilyId, catalogId }, { extra }) => {
    try {
      const json = await extra.api.get<unknown>('products', `/v1/static/rules/${subFamilyId}_${catalogId}.json`);
      if (json === undefined || json === null || (typeof json === 'object' && Object.keys(json).length === 0)) return [];
      return [...parseRuleBook(json).ruleSets];
    } catch (error) {
      if (isApiError(error) && error.ErrorCode === 404) return [];
      if (!isApiError(error)) return [];
      throw error;
    }
  },
  { showError: false },
);

/** A preconfiguration ready to open (GET products /v1/preconfigs/creation/{id}). */
export const loadPreconfig = createAsyncAction<PreconfigDetail, { id: number; catalogId: number; lang: Lang }>(
  'configuratorPreconfig',
  ({ id, catalogId, lang }, { extra }) => extra.api.get<PreconfigDetail>('products', `/v1/preconfigs/creation/${id}`, { catalogId, lang }),
  { showError: false },
);

/**
 * The model's name and picture as the catalogue lists it (GET products /v1/articles/models): the
 * configurator's title. Not finding it only leaves the title with the model code.
 */
export const loadModelSummary = createAsyncAction<ModelSummary | null, { model: string; catalogId: number; lang: Lang; subFamilyId: number; applicationLocationId?: number }>(
  'configuratorModel',
  async ({ model, catalogId, lang, subFamilyId, applicationLocationId }, { extra }) => {
    const models = await extra.api.get<ModelSummary[]>('products', '/v1/articles/models', { catalog: catalogId, lang, subFamilyId, applicationLocationId });
    return models.find((item) => item.model === model) ?? null;
  },
  { showError: false },
);

/**
 * Whether the catalogue makes a reference (GET products /v1/articles/references, or apiv2
 * /articles/byReference with getArticlesByReferenceV2): the variations and rules accept a few
 * combinations the catalogue has no article for. 404 → false.
 */
export const checkReference = createAsyncAction<boolean, { reference: string; catalogId: number; lang: Lang }>(
  'configuratorReference',
  async ({ reference, catalogId, lang }, { extra }) => {
    try {
      await extra.api.get<unknown>(...articleByReferencePath(extra.flags), { catalogId, reference, lang });
      return true;
    } catch (error) {
      if (isApiError(error) && error.ErrorCode === 404) return false;
      throw error;
    }
  },
  { showError: false },
);

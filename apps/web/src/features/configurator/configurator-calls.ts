import type { Lang, ModelSummary } from '@lumen/contracts';
import { isApiError } from '../../api';
import { createAsyncAction } from '../../shared/async-action';
import { modelsCall } from '../../shared/catalogue-call-paths';
import { articleByReferencePath } from '../../shared/flags';

// The configurator shows its own loading and failure states in place (showError false).

/**
 * The model's name and picture as the catalogue lists it (GET products /v1/articles/models): the
 * configurator's title. Not finding it only leaves the title with the model code.
 */
export const loadModelSummary = createAsyncAction<ModelSummary | null, { model: string; catalogId: number; lang: Lang; subFamilyId: number; applicationLocationId?: number }>(
  'configuratorModel',
  async ({ model, catalogId, lang, subFamilyId, applicationLocationId }, { extra }) => {
    const { service, path, query } = modelsCall({ catalogId, lang, subFamilyId, applicationLocationId });
    const models = await extra.api.get<ModelSummary[]>(service, path, query);
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

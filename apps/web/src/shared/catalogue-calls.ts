import type { Collection, Lang, ModelSummary, PreconfigDetail, VariationsResponse } from '@lumen/contracts';
import type { RuleSet } from '@lumen/domain';
import { isApiError } from '../api';
import { createAsyncAction } from './async-action';
import { nextTask } from './next-task';
import { collectionRulesCall, variationsCall } from './catalogue-call-paths';

/*
 * The catalogue reads every configurator makes (the attributes configurator, the crea room, the drawings). The
 * configurators show their own loading and failure states in place (showError false).
 */

/**
 * The models' base articles, their variations and (with price.view) what pricing needs
 * (GET apiv2 /articles/variations, spec §7: model repeated, catalog, optional subfamily).
 */
export const loadVariations = createAsyncAction<VariationsResponse, { models: readonly string[]; catalogId: number; lang: Lang; subFamilyId?: number }>(
  'variations',
  (arg, { extra }) => {
    const { service, path, query } = variationsCall(arg);
    return extra.api.get<VariationsResponse>(service, path, query);
  },
  { showError: false },
);

/**
 * The rules of a collection in a catalogue (static file rules/{subFamilyId}_{catalogId}). A
 * collection without a rules file has no rules (spec §8), and so does one whose file cannot be read:
 * the configurator then relies on the catalogue's variations alone (the server checks again).
 */
export const loadCollectionRules = createAsyncAction<RuleSet[], { subFamilyId: number; catalogId: number }>(
  'collectionRules',
  async ({ subFamilyId, catalogId }, { extra }) => {
    // The parser's module is asked for with the file, and the parse waits a task after it: zod's
    // evaluation and the parse (with the configurator's start behind it) are two tasks, not one (issue 35 §5).
    const parser = import('./rule-book-parse');
    parser.catch(() => undefined);
    try {
      const { service, path } = collectionRulesCall({ subFamilyId, catalogId });
      const json = await extra.api.get<unknown>(service, path);
      if (json === undefined || json === null || (typeof json === 'object' && Object.keys(json).length === 0)) return [];
      const { parseRuleBook } = await parser;
      await nextTask();
      return [...parseRuleBook(json).ruleSets];
    } catch (error) {
      if (isApiError(error) && error.ErrorCode === 404) return [];
      if (!isApiError(error)) return [];
      throw error;
    }
  },
  { showError: false },
);

/** A preconfiguration ready to open; a crea one's domainJSON is a ready space (GET products /v1/preconfigs/creation/{id}). */
export const loadPreconfig = createAsyncAction<PreconfigDetail, { id: number; catalogId: number; lang: Lang }>(
  'preconfig',
  ({ id, catalogId, lang }, { extra }) => extra.api.get<PreconfigDetail>('products', `/v1/preconfigs/creation/${id}`, { catalogId, lang }),
  { showError: false },
);

/** The catalogue's collections (GET products /v1/categories/collections): the room keeps the crea ones, the drawings theirs. */
export const loadCollections = createAsyncAction<Collection[], { catalogId: number; lang: Lang }>(
  'creaCollections',
  ({ catalogId, lang }, { extra }) => extra.api.get<Collection[]>('products', '/v1/categories/collections', { catalogId, lang }),
  { showError: false },
);

/** A collection's models with their technical data (GET products /v1/articles/models). */
export const loadCollectionModels = createAsyncAction<ModelSummary[], { catalogId: number; lang: Lang; subFamilyId: number }>(
  'creaModels',
  ({ catalogId, lang, subFamilyId }, { extra }) => extra.api.get<ModelSummary[]>('products', '/v1/articles/models', { catalog: catalogId, lang, subFamilyId }),
  { showError: false },
);

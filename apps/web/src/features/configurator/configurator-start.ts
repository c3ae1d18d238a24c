import type { Account, Lang } from '@lumen/contracts';
import type { ApiClient } from '../../api';
import { collectionRulesCall, modelsCall, variationsCall } from '../../shared/catalogue-call-paths';

// A configurator page's first calls, sent at start as soon as the account is known rather than once
// the page's modules have loaded and mounted (issue 35 §5: on a phone the modules were the longest
// wait before the model's data, and the data the wait before its picture, the page's largest paint).
// The page's own calls take these answers (the same spelling, shared/catalogue-call-paths.ts). Light
// on purpose: the entry reaches it through the router.

/** A positive id in a path segment, else undefined. */
export function positiveId(value: string | undefined): number | undefined {
  const id = Number(value);
  return Number.isSafeInteger(id) && id > 0 ? id : undefined;
}

/** A model code as the configurator takes it (four letters or digits). */
export const isModelCode = (model: string): boolean => /^[A-Za-z0-9]{4}$/.test(model);

/**
 * At start on /add-product[-v2]/{subFamilyId}/{applicationLocationId}/{model}: the model's variations,
 * its collection's rules and the collection's models (the title), in the user's catalogue.
 */
export function prefetchConfiguratorPage({ api, account, lang, params }: { api: ApiClient; account: Pick<Account, 'catalogId'>; lang: Lang; params: Readonly<Record<string, string | undefined>> }): void {
  const model = params.model ?? '';
  const subFamilyId = positiveId(params.subFamilyId);
  if (!isModelCode(model) || subFamilyId === undefined) return;
  const { catalogId } = account;
  for (const { service, path, query } of [
    variationsCall({ models: [model], catalogId, lang, subFamilyId }),
    collectionRulesCall({ subFamilyId, catalogId }),
    modelsCall({ catalogId, lang, subFamilyId, applicationLocationId: positiveId(params.applicationLocationId) }),
  ])
    api.prefetch(service, path, query);
}

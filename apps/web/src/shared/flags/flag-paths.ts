import type { ServiceName } from '../../api';
import type { FlagsClient } from './flags-client';

/** A call's service and path, as the api client takes them. */
export type ServicePath = readonly [service: ServiceName, path: string];

/*
 * Where platform-core §7 lists two paths for one call and a flag picks one, the choice is made here,
 * once, for every feature that makes the call (the api serves both paths; the server decides alike).
 */

/** Preconfigurations: apiv2 /products/preconfigs/list (the cached path) with preconfigListWithCache, else products /v1/preconfigs/list. */
export function preconfigListPath(flags: FlagsClient): ServicePath {
  return flags.isEnabled('preconfigListWithCache') ? ['apiv2', '/products/preconfigs/list'] : ['products', '/v1/preconfigs/list'];
}

/** An article by reference: apiv2 /articles/byReference with getArticlesByReferenceV2, else products /v1/articles/references. */
export function articleByReferencePath(flags: FlagsClient): ServicePath {
  return flags.isEnabled('getArticlesByReferenceV2') ? ['apiv2', '/articles/byReference'] : ['products', '/v1/articles/references'];
}

/** A budget request: apiv2 /support-request/project-budget with projectRequestBudgetV2, else support /v1/support-request/project-budget. */
export function budgetRequestPath(flags: FlagsClient): ServicePath {
  return flags.isEnabled('projectRequestBudgetV2') ? ['apiv2', '/support-request/project-budget'] : ['support', '/v1/support-request/project-budget'];
}

/** Issuing a budget: apiv2 /budget with sendOfferWithDownloadBudget (answers with the PDF to download too), else projects /v1/budget. */
export function budgetIssuePath(flags: FlagsClient): ServicePath {
  return flags.isEnabled('sendOfferWithDownloadBudget') ? ['apiv2', '/budget'] : ['projects', '/v1/budget'];
}

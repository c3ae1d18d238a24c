import type { AppContext } from '../../context';
import { listCatalogues, listModels, loadDraftView } from './product-admin.catalogue';
import { createDraftUseCases } from './product-admin.drafts';
import { createImportUseCases } from './product-admin.import';
import { createPublishUseCases } from './product-admin.publish';
import { createRuleUseCases } from './product-admin.rules';

export interface ProductAdminDeps {
  /** Called after a publication or a restore committed: this process's catalogue caches drop what they hold at once. */
  onPublished: () => void;
}

/**
 * Product administration (issue 31): the use cases, each in its file — the catalogues' home
 * (product-admin.catalogue), the draft (product-admin.drafts), prices from a spreadsheet
 * (product-admin.import), publishing and restoring
 * (product-admin.publish), the rule editor and the preconfigurations (product-admin.rules).
 */
export function createProductAdminService(ctx: AppContext, deps: ProductAdminDeps) {
  return {
    catalogues: (lang: Parameters<typeof listCatalogues>[1]) => listCatalogues(ctx.db, lang),
    async models(catalogId: Parameters<typeof loadDraftView>[1], query: Parameters<typeof listModels>[1], lang: Parameters<typeof listModels>[2]) {
      return listModels(await loadDraftView(ctx.db, catalogId), query, lang);
    },
    ...createDraftUseCases(ctx),
    ...createImportUseCases(ctx),
    ...createPublishUseCases(ctx, deps),
    ...createRuleUseCases(ctx),
  };
}

export type ProductAdminService = ReturnType<typeof createProductAdminService>;

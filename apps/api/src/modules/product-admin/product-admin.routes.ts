import {
  AdminCatalogParam,
  AdminModelsPage,
  AdminModelsQuery,
  AdminPreconfigs,
  AdminRuleSpace,
  AdminRulesQuery,
  BulkPriceBody,
  BulkPriceResult,
  CatalogueDraft,
  DRAFT_BODIES,
  DRAFT_KINDS,
  DRAFT_PATHS,
  DraftChange,
  type DraftChangeBody,
  DraftChangeKeyQuery,
  isLang,
  type Lang,
  LangQuery,
  PRICE_SHEET_MAX_BYTES,
  PriceImportBody,
  PriceImportResult,
  PublishBody,
  PublishResult,
  RuleEffect,
  RuleEffectBody,
  SafeText,
} from '@lumen/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type Access, type Principal, requirePrincipal } from '../../http/access-guard';
import { contractRoute } from '../../http/contract-routes';
import { PREVIEW_COOKIE, setPreviewCookie } from './product-admin.preview';
import type { ProductAdminService } from './product-admin.service';

export interface ProductAdminRoutesOptions {
  productAdmin: ProductAdminService;
}

/** Internal users (by e-mail) holding product.admin, both checked by the guard on every call (issue 31 §1). */
export const PRODUCT_ADMIN_ACCESS: Access = { internal: true, privileges: ['product.admin'] };
export const PRODUCT_ADMIN_PREFIX = '/api/products/v1/product-admin';

const ModelsQuery = AdminModelsQuery.extend({ lang: LangQuery.optional(), model: SafeText.trim().min(1).max(12).optional() });

function langOf(principal: Principal, asked: Lang | undefined): Lang {
  return asked ?? (isLang(principal.lang) ? principal.lang : 'en');
}

/** The operations of the route table (packages/contracts route-table.ts), registered under the products service's base. */
const productAdminTableRoutes: FastifyPluginAsyncZod<ProductAdminRoutesOptions> = async (app, { productAdmin }) => {
  const tags = ['product-admin'];
  const config = { access: PRODUCT_ADMIN_ACCESS };

  app.route({
    ...contractRoute('productAdmin.catalogues', { tags, summary: 'The catalogues: published version, rates, collections, size of the draft' }),
    config,
    handler: async (request) => productAdmin.catalogues(langOf(requirePrincipal(request), request.query.lang)),
  });

  app.route({
    ...contractRoute('productAdmin.preview.state', { tags, summary: 'Whether the caller previews the drafts in the catalogue and the configurators' }),
    config,
    handler: async (request) => ({ on: request.cookies[PREVIEW_COOKIE] === '1' }),
  });

  app.route({
    ...contractRoute('productAdmin.preview.set', {
      tags,
      summary: 'Turns "preview the draft" on or off for this browser: the catalogue and configurators then read the drafts (internal users holding product.admin only)',
    }),
    config,
    handler: async (request, reply) => {
      setPreviewCookie(reply, request, request.body.on);
      return { on: request.body.on };
    },
  });
};

/** Product administration (issue 31): the catalogue's draft, its publication, the rule editor, the preconfigurations. */
export const productAdminRoutes: FastifyPluginAsyncZod<ProductAdminRoutesOptions> = async (app, { productAdmin }) => {
  const tags = ['product-admin'];
  const config = { access: PRODUCT_ADMIN_ACCESS };

  // From the route table (packages/contracts route-table.ts), under the products service's base.
  await app.register(productAdminTableRoutes, { prefix: '/api/products', productAdmin });

  app.get(
    `${PRODUCT_ADMIN_PREFIX}/catalogs/:catalogId/models`,
    {
      config,
      schema: {
        tags,
        summary: 'Models with prices per rate, finishes and articles, the draft beside the published values; search by reference, model or name; filter by collection and status',
        params: AdminCatalogParam,
        querystring: ModelsQuery,
        response: { 200: AdminModelsPage },
      },
    },
    async (request) => {
      const principal = requirePrincipal(request);
      const { lang, ...query } = request.query;
      return productAdmin.models(request.params.catalogId, query, langOf(principal, lang));
    },
  );

  app.get(
    `${PRODUCT_ADMIN_PREFIX}/catalogs/:catalogId/draft`,
    { config, schema: { tags, summary: 'The draft: its changes against the published catalogue (before and after) and what stops it from being published', params: AdminCatalogParam, response: { 200: CatalogueDraft } } },
    async (request) => productAdmin.draft(request.params.catalogId),
  );

  for (const kind of DRAFT_KINDS) {
    // A studio image enters the draft through the studio's review only (modules/studio), which checks it was rendered and approved.
    if (kind === 'image') continue;
    app.put(
      `${PRODUCT_ADMIN_PREFIX}/catalogs/:catalogId/draft/${DRAFT_PATHS[kind]}`,
      {
        config,
        schema: {
          tags,
          summary: `Saves one ${kind} change into the draft (409 with the other change when it moved since expectedRevision); 200 null when the value is the published one again`,
          params: AdminCatalogParam,
          body: DRAFT_BODIES[kind],
          response: { 200: DraftChange.nullable() },
        },
      },
      async (request) => productAdmin.save(requirePrincipal(request), request.params.catalogId, { kind, ...request.body } as DraftChangeBody),
    );
  }

  app.delete(
    `${PRODUCT_ADMIN_PREFIX}/catalogs/:catalogId/draft/changes`,
    { config, schema: { tags, summary: 'Takes an entity out of the draft', params: AdminCatalogParam, querystring: DraftChangeKeyQuery, response: { 204: z.null() } } },
    async (request, reply) => {
      await productAdmin.discard(requirePrincipal(request), request.params.catalogId, request.query);
      return reply.code(204).send(null);
    },
  );

  app.post(
    `${PRODUCT_ADMIN_PREFIX}/catalogs/:catalogId/draft/bulk-price`,
    { config, schema: { tags, summary: 'Changes the prices in scope by a percentage, in the draft', params: AdminCatalogParam, body: BulkPriceBody, response: { 200: BulkPriceResult } } },
    async (request) => productAdmin.bulkPrice(requirePrincipal(request), request.params.catalogId, request.body),
  );

  app.post(
    `${PRODUCT_ADMIN_PREFIX}/catalogs/:catalogId/draft/price-import`,
    {
      config,
      // The sheet travels base64 in the JSON body: PRICE_SHEET_MAX_BYTES and a third more, with room for the rest.
      bodyLimit: Math.ceil(PRICE_SHEET_MAX_BYTES / 3) * 4 + 1024,
      schema: {
        tags,
        summary:
          'Prices from an .xlsx sheet (A reference, B rate id, C price; row 1 titles): every row checked, each wrong cell reported by row and column, the changes against the draft listed; with apply, all written into the draft in one transaction, or none when a row is wrong',
        params: AdminCatalogParam,
        body: PriceImportBody,
        response: { 200: PriceImportResult },
      },
    },
    async (request) => productAdmin.importPrices(requirePrincipal(request), request.params.catalogId, request.body),
  );

  app.post(
    `${PRODUCT_ADMIN_PREFIX}/catalogs/:catalogId/publish`,
    { config, schema: { tags, summary: 'Publishes the draft in one transaction (400 with every problem; 409 when the version moved)', params: AdminCatalogParam, body: PublishBody, response: { 200: PublishResult } } },
    async (request) => productAdmin.publish(requirePrincipal(request), request.params.catalogId, request.body.expectedVersion),
  );

  app.post(
    `${PRODUCT_ADMIN_PREFIX}/catalogs/:catalogId/restore`,
    { config, schema: { tags, summary: 'Puts back the version before the newest publication, in one step', params: AdminCatalogParam, body: PublishBody, response: { 200: PublishResult } } },
    async (request) => productAdmin.restore(requirePrincipal(request), request.params.catalogId, request.body.expectedVersion),
  );

  app.get(
    `${PRODUCT_ADMIN_PREFIX}/catalogs/:catalogId/rules`,
    {
      config,
      schema: { tags, summary: 'A collection’s exclusion rules (shipped, published, drafted) and its models’ options', params: AdminCatalogParam, querystring: AdminRulesQuery.extend({ lang: LangQuery.optional() }), response: { 200: AdminRuleSpace } },
    },
    async (request) => productAdmin.space(request.params.catalogId, request.query.subFamilyId, langOf(requirePrincipal(request), request.query.lang)),
  );

  app.post(
    `${PRODUCT_ADMIN_PREFIX}/catalogs/:catalogId/rules/effect`,
    { config, schema: { tags, summary: 'What a rule would do: the engine over each model’s option space, before and after', params: AdminCatalogParam, body: RuleEffectBody, response: { 200: RuleEffect } } },
    async (request) => productAdmin.effect(request.params.catalogId, request.body),
  );

  app.get(
    `${PRODUCT_ADMIN_PREFIX}/catalogs/:catalogId/preconfigs`,
    { config, schema: { tags, summary: 'The preconfigurations with the draft’s', params: AdminCatalogParam, response: { 200: AdminPreconfigs } } },
    async (request) => productAdmin.preconfigs(request.params.catalogId),
  );
};

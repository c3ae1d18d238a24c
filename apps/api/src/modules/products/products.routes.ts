import {
  ConfiguratorDraft,
  ConfiguratorDraftBody,
  ConfiguratorDraftParams,
  CreationEvaluation,
  CreationExportParams,
  CreationShareCreated,
  CreationShareExportParams,
  CreationShareParams,
  EvaluateCreationBody,
  ExportCreationBody,
  ShareCreationBody,
  SharedCreation,
  ApplicationLocation,
  ApplicationLocationQuery,
  Article,
  ArticleByReferenceQuery,
  ArticleSearchQuery,
  ArticleSearchResponse,
  AttachmentList,
  AttachmentsQuery,
  CatalogMinList,
  CollectionList,
  CollectionsQuery,
  DecisionLayer,
  DecisionTree,
  DecisionTreeQuery,
  Designer,
  ImageDetailsBody,
  ImageDetailsQuery,
  LayerParam,
  LanguageQuery,
  ListModelsByFamilyQuery,
  ModelList,
  ModelsByFamily,
  ModelsQuery,
  PreconfigDetail,
  PreconfigList,
  PreconfigsQuery,
  ProductConfig,
  ProductsIdParam,
  Spotlight,
  SpotlightQuery,
  StaticFileParams,
  SubfamilyCatalogParams,
  TechnicalInfo,
  TechnicalInfoByModelQuery,
  TechnicalInfoList,
  TechnicalInfoQuery,
  VariationsQuery,
  VariationsResponse,
} from '@lumen/contracts';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { hidePricesWithoutPriceView } from '../../http/price-view';
import { committedToken } from '../../http/idempotency';
import type { ProductsService } from './products.service';
import { attachmentDisposition } from '../../http/attachment';
import { requirePrincipal } from '../../http/access-guard';

export interface ProductsRoutesOptions {
  products: ProductsService;
}

/** Catalogue reads that carry no prices and change only with a reseed. */
const CATALOGUE_CACHE = 'private, max-age=300';
const STATIC_CACHE = 'public, max-age=3600';

function cacheFor(reply: FastifyReply, value: string): void {
  reply.header('cache-control', value);
  // A visitor and a user share these addresses (the caller's catalogue and language are the defaults):
  // a browser keeps one answer per session, not one for both.
  if (value === CATALOGUE_CACHE) reply.header('vary', 'cookie, authorization');
}

const EXPORT_FILE = z.unknown().describe('The file: model/gltf-binary (glb), model/obj, model/stl, image/vnd.dxf or image/svg+xml, as an attachment');

/**
 * The catalogue calls (spec configuration-domain §7, platform-core §7): products and apiv2
 * services. An operation the spec lists under several paths is implemented once and served at each.
 * The catalogue is open to visitors (issue 10 §1): every read serves anyone, with the caller's session
 * when there is one ('optional'); prices only reach callers with price.view (hidePricesWithoutPriceView),
 * and a visitor reads catalogue 16 in English unless the call names another catalogue or language.
 */
export const productsRoutes: FastifyPluginAsyncZod<ProductsRoutesOptions> = async (app, { products }) => {
  const tags = ['products'];
  /** The share and the files of drawings answer no catalogue data and no price (a hash and a path; geometry). */
  const drawingTags = ['products-drawings'];
  const sessionIfAny = { access: 'optional' as const };
  app.addHook('onClose', async () => products.close());
  // No price field reaches a caller without price.view, from any catalogue route (issue 9 §5 finding 4).
  hidePricesWithoutPriceView(app);

  app.get(
    '/api/products/v1/catalogs/get-min',
    { config: { access: 'public' }, schema: { tags, summary: 'The catalogues (16 INT EUR, 21 USA USD), their brand codes and price rates', response: { 200: CatalogMinList } } },
    async (_request, reply) => {
      cacheFor(reply, STATIC_CACHE);
      return products.catalogsMin();
    },
  );

  app.get(
    '/api/products/v1/categories/collections',
    {
      config: sessionIfAny,
      schema: { tags, summary: 'Collections (subfamilies) of a catalogue in a language', querystring: CollectionsQuery, response: { 200: CollectionList } },
    },
    async (request, reply) => {
      cacheFor(reply, CATALOGUE_CACHE);
      return products.collections(request.principal, request.query);
    },
  );

  app.get(
    '/api/products/v1/articles/models',
    { config: sessionIfAny, schema: { tags, summary: 'Models of a collection (optionally of one application location)', querystring: ModelsQuery, response: { 200: ModelList } } },
    async (request) => products.models(request.principal, request.query),
  );

  app.get(
    '/api/products/v2/articles/listModelsByFamily',
    {
      config: sessionIfAny,
      schema: { tags, summary: 'Model codes of a collection; virtual=1 only virtual models, 0 without them', querystring: ListModelsByFamilyQuery, response: { 200: ModelsByFamily } },
    },
    async (request) => products.modelsByFamily(request.principal, request.query),
  );

  for (const url of ['/api/apiv2/articles/variations', '/api/products/v2/articles/variations']) {
    app.get(
      url,
      {
        config: sessionIfAny,
        schema: {
          tags,
          summary: 'Base articles and variations of models (model repeated; catalog default 16; optional subfamily), with pricing data for price.view',
          querystring: VariationsQuery,
          response: { 200: VariationsResponse },
        },
      },
      async (request) => products.variations(request.principal, request.query),
    );
  }

  for (const url of ['/api/products/v1/articles/references', '/api/apiv2/articles/byReference']) {
    app.get(
      url,
      {
        config: sessionIfAny,
        schema: { tags, summary: 'An active article (or accessory) by reference, either form; price with price.view', querystring: ArticleByReferenceQuery, response: { 200: Article } },
      },
      async (request) => products.articleByReference(request.principal, request.query),
    );
  }

  app.get(
    '/api/products/v2/article/search',
    { config: sessionIfAny, schema: { tags, summary: 'Search models and references', querystring: ArticleSearchQuery, response: { 200: ArticleSearchResponse } } },
    async (request) => products.search(request.principal, request.query),
  );

  app.get(
    '/api/products/v2/articles/technicalInfo',
    { config: sessionIfAny, schema: { tags, summary: 'Technical data of the models of a collection', querystring: TechnicalInfoQuery, response: { 200: TechnicalInfoList } } },
    async (request, reply) => {
      cacheFor(reply, CATALOGUE_CACHE);
      return products.technicalInfo(request.principal, request.query);
    },
  );

  app.get(
    '/api/products/v2/articles/technicalInfoByModel',
    { config: sessionIfAny, schema: { tags, summary: 'Technical data of one model', querystring: TechnicalInfoByModelQuery, response: { 200: TechnicalInfo } } },
    async (request, reply) => {
      cacheFor(reply, CATALOGUE_CACHE);
      return products.technicalInfoByModel(request.principal, request.query);
    },
  );

  app.get(
    '/api/products/v2/articles/spotlight',
    { config: sessionIfAny, schema: { tags, summary: 'The spotlight of a collection', querystring: SpotlightQuery, response: { 200: Spotlight } } },
    async (request) => products.spotlight(request.principal, request.query),
  );

  app.get(
    '/api/products/v2/articles/attachments',
    { config: sessionIfAny, schema: { tags, summary: 'Documents of a model', querystring: AttachmentsQuery, response: { 200: AttachmentList } } },
    async (request) => products.attachments(request.principal, request.query),
  );

  app.get(
    '/api/products/v2/applicationLocation',
    { config: sessionIfAny, schema: { tags, summary: 'The application location of an application and a location', querystring: ApplicationLocationQuery, response: { 200: ApplicationLocation } } },
    async (request) => products.applicationLocation(request.principal, request.query),
  );

  for (const url of ['/api/products/v1/preconfigs/list', '/api/apiv2/products/preconfigs/list']) {
    app.get(
      url,
      { config: sessionIfAny, schema: { tags, summary: 'Preconfigurations (visibility website by default)', querystring: PreconfigsQuery, response: { 200: PreconfigList } } },
      async (request) => products.preconfigs(request.principal, request.query),
    );
  }

  app.get(
    '/api/products/v1/preconfigs/creation/:id',
    { config: sessionIfAny, schema: { tags, summary: 'A preconfiguration with its lines', params: ProductsIdParam, querystring: LanguageQuery, response: { 200: PreconfigDetail } } },
    async (request) => products.preconfig(request.principal, request.params.id, request.query),
  );

  // Issue 32 §3: what the tools' batches made of a preconfiguration, to whoever may read it (the lists' rules).
  // Files, not catalogue JSON: their own tag (as the drawings' files), outside http/price-view.test's JSON sweep.
  const preconfigFileTags = ['products-preconfig-files'];
  app.get(
    '/api/products/v1/preconfigs/:id/preview.png',
    { config: sessionIfAny, schema: { tags: preconfigFileTags, summary: 'A preconfiguration’s preview image (PNG) made by the latest preview batch; ETag (304); 404 when no batch made one', params: ProductsIdParam } },
    async (request, reply) => {
      const preview = await products.preconfigPreview(request.principal, request.params.id);
      const etag = `"preconfig-${request.params.id}-${preview.version}"`;
      // The lists' address carries the batch (?v=job): a new batch is a new address, so the image may be kept.
      reply.header('cache-control', 'public, max-age=86400').header('etag', etag).header('content-security-policy', "default-src 'none'");
      const match = request.headers['if-none-match'];
      if (typeof match === 'string' && match.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag)) return reply.code(304).send();
      return reply.type('image/png').send(await preview.content());
    },
  );

  app.get(
    '/api/products/v1/preconfigs/:id/spec-sheet',
    {
      config: sessionIfAny,
      schema: { tags: preconfigFileTags, summary: 'A preconfiguration’s PDF spec sheet in the reader’s language: the one the latest PDF batch made when in it, else made now', params: ProductsIdParam, querystring: LanguageQuery },
    },
    async (request, reply) => {
      const sheet = await products.preconfigSheet(request.principal, request.params.id, request.query);
      reply.header('content-disposition', attachmentDisposition(sheet.name)).type('application/pdf');
      if (sheet.version === null) return reply.header('cache-control', 'private, no-store').send(sheet.body);
      const etag = `"preconfig-sheet-${request.params.id}-${sheet.version}"`;
      reply.header('cache-control', 'private, no-cache').header('etag', etag);
      const match = request.headers['if-none-match'];
      if (typeof match === 'string' && match.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag)) return reply.code(304).send();
      return reply.send(await sheet.content());
    },
  );

  app.get(
    '/api/products/v1/decision-trees/layers/:layer',
    {
      config: sessionIfAny,
      schema: { tags, summary: 'One layer of the decision tree of a collection', params: LayerParam, querystring: DecisionTreeQuery, response: { 200: DecisionLayer } },
    },
    async (request) => products.decisionLayer(request.principal, request.params.layer, request.query),
  );

  app.get(
    '/api/products/v1/decision-trees/:id',
    { config: sessionIfAny, schema: { tags, summary: 'A decision tree and its layers', params: ProductsIdParam, querystring: DecisionTreeQuery, response: { 200: DecisionTree } } },
    async (request) => products.decisionTree(request.principal, request.params.id, request.query),
  );

  app.post(
    '/api/products/v1/creations/evaluate',
    {
      config: sessionIfAny,
      schema: {
        tags,
        summary: 'A crea creation rebuilt and checked by the engine: validity and rule failures, bill of materials, lumens and watts, price (price.view), MOQ, lead time, availability',
        body: EvaluateCreationBody,
        response: { 200: CreationEvaluation },
      },
    },
    async (request) => products.evaluateCreation(request.principal, request.body, { ip: request.ip }),
  );

  // Configurator drafts (issue 27 §3): the caller's own work in progress, by configurator (a visitor's stays in the browser).
  const draftTags = ['products-drafts'];
  const ownDraft = { access: 'authenticated' as const };
  app.get(
    '/api/products/v1/configurator-drafts/:key',
    { config: ownDraft, schema: { tags: draftTags, summary: 'The caller’s draft in a configurator (404 when there is none)', params: ConfiguratorDraftParams, response: { 200: ConfiguratorDraft } } },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return products.drafts.read(requirePrincipal(request).userId, request.params.key);
    },
  );
  app.put(
    '/api/products/v1/configurator-drafts/:key',
    {
      config: ownDraft,
      schema: { tags: draftTags, summary: 'Writes over the caller’s draft in a configurator (its content bounded, not priced or checked)', params: ConfiguratorDraftParams, body: ConfiguratorDraftBody, response: { 200: ConfiguratorDraft } },
    },
    async (request) => products.drafts.write(requirePrincipal(request).userId, request.params.key, request.body),
  );
  app.delete(
    '/api/products/v1/configurator-drafts/:key',
    { config: ownDraft, schema: { tags: draftTags, summary: 'Drops the caller’s draft in a configurator (saved or discarded)', params: ConfiguratorDraftParams, response: { 204: z.null().describe('Dropped (or there was none)') } } },
    async (request, reply) => {
      await products.drafts.remove(requirePrincipal(request).userId, request.params.key);
      return reply.code(204).send(null);
    },
  );

  // Drawings (issue 16 §4, §5): the shared view by link, and the files of a drawn product.
  app.post(
    '/api/products/v1/creations/shared',
    {
      config: { ...sessionIfAny, idempotent: true },
      schema: {
        tags: drawingTags,
        summary: 'Shares a plusminus drawing: the space rebuilt and checked, stored immutably behind an unguessable hash (no price stored); visitors too, counted like evaluate',
        body: ShareCreationBody,
        response: { 201: CreationShareCreated },
      },
    },
    async (request, reply) => {
      // A retry of a key whose share committed without its answer answers that share (issue 29 §6).
      const committed = committedToken(request, 'share');
      return reply.code(201).send(committed !== null ? products.shared(committed) : await products.shareCreation(request.principal, request.body, { ip: request.ip }));
    },
  );

  app.get(
    '/api/products/v1/creations/shared/:hash',
    {
      config: sessionIfAny,
      schema: {
        tags,
        summary: 'A shared drawing and its evaluation made for the viewer (prices only with price.view, in the viewer’s rate); unknown or malformed hash 404',
        params: CreationShareParams,
        querystring: LanguageQuery,
        response: { 200: SharedCreation },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return products.sharedCreation(request.principal, request.params.hash, request.query, { ip: request.ip });
    },
  );

  app.get(
    '/api/products/v1/creations/shared/:hash/export/:format',
    {
      config: sessionIfAny,
      schema: { tags: drawingTags, summary: 'A shared drawing as a file: 3D model (glb, obj, stl) or plan (dxf, svg)', params: CreationShareExportParams, response: { 200: EXPORT_FILE } },
    },
    async (request, reply) => {
      const file = await products.exportShared(request.principal, request.params.hash, request.params.format, { ip: request.ip });
      return reply.header('content-type', file.contentType).header('cache-control', 'private, no-store').header('content-disposition', attachmentDisposition(file.fileName)).send(file.body);
    },
  );

  app.post(
    '/api/products/v1/creations/export/:format',
    {
      config: sessionIfAny,
      schema: {
        tags: drawingTags,
        summary: 'The configurator’s unsaved drawing as a file (EXPORT mode, the export frame): 3D model (glb, obj, stl) or plan (dxf, svg)',
        params: CreationExportParams,
        body: ExportCreationBody,
        response: { 200: EXPORT_FILE },
      },
    },
    async (request, reply) => {
      const file = await products.exportCreation(request.principal, request.body, request.params.format, { ip: request.ip });
      return reply.header('content-type', file.contentType).header('cache-control', 'private, no-store').header('content-disposition', attachmentDisposition(file.fileName)).send(file.body);
    },
  );

  app.post(
    '/api/products/v1/articles/get-image-details',
    {
      config: sessionIfAny,
      schema: {
        tags,
        summary: 'Adds image, swatch and description to a list of products; on any error the input comes back as it was',
        querystring: ImageDetailsQuery,
        body: ImageDetailsBody,
        response: { 200: z.unknown() },
      },
    },
    async (request) => products.imageDetails(request.principal, request.query, request.body),
  );

  for (const url of ['/api/products/v1/configs/:id', '/api/apiv2/product/config/:id']) {
    app.get(
      url,
      { config: sessionIfAny, schema: { tags, summary: 'A configurator configuration', params: ProductsIdParam, response: { 200: ProductConfig } } },
      async (request) => products.config(request.params.id),
    );
  }

  app.get(
    '/api/apiv2/subfamily/:id/designer',
    { config: sessionIfAny, schema: { tags, summary: 'The designer of a collection', params: ProductsIdParam, querystring: LanguageQuery, response: { 200: Designer } } },
    async (request) => products.designer(request.principal, request.params.id, request.query),
  );

  app.get(
    '/api/products/v1/static/:name',
    {
      config: { access: 'public' },
      schema: { tags, summary: 'Static data files: Subfamilies, IndexSubfamiliesNames, modelSubFamilyNameDictionary', params: StaticFileParams, response: { 200: z.unknown() } },
    },
    async (request, reply) => {
      cacheFor(reply, STATIC_CACHE);
      return products.staticFile(request.params.name);
    },
  );

  app.get(
    '/api/products/v1/static/:folder/:file',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Per subfamily_catalog files: byFamily, accessories (missing: {}), rules (missing: empty rules)',
        params: SubfamilyCatalogParams,
        response: { 200: z.unknown() },
      },
    },
    async (request, reply) => {
      cacheFor(reply, STATIC_CACHE);
      return products.subfamilyFile(request.params.folder, request.params.file);
    },
  );
};

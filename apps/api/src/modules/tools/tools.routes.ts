import {
  ComposePreviewQuery,
  CompositorCollections,
  CompositorPreconfigBody,
  CompositorPreconfigSaved,
  CompositorQuery,
  isLang,
  type Lang,
  ProductSheetPageQuery,
  ProductSheetPreview,
  ProductSheetQuery,
  TechnicalInfoExportQuery,
  TechnicalInfoTable,
  TechnicalInfoTableQuery,
  ToolBatch,
  ToolBatchBody,
  ToolBatchFileParam,
  ToolBatchList,
  ToolBatchListQuery,
  ToolBatchParam,
} from '@lumen/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type Access, type Principal, requirePrincipal } from '../../http/access-guard';
import { attachmentDisposition } from '../../http/attachment';
import { AppError } from '../../errors';
import type { FlagsService } from '../flags/flags.service';
import type { ToolBatches } from './tools.batches';
import type { ComposePreview } from './tools.compose-preview';
import type { Compositor } from './tools.compositor';
import type { ProductSheets } from './tools.product-sheet';
import { type TechnicalInfoProducts, technicalInfoTable, technicalInfoWorkbook } from './tools.technical-info';

export interface ToolsRoutesOptions {
  products: TechnicalInfoProducts;
  sheets: ProductSheets;
  batches: ToolBatches;
  compose: ComposePreview;
  compositor: Compositor;
  flags: Pick<FlagsService, 'forCaller'>;
}

/** Spec §2 tool routes: internal users only, decided by the user's e-mail (lib/internal-users); checked by the guard on every call. */
export const TOOLS_ACCESS: Access = { internal: true };
export const TOOLS_PREFIX = '/api/products/v1/tools';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

function langOf(principal: Principal, asked: Lang | undefined): Lang {
  return asked ?? (isLang(principal.lang) ? principal.lang : 'en');
}

/** The internal tools (issue 32): technical information, product sheets and the batch work of the tools. */
export const toolsRoutes: FastifyPluginAsyncZod<ToolsRoutesOptions> = async (app, { products, sheets, batches, compose, compositor, flags }) => {
  const tags = ['tools'];
  const config = { access: TOOLS_ACCESS };

  app.get(
    `${TOOLS_PREFIX}/technical-info`,
    { config, schema: { tags, summary: 'Every model of a catalogue with its technical data, collection and attachments', querystring: TechnicalInfoTableQuery, response: { 200: TechnicalInfoTable } } },
    async (request) => technicalInfoTable(products, request.query.catalog, langOf(requirePrincipal(request), request.query.lang)),
  );

  app.get(
    `${TOOLS_PREFIX}/technical-info/export`,
    { config, schema: { tags, summary: 'The technical information as a spreadsheet: every model, or the models listed (comma-separated)', querystring: TechnicalInfoExportQuery } },
    async (request, reply) => {
      const lang = langOf(requirePrincipal(request), request.query.lang);
      const table = await technicalInfoTable(products, request.query.catalog, lang);
      const file = await technicalInfoWorkbook(table, lang, request.query.models);
      return reply.header('content-type', XLSX).header('content-disposition', attachmentDisposition(file.fileName)).header('cache-control', 'private, no-store').send(file.content);
    },
  );

  app.get(
    `${TOOLS_PREFIX}/product-sheet`,
    { config, schema: { tags, summary: 'The spec sheet maker’s PDF of a model or a reference in a language', querystring: ProductSheetQuery } },
    async (request, reply) => {
      const { catalog, lang, model, reference } = request.query;
      const pdf = await sheets.sheet({ catalogId: catalog, lang, model, reference });
      return reply.header('content-type', 'application/pdf').header('content-disposition', attachmentDisposition(pdf.fileName)).header('cache-control', 'private, no-store').send(pdf.body);
    },
  );

  app.get(
    `${TOOLS_PREFIX}/product-sheet/preview`,
    { config, schema: { tags, summary: 'What the preview shows: the sheet’s file name and page count', querystring: ProductSheetQuery, response: { 200: ProductSheetPreview } } },
    async (request) => {
      const { catalog, lang, model, reference } = request.query;
      return sheets.preview({ catalogId: catalog, lang, model, reference });
    },
  );

  app.get(
    `${TOOLS_PREFIX}/product-sheet/page`,
    { config, schema: { tags, summary: 'One page of the sheet’s PDF as a PNG image', querystring: ProductSheetPageQuery } },
    async (request, reply) => {
      const { catalog, lang, model, reference, page } = request.query;
      const png = await sheets.page({ catalogId: catalog, lang, model, reference }, page);
      return reply.header('content-type', 'image/png').header('cache-control', 'private, max-age=300').send(png);
    },
  );

  app.post(
    `${TOOLS_PREFIX}/batches`,
    { config, schema: { tags, summary: 'Starts a batch (product sheets of a collection in every language; preconfigurations’ previews or PDFs) as a job', body: ToolBatchBody, response: { 201: ToolBatch } } },
    async (request, reply) => reply.code(201).send(await batches.start(requirePrincipal(request), request.body)),
  );

  app.get(
    `${TOOLS_PREFIX}/batches`,
    { config, schema: { tags, summary: 'The latest batches, newest first', querystring: ToolBatchListQuery, response: { 200: ToolBatchList } } },
    async (request) => batches.list(request.query.kind),
  );

  app.get(
    `${TOOLS_PREFIX}/batches/:id`,
    { config, schema: { tags, summary: 'A batch: status, progress and every item with its failure reason', params: ToolBatchParam, response: { 200: ToolBatch } } },
    async (request) => batches.status(request.params.id),
  );

  app.post(
    `${TOOLS_PREFIX}/batches/:id/cancel`,
    { config, schema: { tags, summary: 'Cancels a batch (what is made stays)', params: ToolBatchParam, response: { 200: ToolBatch } } },
    async (request) => batches.cancel(request.params.id),
  );

  app.get(
    `${TOOLS_PREFIX}/batches/:id/files/:file`,
    { config, schema: { tags, summary: 'A file a batch made', params: ToolBatchFileParam } },
    async (request, reply) => {
      const file = await batches.file(request.params.id, request.params.file);
      return reply.header('content-type', file.contentType).header('content-disposition', attachmentDisposition(file.fileName)).header('cache-control', 'private, no-store').send(file.content);
    },
  );

  app.get(
    `${TOOLS_PREFIX}/compositor/collections`,
    { config, schema: { tags, summary: 'The compositor’s crea collections of a catalogue, and for each application whether the caller may compose there (flags per e-mail, subfamily and application)', querystring: CompositorQuery, response: { 200: CompositorCollections } } },
    async (request) => {
      const principal = requirePrincipal(request);
      return compositor.collections(principal, request.query.catalog, langOf(principal, request.query.lang));
    },
  );

  app.post(
    `${TOOLS_PREFIX}/compositor/preconfigs`,
    {
      config,
      schema: {
        tags,
        summary: 'A composition saved as a preconfiguration into the catalogue’s draft (published by product administration); 403 when the compositor is off for the caller in that collection and application',
        body: CompositorPreconfigBody,
        response: { 201: CompositorPreconfigSaved },
      },
    },
    async (request, reply) => {
      const principal = requirePrincipal(request);
      return reply.code(201).send(await compositor.savePreconfig(principal, request.body, langOf(principal, undefined)));
    },
  );

  // /preview/compose (issue 32 §4): an image address for mails and the brand's website, so no session is
  // needed; it exists only while the flag composeUrlPreview is on for the caller (404 otherwise).
  app.get(
    '/api/images/v1/preview/compose',
    {
      config: { access: 'optional' },
      schema: { tags, summary: 'A composition (collection, elements, finishes) as a PNG; only when the flag composeUrlPreview is on (404 otherwise)', querystring: ComposePreviewQuery },
    },
    async (request, reply) => {
      if (!(await flags.forCaller(request.principal).isEnabled('composeUrlPreview'))) throw new AppError('NOT_FOUND', 'Not found');
      const image = await compose(request.query);
      reply.header('etag', image.etag).header('cache-control', 'public, max-age=86400').header('x-content-type-options', 'nosniff');
      if (request.headers['if-none-match'] === image.etag) return reply.code(304).send();
      return reply.header('content-type', 'image/png').send(image.png);
    },
  );
};

import { PassThrough, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { CreationCodeParam, CreationSheetQuery, DocsWebBody, DocsWebList, DocsWebQuery, DocumentsQuery, Download, DownloadFileQuery, DownloadIdParam, DownloadList, GlobalGenerateBody } from '@lumen/contracts';
import { DEFAULT_LANG, isLang, type Lang } from '@lumen/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import yazl from 'yazl';
import { z } from 'zod';
import { AppError } from '../../errors';
import { loadPrincipal, requirePrincipal } from '../../http/access-guard';
import type { Revocations } from '../../http/revocations';
import type { AccessTokens } from '../../http/sessions';
import type { DocumentsSocket } from './documents.socket';
import { type DeliverableFile, type DocumentsService, DOWNLOAD_PATH } from './documents.service';
import { attachmentDisposition } from '../../http/attachment';

export interface DocumentsRoutesOptions {
  documents: DocumentsService;
  socket: Pick<DocumentsSocket, 'fetchProgress'>;
  tokens: AccessTokens;
  revocations: Revocations;
}

const TAGS = ['documents'];

/** The caller's language as a document language (the default when the account holds another value). */
const langOf = (lang: string): Lang => (isLang(lang) ? lang : DEFAULT_LANG);
const V1 = '/api/documents/v1';

/** Text formats (SVG, DXF, OBJ, IES, LDT, XML) are deflated; PDFs, PNGs, GLBs and containers are compressed already and stored as they are. */
const DEFLATED = /^(text\/|image\/svg|application\/(dxf|x-dxf|xml|json)|model\/obj)/;

/** Counts the bytes read from the storage for one document (the per-byte progress the server reports). */
function counting(onBytes: (bytes: number) => void): Transform {
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      onBytes(chunk.length);
      done(null, chunk);
    },
  });
}

/**
 * Documents (spec §7): GET docs-web (what a product has), POST v1/docs-web and docs-web/global-generate
 * (start a download; the web picks the path by the multi-download flag, the server serves both), the
 * session's downloads (list, one, cancel), and the delivery at /sr-documents/v1/docs-web/download: the
 * zip streamed entry by entry (yazl, never whole in memory) or one file, with the bytes counted per
 * document and told over the socket.
 */
export const documentsRoutes: FastifyPluginAsyncZod<DocumentsRoutesOptions> = async (app, { documents, socket, tokens, revocations }) => {
  app.get(
    '/api/documents/docs-web',
    {
      config: { access: 'authenticated' },
      schema: { tags: TAGS, summary: 'The documents a product has (sizes when made already); files[] narrows the types', querystring: DocsWebQuery, response: { 200: DocsWebList } },
    },
    async (request) => documents.available(request.query),
  );

  app.post(
    `${V1}/docs-web`,
    {
      config: { access: 'authenticated' },
      schema: { tags: TAGS, summary: 'Start a download of documents; progress over the socket, or GET the download', querystring: DocumentsQuery, body: DocsWebBody, response: { 202: Download } },
    },
    async (request, reply) => {
      const { lang, catalogId } = request.query;
      const { docs, delivery, projectId, title } = request.body;
      return reply.code(202).send(await documents.start(requirePrincipal(request), { docs, lang, catalogId, delivery, projectId, title }));
    },
  );

  app.post(
    '/api/documents/docs-web/global-generate',
    {
      config: { access: 'authenticated' },
      schema: { tags: TAGS, summary: 'Start a download of many documents (multi-download): the bare list of {type, subType, params}', querystring: DocumentsQuery, body: GlobalGenerateBody, response: { 202: Download } },
    },
    async (request, reply) => {
      const { lang, catalogId } = request.query;
      return reply.code(202).send(await documents.start(requirePrincipal(request), { docs: request.body, lang, catalogId, delivery: 'zip' }));
    },
  );

  app.get(
    '/api/apiv2/documents/generate-creation-specsheet/:code',
    {
      config: { access: 'authenticated' },
      schema: {
        tags: TAGS,
        summary: 'The spec sheet (PDF) of a creation in one of the caller’s projects, by its code, in the caller’s language',
        params: CreationCodeParam,
        querystring: CreationSheetQuery,
        response: { 200: z.unknown().describe('application/pdf') },
      },
    },
    async (request, reply) => {
      const principal = requirePrincipal(request);
      const sheet = await documents.creationSpecSheet(principal, request.params.code, request.query.lang ?? langOf(principal.lang));
      return reply
        .header('content-type', sheet.contentType)
        .header('cache-control', 'private, no-store')
        .header('content-disposition', attachmentDisposition(sheet.fileName))
        .send(sheet.body);
    },
  );

  app.get(
    `${V1}/downloads`,
    { config: { access: 'authenticated' }, schema: { tags: TAGS, summary: 'The caller’s downloads, newest first (running, finished, failed with the reason)', response: { 200: DownloadList } } },
    async (request) => ({ items: await documents.list(requirePrincipal(request)) }),
  );

  app.get(
    `${V1}/downloads/:id`,
    { config: { access: 'authenticated' }, schema: { tags: TAGS, summary: 'One of the caller’s downloads', params: DownloadIdParam, response: { 200: Download } } },
    async (request) => documents.get(requirePrincipal(request), request.params.id),
  );

  app.delete(
    `${V1}/downloads/:id`,
    { config: { access: 'authenticated' }, schema: { tags: TAGS, summary: 'Cancel a download: the documents not made yet are not made', params: DownloadIdParam, response: { 200: Download } } },
    async (request) => documents.cancel(requirePrincipal(request), request.params.id),
  );

  /** Outside /api (the spec's path), so the guard does not run: the session is checked here. */
  async function deliver(request: FastifyRequest<{ Querystring: z.infer<typeof DownloadFileQuery> }>, reply: FastifyReply) {
    const principal = await loadPrincipal(tokens, revocations, request);
    if (!principal) throw new AppError('UNAUTHENTICATED');
    const { id, item, file } = request.query;
    const single = item !== undefined ? { item, file: file ?? 0 } : undefined;
    const { download, files } = await documents.deliverables(principal, id, single);
    reply.header('cache-control', 'private, no-store');
    if (single) {
      const only = files[0] as DeliverableFile;
      const name = only.item.name;
      let loaded = 0;
      const body = (await documents.openStored(only.file)).pipe(
        counting((bytes) => {
          loaded += bytes;
          socket.fetchProgress(id, { [name]: { loaded, total: only.file.size } });
        }),
      );
      body.on('end', () => {
        socket.fetchProgress(id, { [name]: { loaded, total: only.file.size } }, true);
        void documents.markDelivered(id, [only.item.position]).catch(() => {});
      });
      return reply
        .header('content-type', only.file.contentType)
        .header('content-length', String(only.file.size))
        .header('content-disposition', attachmentDisposition(only.file.fileName))
        .send(body);
    }
    const zip = new yazl.ZipFile();
    const mtime = new Date(download.createdAt);
    // Bytes per document across its files, to scale 8 → 16 while its entries stream.
    const totals = new Map<string, { loaded: number; total: number; left: number; position: number }>();
    for (const entry of files) {
      const total = totals.get(entry.item.name) ?? { loaded: 0, total: 0, left: 0, position: entry.item.position };
      total.total += entry.file.size;
      total.left += 1;
      totals.set(entry.item.name, total);
    }
    const delivered: number[] = [];
    for (const entry of files) {
      const name = entry.item.name;
      const state = totals.get(name)!;
      zip.addReadStreamLazy(entry.entryName, { mtime, size: entry.file.size, compress: DEFLATED.test(entry.file.contentType) }, (done) => {
        documents.openStored(entry.file).then(
          (stream) => {
            const counted = counting((bytes) => {
              state.loaded += bytes;
              socket.fetchProgress(id, { [name]: { loaded: state.loaded, total: state.total } });
            });
            counted.on('end', () => {
              state.left -= 1;
              if (state.left === 0) {
                delivered.push(state.position);
                socket.fetchProgress(id, { [name]: { loaded: state.total, total: state.total } }, true);
              }
            });
            done(null, stream.pipe(counted));
          },
          (error: unknown) => done(error, new PassThrough()),
        );
      });
    }
    zip.end();
    const out = new PassThrough();
    pipeline(zip.outputStream, out)
      .then(() => documents.markDelivered(id, delivered))
      .catch((error: unknown) => request.log.warn({ err: error, download: id }, 'zip delivery stopped'));
    return reply.header('content-type', 'application/zip').header('content-disposition', attachmentDisposition(download.zipName)).send(out);
  }

  app.get(
    DOWNLOAD_PATH,
    {
      schema: {
        tags: TAGS,
        summary: 'The download: the zip of its ready documents (id), or one file (id, item, file); the caller’s own downloads only',
        querystring: DownloadFileQuery,
        response: { 200: z.unknown().describe('application/zip, or the file') },
      },
    },
    deliver,
  );
};

import {
  AcceptQuoteBody,
  BudgetBody,
  BudgetList,
  BudgetPayload,
  DeclineQuoteBody,
  GeneratedQuoteNumber,
  IdParam,
  OpenQuoteList,
  OpenQuotesQuery,
  ProjectToBudgetQuery,
  PublicQuote,
  PublicQuoteParams,
  Quote,
  QuoteDocumentQuery,
  QuoteIdParam,
  QuoteQuestionBody,
  QuoteQuestionSent,
  QuoteWithDocument,
  SendQuoteBody,
  UsFinalQuoteBody,
} from '@lumen/contracts';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requirePrincipal } from '../../http/access-guard';
import { committedResource } from '../../http/idempotency';
import type { BudgetsService } from './budgets.service';
import { attachmentDisposition } from '../../http/attachment';

export interface BudgetsRoutesOptions {
  budgets: BudgetsService;
}

const TAGS = ['budgets'];
const V1 = '/api/projects/v1/budget';
const PUBLIC = '/api/projects/v1/public-quotes';
/** Budgets: `budget` or `budget.add` (the service also asks for price.view). */
const BUDGETS = { access: { privileges: ['budget', 'budget.add'] } } as const;
/** The United States final quote: project.registration (and price.view in the service). */
const REGISTRATION = { access: { privileges: ['project.registration'] } } as const;

const CONTENT_TYPES = { pdf: 'application/pdf', xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' } as const;

/** A generated document as an attachment, never cached (quotes carry prices). */
function sendDocument(reply: FastifyReply, kind: keyof typeof CONTENT_TYPES, file: { fileName: string; content: Buffer }) {
  return reply
    .header('content-type', CONTENT_TYPES[kind])
    .header('content-disposition', attachmentDisposition(file.fileName))
    .header('cache-control', 'private, no-store')
    .header('x-content-type-options', 'nosniff')
    .send(file.content);
}

/**
 * Budgets and quotes (issue 12; spec §7 budget calls, final-quote calls, project-to-budget), and the
 * public page of a quote sent to a client without an account (its signed link is the only key).
 */
export const budgetsRoutes: FastifyPluginAsyncZod<BudgetsRoutesOptions> = async (app, { budgets }) => {
  app.get(
    '/api/apiv2/project-to-budget',
    {
      config: BUDGETS,
      schema: { tags: TAGS, summary: 'The project as a budget payload (spec §3), priced for the caller, footer at 0 %', querystring: ProjectToBudgetQuery, response: { 200: BudgetPayload } },
    },
    async (request) => budgets.projectToBudget(requirePrincipal(request), request.query.projectId, request.query.lang),
  );

  app.get(
    `${V1}/project/:id`,
    {
      config: BUDGETS,
      schema: { tags: TAGS, summary: 'The previous budgets (quotes) of a project, newest first', params: IdParam, response: { 200: BudgetList } },
    },
    async (request) => budgets.projectBudgets(requirePrincipal(request), request.params.id),
  );

  app.post(
    V1,
    {
      config: { ...BUDGETS, idempotent: true },
      schema: { tags: TAGS, summary: 'Issue a quote of a project (every figure recomputed by the server); revisionOf makes the next revision of a quote', body: BudgetBody, response: { 201: Quote } },
    },
    async (request, reply) => {
      // A retry of a key whose quote committed without its answer answers that quote (issue 29 §6).
      const committed = committedResource(request, 'quote');
      const principal = requirePrincipal(request);
      return reply.code(201).send(committed !== null ? await budgets.quote(principal, committed) : await budgets.issue(principal, request.body));
    },
  );

  app.post(
    '/api/apiv2/budget',
    {
      config: { ...BUDGETS, idempotent: true },
      schema: { tags: TAGS, summary: 'Issue a quote and answer with its PDF to download (sendOfferWithDownloadBudget)', body: BudgetBody, response: { 201: QuoteWithDocument } },
    },
    async (request, reply) => {
      const committed = committedResource(request, 'quote');
      const principal = requirePrincipal(request);
      const quote = committed !== null ? await budgets.quote(principal, committed) : await budgets.issue(principal, request.body);
      return reply.code(201).send({ ...quote, document: { url: quote.downloads.pdf, fileName: quote.downloads.fileName, contentType: 'application/pdf' as const } });
    },
  );

  app.get(
    `${V1}/final-quote/generate-quote-number`,
    {
      // A GET that reserves a number (the spec's method): guarded as a write (http/origin-guard.ts).
      config: { ...REGISTRATION, changesState: true },
      schema: { tags: TAGS, summary: 'A new United States quote number, reserved for the caller', response: { 200: GeneratedQuoteNumber } },
    },
    async (request) => budgets.generateQuoteNumber(requirePrincipal(request)),
  );

  app.post(
    `${V1}/final-quote`,
    {
      config: { ...REGISTRATION, idempotent: true },
      schema: { tags: TAGS, summary: 'Issue a United States final quote (catalogue 21, USD) with alias, specifier, purchaser and place', body: UsFinalQuoteBody, response: { 201: Quote } },
    },
    async (request, reply) => {
      const committed = committedResource(request, 'quote');
      const principal = requirePrincipal(request);
      return reply.code(201).send(committed !== null ? await budgets.quote(principal, committed) : await budgets.finalQuote(principal, request.body));
    },
  );

  app.get(
    `${V1}/open`,
    { config: BUDGETS, schema: { tags: TAGS, summary: 'The caller’s open quotes (issued or sent, valid, last revision), newest first', querystring: OpenQuotesQuery, response: { 200: OpenQuoteList } } },
    async (request) => budgets.openQuotes(requirePrincipal(request), request.query.limit),
  );

  app.get(
    `${V1}/quotes/:id`,
    { config: BUDGETS, schema: { tags: TAGS, summary: 'A quote as issued (any revision)', params: QuoteIdParam, response: { 200: Quote } } },
    async (request) => budgets.quote(requirePrincipal(request), request.params.id),
  );

  app.get(
    `${V1}/quotes/:id/pdf`,
    { config: BUDGETS, schema: { tags: TAGS, summary: 'The quote’s PDF (its language, or lang)', params: QuoteIdParam, querystring: QuoteDocumentQuery } },
    async (request, reply) => sendDocument(reply, 'pdf', await budgets.pdf(requirePrincipal(request), request.params.id, request.query.lang)),
  );

  app.get(
    `${V1}/quotes/:id/xlsx`,
    { config: BUDGETS, schema: { tags: TAGS, summary: 'The quote as a spreadsheet (its language, or lang)', params: QuoteIdParam, querystring: QuoteDocumentQuery } },
    async (request, reply) => sendDocument(reply, 'xlsx', await budgets.xlsx(requirePrincipal(request), request.params.id, request.query.lang)),
  );

  app.post(
    `${V1}/quotes/:id/send`,
    {
      config: { ...BUDGETS, idempotent: true },
      schema: { tags: TAGS, summary: 'E-mail the quote to a client with a signed link to its public page; the quote becomes sent', params: QuoteIdParam, body: SendQuoteBody, response: { 200: Quote } },
    },
    async (request) => budgets.send(requirePrincipal(request), request.params.id, request.body),
  );

  app.post(
    `${V1}/quotes/:id/revoke-link`,
    {
      config: BUDGETS,
      schema: { tags: TAGS, summary: 'Revoke the quote’s public link before its date: every link sent so far answers 404; sending the quote again mails a new one', params: QuoteIdParam, response: { 200: Quote } },
    },
    async (request) => budgets.revokePublicLink(requirePrincipal(request), request.params.id),
  );

  // The public page of a quote: its signed link is the only key, it shows that quote and nothing else.
  app.get(
    `${PUBLIC}/:token`,
    { config: { access: 'public' }, schema: { tags: TAGS, summary: 'A quote sent to a client, by its signed link', params: PublicQuoteParams, response: { 200: PublicQuote } } },
    async (request, reply) => reply.header('cache-control', 'private, no-store').header('referrer-policy', 'no-referrer').send(await budgets.publicQuote(request.params.token)),
  );

  app.get(
    `${PUBLIC}/:token/pdf`,
    { config: { access: 'public' }, schema: { tags: TAGS, summary: 'The PDF of a quote sent to a client, by its signed link', params: PublicQuoteParams } },
    async (request, reply) => sendDocument(reply, 'pdf', await budgets.publicPdf(request.params.token)),
  );

  app.post(
    `${PUBLIC}/:token/accept`,
    {
      config: { access: 'public' },
      schema: { tags: TAGS, summary: 'The client accepts the quote (name, time and address recorded once)', params: PublicQuoteParams, body: AcceptQuoteBody, response: { 200: PublicQuote } },
    },
    async (request) => budgets.answer(request.params.token, request.ip, { accepted: true, name: request.body.name }),
  );

  app.post(
    `${PUBLIC}/:token/decline`,
    {
      config: { access: 'public' },
      schema: { tags: TAGS, summary: 'The client declines the quote', params: PublicQuoteParams, body: DeclineQuoteBody, response: { 200: PublicQuote } },
    },
    async (request) => budgets.answer(request.params.token, request.ip, { accepted: false, name: request.body.name, ...(request.body.reason ? { reason: request.body.reason } : {}) }),
  );

  app.post(
    `${PUBLIC}/:token/question`,
    {
      config: { access: 'public' },
      schema: { tags: TAGS, summary: 'The client asks the professional a question about the quote (mailed)', params: PublicQuoteParams, body: QuoteQuestionBody, response: { 202: QuoteQuestionSent } },
    },
    async (request, reply) => reply.code(202).send(await budgets.question(request.params.token, request.ip, request.body)),
  );
};

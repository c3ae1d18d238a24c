import type { BudgetBody, BudgetList, BudgetPayload, Lang, PublicQuote, Quote, SendQuoteBody, UsFinalQuoteBody } from '@lumen/contracts';
import { loadContractSchemas } from '../../api';
import { createAsyncAction } from '../../shared/async-action';
import { budgetIssuePath } from '../../shared/flags';
import { saveFile } from '../../shared/save-file';

/*
 * The calls of budgets and quotes (apps/api README "Budgets and quotes"). The screens show their
 * failures beside their fields or above the form (showError false), except the downloads, whose
 * failure opens the error dialog. The POSTs that create take the Idempotency-Key of the user's
 * attempt (see shared/use-attempt-key.ts): a double click or a retry after a lost answer gives one quote.
 */

/** GET apiv2 /project-to-budget: the project priced for the caller, as the spec's budget payload. */
export const loadBudgetPayload = createAsyncAction<BudgetPayload, { projectId: number; lang: Lang }>(
  'projectToBudget',
  ({ projectId, lang }, { extra }) => extra.api.get<BudgetPayload>('apiv2', '/project-to-budget', { projectId, lang }),
  { showError: false },
);

/** GET projects /v1/budget/project/{id}: the project's quotes, newest first. */
export const loadBudgetList = createAsyncAction<BudgetList, { projectId: number }>(
  'projectBudgets',
  ({ projectId }, { extra }) => extra.api.get<BudgetList>('projects', `/v1/budget/project/${projectId}`),
  { showError: false },
);

/** GET projects /v1/budget/quotes/{id}: one quote, any revision. */
export const loadQuote = createAsyncAction<Quote, { quoteId: number }>(
  'loadQuote',
  ({ quoteId }, { extra }) => extra.api.get<Quote>('projects', `/v1/budget/quotes/${quoteId}`),
  { showError: false },
);

/** What issuing answers: the quote, and the name of the PDF when the apiv2 path answered with one (the quote's own PDF). */
export interface IssuedQuote {
  quote: Quote;
  document: { url: string; fileName: string } | null;
}

/** POST projects /v1/budget, or apiv2 /budget with sendOfferWithDownloadBudget (which answers with the PDF too). */
export const issueBudget = createAsyncAction<IssuedQuote, { body: BudgetBody; idempotencyKey: string }>(
  'issueBudget',
  async ({ body, idempotencyKey }, { extra }) => {
    const [service, path] = budgetIssuePath(extra.flags);
    const answer = await extra.api.request<Quote>(service, path, { method: 'POST', body, idempotencyKey });
    // The schema loads with the answer: importing it here would build every contract where the quotes list shows.
    const withDocument = (await loadContractSchemas()).QuoteWithDocument.pick({ document: true }).safeParse(answer);
    return { quote: answer, document: withDocument.success ? withDocument.data.document : null };
  },
  { showError: false },
);

/** GET projects /v1/budget/final-quote/generate-quote-number: a new United States number, reserved for the caller. */
export const generateQuoteNumber = createAsyncAction<{ quoteNumber: string }, void>(
  'generateQuoteNumber',
  (_arg, { extra }) => extra.api.get<{ quoteNumber: string }>('projects', '/v1/budget/final-quote/generate-quote-number'),
  { showError: false },
);

/** The final quote's body: the country by its GeoNames id, the state by its GeoNames admin code, the city as typed. */
export type UsFinalQuoteRequest = UsFinalQuoteBody;

/** POST projects /v1/budget/final-quote (isFinalQuote): the United States final quote. */
export const issueFinalQuote = createAsyncAction<Quote, { body: UsFinalQuoteRequest; idempotencyKey: string }>(
  'issueFinalQuote',
  ({ body, idempotencyKey }, { extra }) => extra.api.request<Quote>('projects', '/v1/budget/final-quote', { method: 'POST', body, idempotencyKey }),
  { showError: false },
);

/** POST projects /v1/budget/quotes/{id}/send: the client gets the quote's signed link by e-mail. */
export const sendQuote = createAsyncAction<Quote, { quoteId: number; body: SendQuoteBody; idempotencyKey: string }>(
  'sendQuote',
  ({ quoteId, body, idempotencyKey }, { extra }) => extra.api.request<Quote>('projects', `/v1/budget/quotes/${quoteId}/send`, { method: 'POST', body, idempotencyKey }),
  { showError: false },
);

/** POST projects /v1/budget/quotes/{id}/revoke-link (issue 29 §9): every link sent so far answers 404; sending again mails a new one. */
export const revokeQuoteLink = createAsyncAction<Quote, { quoteId: number }>(
  'revokeQuoteLink',
  ({ quoteId }, { extra }) => extra.api.request<Quote>('projects', `/v1/budget/quotes/${quoteId}/revoke-link`, { method: 'POST' }),
  { showError: false },
);

export type QuoteDocumentKind = 'pdf' | 'xlsx';

/**
 * GET projects /v1/budget/quotes/{id}/pdf|xlsx: a quote's document, fetched by the HTTP client (an
 * expired session is refreshed first) and handed to the browser under the quote's number.
 */
export const downloadQuoteDocument = createAsyncAction<void, { quoteId: number; budgetNumber: string; kind: QuoteDocumentKind; lang?: Lang; fileName?: string }>(
  'quoteDocument',
  async ({ quoteId, budgetNumber, kind, lang, fileName }, { extra }) => {
    const file = await extra.api.request<Blob>('projects', `/v1/budget/quotes/${quoteId}/${kind}`, { query: { lang }, responseType: 'blob' });
    saveFile(file, fileName ?? `${budgetNumber}.${kind}`);
  },
);

// ─── The public page (no session) ─────────────────────────────────────────────────────────────

const publicPath = (token: string) => `/v1/public-quotes/${encodeURIComponent(token)}`;

/** GET projects /v1/public-quotes/{token}: that quote and nothing else (404 unknown link, 410 expired). */
export const loadPublicQuote = createAsyncAction<PublicQuote, { token: string }>(
  'publicQuote',
  ({ token }, { extra }) => extra.api.get<PublicQuote>('projects', publicPath(token)),
  { showError: false },
);

/** POST …/accept: the client's name; the server records the time and the address once (409 QUOTE_ANSWERED after). */
export const acceptPublicQuote = createAsyncAction<PublicQuote, { token: string; name: string }>(
  'acceptPublicQuote',
  ({ token, name }, { extra }) => extra.api.post<PublicQuote>('projects', `${publicPath(token)}/accept`, { name }),
  { showError: false },
);

/** POST …/decline: the client's name and, if they wish, why. */
export const declinePublicQuote = createAsyncAction<PublicQuote, { token: string; name: string; reason?: string }>(
  'declinePublicQuote',
  ({ token, ...body }, { extra }) => extra.api.post<PublicQuote>('projects', `${publicPath(token)}/decline`, body),
  { showError: false },
);

/** POST …/question: mailed to the professional who sent the quote. */
export const askAboutPublicQuote = createAsyncAction<{ sent: true }, { token: string; name: string; email: string; message: string }>(
  'askAboutPublicQuote',
  ({ token, ...body }, { extra }) => extra.api.post<{ sent: true }>('projects', `${publicPath(token)}/question`, body),
  { showError: false },
);

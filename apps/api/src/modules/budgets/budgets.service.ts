import { translationsFor } from '@lumen/i18n';
import type {
  BudgetLine,
  BudgetList,
  BudgetPayload,
  CatalogId,
  Lang,
  OpenQuoteList,
  Project,
  PublicQuote,
  Quote,
  QuoteStatus,
  QuoteSummary,
  QuoteUsa,
} from '@lumen/contracts';
import type { BudgetBody, SendQuoteBody, UsFinalQuoteBody } from '@lumen/contracts';
import { DEFAULT_LANG, LANGS, QUOTE_NUMBER_PREFIX } from '@lumen/contracts';
import { creationBillLines, type CreationBillKind, descriptionIn, hasAnyPrivilege, taxSummaryOf } from '@lumen/domain';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import type { Tx } from '../../db/client';
import { AppError } from '../../errors';
import { recordIdempotentResource } from '../../http/idempotency';
import type { Principal } from '../../http/sessions';
import { createRateLimiter, type RatePolicy } from '../../http/rate-limits';
import { creationNameIn } from '../../lib/creation-name';
import { signToken, verifyToken } from '../../lib/tokens';
import type { FlagsService } from '../flags/flags.service';
import type { MastersGeoService } from '../masters/masters.geo.service';
import type { ProductsService } from '../products/products.service';
import type { ProjectsService } from '../projects/projects.service';
import type { UsersService } from '../users/users.service';
import { thumbnailKey } from '../erp/erp.documents';
import { quoteFileName, quotePdf, quoteXlsx } from './budgets.documents';
import { type ListPrices, priceBudget } from './budgets.lines';
import { auditWho, recordAudit } from '../../lib/audit';
import { quoteAnsweredMail, quoteQuestionMail, quoteSentMail, type QuoteMailFacts } from './budgets.mail';
import {
  advanceQuoteCounter,
  claimReservation,
  findQuote,
  insertQuestion,
  insertQuote,
  insertQuoteLines,
  insertReservation,
  listOpenQuotesBy,
  listProjectQuotes,
  orderIdsOfQuotes,
  listQuoteLines,
  lockFirstRevision,
  lockQuote,
  maxRevision,
  type QuoteRow,
  updateQuote,
  useReservation,
} from './budgets.repository';

type BudgetInput = z.output<typeof BudgetBody>;
type FinalQuoteInput = z.output<typeof UsFinalQuoteBody>;
type SendInput = z.output<typeof SendQuoteBody>;

/** The public pages' POSTs per client address per hour (accept, decline, question). */
export const PUBLIC_QUOTE_POSTS_PER_IP: RatePolicy = { limit: 30, windowMs: 60 * 60 * 1000 };
/** Questions one quote may receive per day (each mails the professional). */
export const QUESTIONS_PER_QUOTE: RatePolicy = { limit: 10, windowMs: 24 * 60 * 60 * 1000 };
/** Quotes one account may send by e-mail per hour. */
export const QUOTE_MAILS_PER_USER: RatePolicy = { limit: 50, windowMs: 60 * 60 * 1000 };

const TOKEN_PURPOSE = 'public-quote';
const DAY_MS = 24 * 60 * 60 * 1000;
const BUDGET_PATH = '/api/projects/v1/budget';
const PUBLIC_PATH = '/api/projects/v1/public-quotes';
/** The United States catalogue: final quotes are its projects' quotes. */
const USA: CatalogId = 21;

const money = (value: string | number) => Number(value);
const dayOf = (date: Date) => date.toISOString().slice(0, 10);

function langOf(principal: Principal, asked?: Lang): Lang {
  if (asked) return asked;
  return (LANGS as readonly string[]).includes(principal.lang) ? (principal.lang as Lang) : DEFAULT_LANG;
}

function forbiddenProject(): AppError {
  return new AppError('FORBIDDEN', 'You cannot make a budget of this project', [{ path: 'body.projectId', message: 'formError.projectNotYours' }]);
}

export function formatQuoteNumber(catalogId: CatalogId, year: number, counter: number): string {
  return `${QUOTE_NUMBER_PREFIX[catalogId]}-${year}-${String(counter).padStart(6, '0')}`;
}

const numberWithRevision = (base: string, revision: number) => (revision === 1 ? base : `${base}-${revision}`);

/**
 * Budgets and quotes (issue 12): the project as a budget, quotes issued from it (numbered, frozen,
 * valid until a date), their PDF and spreadsheet, sending to a client without an account through a
 * signed link, the client's answer, and the United States final quote.
 */
export function createBudgetsService(
  ctx: AppContext,
  deps: {
    projects: ProjectsService;
    products: ProductsService;
    users: UsersService;
    flags: FlagsService;
    geo: MastersGeoService;
    /** A line's picture as a small PNG (the catalogue's picture of the model in its finish, issue 34 §3); null when there is none. */
    thumbnail?: (model: string, finish: string | undefined) => Promise<Buffer | null>;
  },
) {
  const { db, clock, config, mailer, background } = ctx;
  const limiter = createRateLimiter(db, clock);

  /** Each line's picture for the PDF, one per model and finish, as the invoice prints them; a line without one prints without. */
  async function thumbnailsOf(quote: Quote): Promise<Map<string, Buffer>> {
    const thumbnails = new Map<string, Buffer>();
    if (!deps.thumbnail) return thumbnails;
    const wanted = [...new Set(quote.products.filter((line) => line.model).map((line) => thumbnailKey(line.model, line.attributes.finish?.code)))];
    await Promise.all(
      wanted.map(async (key) => {
        const [model = '', finish] = key.split('|');
        const png = await deps.thumbnail?.(model, finish || undefined).catch(() => null);
        if (png) thumbnails.set(key, png);
      }),
    );
    return thumbnails;
  }

  function requirePrices(principal: Principal): void {
    if (!hasAnyPrivilege(principal.privileges, ['price.view'])) throw new AppError('FORBIDDEN', 'Budgets need the price.view privilege');
  }

  function validUntilFrom(now: Date): string {
    return dayOf(new Date(now.getTime() + config.quoteValidityDays * DAY_MS));
  }

  /** issued / sent / accepted / declined as stored; issued or sent past the validation date reads expired. */
  function statusOf(row: QuoteRow, now: Date = clock()): QuoteStatus {
    const stored = row.status as QuoteStatus;
    if ((stored === 'issued' || stored === 'sent') && dayOf(now) > row.validUntil) return 'expired';
    return stored;
  }

  const downloadsOf = (row: QuoteRow) => ({ pdf: `${BUDGET_PATH}/quotes/${row.id}/pdf`, xlsx: `${BUDGET_PATH}/quotes/${row.id}/xlsx`, fileName: `${row.number}.pdf` });

  function quoteOf(row: QuoteRow, lines: readonly BudgetLine[]): Quote {
    return {
      id: row.id,
      projectId: row.projectId,
      projectName: row.projectName,
      budgetNumber: row.number,
      baseNumber: row.baseNumber,
      revision: row.revision,
      status: statusOf(row),
      isFinalQuote: row.isFinalQuote,
      catalogId: row.catalogId === USA ? USA : 16,
      currency: row.currency === 'USD' ? 'USD' : 'EUR',
      lang: row.lang as Lang,
      clientName: row.clientName,
      createdBy: { id: row.createdByUserId ?? 0, name: row.createdByName, email: row.createdByEmail },
      companyName: row.companyName,
      creationDate: row.createdAt.toISOString(),
      validationDate: row.validUntil,
      discount: money(row.discount),
      surcharge: money(row.surcharge),
      iva: money(row.iva),
      subTotalNet: money(row.subTotal),
      discountValue: money(row.discountValue),
      surchargeValue: money(row.surchargeValue),
      ivaValue: money(row.ivaValue),
      totalNet: money(row.netTotal),
      comments: row.comments,
      products: [...lines],
      sentTo: row.sentToEmail && row.sentAt ? { email: row.sentToEmail, name: row.sentToName, sentAt: row.sentAt.toISOString() } : null,
      acceptance: row.status === 'accepted' && row.answeredAt ? { name: row.answeredName ?? '', at: row.answeredAt.toISOString(), ip: row.answeredIp ?? '' } : null,
      decline: row.status === 'declined' && row.answeredAt ? { name: row.answeredName ?? '', at: row.answeredAt.toISOString(), reason: row.declineReason } : null,
      questions: row.questions,
      usa: (row.usa as QuoteUsa | null) ?? null,
      downloads: downloadsOf(row),
    };
  }

  function summaryOf(row: QuoteRow, orderId: number | null = null): QuoteSummary {
    return {
      orderId,
      id: row.id,
      budgetNumber: row.number,
      baseNumber: row.baseNumber,
      revision: row.revision,
      status: statusOf(row),
      isFinalQuote: row.isFinalQuote,
      currency: row.currency === 'USD' ? 'USD' : 'EUR',
      clientName: row.clientName,
      createdBy: row.createdByName,
      creationDate: row.createdAt.toISOString(),
      validationDate: row.validUntil,
      linesCount: row.linesCount,
      totalNet: money(row.netTotal),
      sentTo: row.sentToEmail,
      acceptedAt: row.status === 'accepted' && row.answeredAt ? row.answeredAt.toISOString() : null,
      checked: false,
      downloads: downloadsOf(row),
    };
  }

  async function linesOf(row: QuoteRow): Promise<BudgetLine[]> {
    return (await listQuoteLines(db, row.id)).map((line) => line.data as unknown as BudgetLine);
  }

  /** The project priced for the caller, through the projects service (its scope: 403 naming the project when the caller may not see it). */
  async function pricedProject(principal: Principal, projectId: number, lang: Lang): Promise<Project & { listPrices: ListPrices }> {
    try {
      // The caller's price is their purchase price; the client's quote starts at the catalogue's list price (issue 34 §1).
      const [project, listPrices] = await Promise.all([
        deps.projects.detail(principal, projectId, { lang, prices: true, parseProducts: true }),
        deps.projects.listPrices(principal, projectId),
      ]);
      return { ...project, listPrices };
    } catch (error) {
      if (error instanceof AppError && error.code === 'NOT_FOUND') throw forbiddenProject();
      throw error;
    }
  }

  /** The catalogue names of the references in the project's creations' bills of materials (their sub-lines). */
  async function billNamesOf(project: Project, lang: Lang): Promise<(reference: string, kind: CreationBillKind) => string> {
    const references = [...new Set(project.products.filter((product) => product.type === 'CREATION').flatMap((product) => creationBillLines(product.compositions).map((line) => line.reference)))];
    const facts = references.length > 0 ? await deps.products.orderFacts(project.catalogId, references, lang) : new Map<string, { description: string }>();
    const texts = translationsFor('common-front', lang);
    // A reference the catalogue does not name (a driver of the drivers' table) reads by what it is.
    return (reference, kind) => {
      const known = facts.get(reference)?.description;
      return known && known !== reference ? known : (texts[`line.bill.${kind}`] ?? reference);
    };
  }

  /**
   * The quote in another language than it was issued in (issue 28 §5): its stored lines carry the
   * catalogue's descriptions and attribute words in the issuing language, so a document in `lang`
   * reads each line's description and attributes and each bill sub-line's description again from the
   * catalogue in `lang` (a reference the catalogue no longer names keeps its stored text); a creation
   * is named in `lang` from the parts its line kept (issue 34 §5; a quote issued before keeps its name).
   */
  async function quoteIn(quote: Quote, lang: Lang): Promise<Quote> {
    if (lang === quote.lang) return quote;
    const creationNamed = (line: Quote['products'][number]): string | undefined => (line.creationName ? creationNameIn(line.creationName, lang) : undefined);
    const references = [...new Set(quote.products.flatMap((line) => [...(line.referenceCode ? [line.referenceCode] : []), ...(line.billOfMaterials ?? []).map((sub) => sub.reference)]))];
    if (references.length === 0) return { ...quote, products: quote.products.map((line) => ({ ...line, description: creationNamed(line) ?? line.description })) };
    const regular = [...new Set(quote.products.flatMap((line) => (line.referenceCode ? [line.referenceCode] : [])))];
    const [facts, articles] = await Promise.all([
      deps.products.orderFacts(quote.catalogId, references, lang),
      regular.length > 0 ? deps.products.articlesByReference(null, { catalogId: quote.catalogId, references: regular, lang }) : Promise.resolve(new Map<string, undefined>()),
    ]);
    const texts = translationsFor('common-front', lang);
    // each attribute's words in `lang` where the catalogue's article has the same value
    const attributesIn = (line: Quote['products'][number]): Quote['products'][number]['attributes'] => {
      const article = line.referenceCode ? (articles.get(line.referenceCode) ?? articles.get(line.referenceCode.toUpperCase())) : undefined;
      if (!article) return line.attributes;
      const out = { ...line.attributes };
      for (const key of ['finish', 'ledColourTemp', 'control', 'installation', 'pendantHeight'] as const) {
        const stored = out[key];
        const known = article.attributes[key];
        const words = known ? descriptionIn(known.description, lang) : '';
        if (stored && known && words && (key === 'pendantHeight' || known.code === stored.code)) out[key] = { code: stored.code, description: words };
      }
      return out;
    };
    const named = (reference: string) => {
      const known = facts.get(reference.toUpperCase())?.description;
      return known && known !== reference ? known : undefined;
    };
    return {
      ...quote,
      products: quote.products.map((line) => ({
        ...line,
        description: creationNamed(line) ?? (line.referenceCode ? named(line.referenceCode) : undefined) ?? line.description,
        attributes: attributesIn(line),
        ...(line.billOfMaterials ? { billOfMaterials: line.billOfMaterials.map((sub) => ({ ...sub, description: named(sub.reference) ?? texts[`line.bill.${sub.kind}`] ?? sub.description })) } : {}),
      })),
    };
  }

  /** The EU energy class of each model's light source, where the catalogue knows it. */
  async function energyClassesOf(principal: Principal, project: Project, lang: Lang): Promise<Map<string, string | null>> {
    const models = [...new Set(project.products.map((product) => product.model))];
    const entries = await Promise.all(
      models.map(async (model) => {
        const info = await deps.products.technicalInfoByModel(principal, { catalog: project.catalogId, model, lang }).catch(() => undefined);
        const energyClass = info?.technicalData.energyClass;
        return [model, energyClass && energyClass.trim() ? energyClass : null] as const;
      }),
    );
    return new Map(entries);
  }

  /** A quote the caller may read: its project is one the caller sees (404 otherwise, the same as a missing quote). */
  async function readableQuote(principal: Principal, id: number): Promise<QuoteRow> {
    const row = await findQuote(db, id);
    if (!row) throw new AppError('NOT_FOUND', 'No such quote');
    try {
      await deps.projects.name(principal, row.projectId);
    } catch (error) {
      if (error instanceof AppError && error.code === 'NOT_FOUND') throw new AppError('NOT_FOUND', 'No such quote');
      throw error;
    }
    return row;
  }

  function mailFacts(row: QuoteRow): QuoteMailFacts {
    return {
      number: row.number,
      lang: row.lang as Lang,
      projectName: row.projectName,
      companyName: row.companyName ?? row.createdByName,
      senderName: row.createdByName,
      senderEmail: row.createdByEmail,
      totalNet: money(row.netTotal),
      beforeTax: taxSummaryOf({ subTotal: row.subTotal, discountValue: row.discountValue, surchargeValue: row.surchargeValue, ivaValue: row.ivaValue }, row.iva).net,
      currency: row.currency,
      validUntil: row.validUntil,
    };
  }

  /** The signed link of a quote's public page, valid until the end of its validation date. */
  function publicToken(row: QuoteRow): string {
    // The link's generation (issue 29 §9) is in the signed payload once a link was revoked; links made before any revocation keep their form.
    const generation = row.publicLinkGeneration > 0 ? `:${row.publicLinkGeneration}` : '';
    return signToken(config.jwtSecret, TOKEN_PURPOSE, `q:${row.id}:${row.validUntil}${generation}`);
  }

  /** The quote of a public link: 404 for anything this server did not sign, 410 past the validation date. */
  async function quoteOfToken(token: string): Promise<QuoteRow> {
    const payload = verifyToken(config.jwtSecret, TOKEN_PURPOSE, token);
    const match = payload ? /^q:(\d{1,10}):(\d{4}-\d{2}-\d{2})(?::(\d{1,9}))?$/.exec(payload) : null;
    if (!match) throw new AppError('NOT_FOUND', 'No such quote');
    const row = await findQuote(db, Number(match[1]));
    // A revoked link (an older generation) is unknown: 404, like a link this server never signed.
    if (!row || row.validUntil !== match[2] || row.publicLinkGeneration !== Number(match[3] ?? 0)) throw new AppError('NOT_FOUND', 'No such quote');
    return row;
  }

  function requireOpen(row: QuoteRow): void {
    const status = statusOf(row);
    if (status === 'accepted' || status === 'declined') throw new AppError('QUOTE_ANSWERED', `The quote was already ${status}`);
    if (status === 'expired') throw new AppError('QUOTE_EXPIRED', `The quote was valid until ${row.validUntil}`);
  }

  /**
   * Issues a quote in one transaction: the number (a new one from the catalogue and year's counter,
   * a reserved United States number, or the next revision of an earlier quote), the quote with its
   * figures and the frozen lines. Everything is computed before the transaction opens.
   */
  async function issue(principal: Principal, body: BudgetInput, final?: FinalQuoteInput): Promise<Quote> {
    requirePrices(principal);
    const lang = langOf(principal, body.lang);
    const project = await pricedProject(principal, body.projectId, lang);
    if (final && project.catalogId !== USA) {
      throw new AppError('VALIDATION_FAILED', 'A final quote is for a United States project', [{ path: 'body.projectId', message: 'formError.catalogMismatch' }]);
    }
    const [energyClasses, account] = await Promise.all([energyClassesOf(principal, project, lang), deps.users.account(principal)]);
    const footer = { discount: body.discount, surcharge: body.surcharge, iva: body.iva };
    const priced = priceBudget(project, body.products, footer, energyClasses, project.listPrices, await billNamesOf(project, lang));
    if (priced.lines.length === 0) {
      throw new AppError('VALIDATION_FAILED', 'The project has no line that may enter a budget', [{ path: 'body.products', message: 'formError.budgetEmpty' }]);
    }
    // The site as the masters know it: the state must be one of the country's own, and both carry the
    // masters' names (what the client sent is only a label of its choice).
    const site = final ? deps.geo.countryAndState(final.country.geonameId, final.state.geonameId, lang) : null;
    if (final && !site) {
      throw new AppError('VALIDATION_FAILED', 'The state is not a division of the country', [{ path: 'body.state.geonameId', message: 'formError.invalid' }]);
    }
    const usa: QuoteUsa | null = final && site
      ? {
          budgetAlias: final.budgetAlias,
          specifier: final.specifier,
          purchaser: { name: final.purchaser.name, email: final.purchaser.email, phone: final.purchaser.phone ?? null, companyName: final.purchaser.companyName ?? null },
          country: site.country,
          state: site.division,
          city: final.city,
        }
      : null;
    const now = clock();
    const catalogId: CatalogId = project.catalogId;
    const row = await db.transaction(async (tx: Tx) => {
      let baseNumber: string;
      let revision = 1;
      if (body.revisionOf !== undefined) {
        const earlier = await findQuote(tx, body.revisionOf);
        if (!earlier || earlier.projectId !== project.id || earlier.isFinalQuote !== Boolean(final)) {
          throw new AppError('VALIDATION_FAILED', 'Only a quote of this project can be revised', [{ path: 'body.revisionOf', message: 'formError.quoteRevision' }]);
        }
        baseNumber = earlier.baseNumber;
        // Revisions of one number queue on its first revision's row.
        await lockFirstRevision(tx, baseNumber);
        revision = (await maxRevision(tx, baseNumber)) + 1;
      } else if (final?.quoteNumber) {
        // A number from generate-quote-number: the caller's, not used yet (locked until this transaction ends).
        if (!(await claimReservation(tx, final.quoteNumber, principal.userId))) {
          throw new AppError('VALIDATION_FAILED', 'This quote number was not generated for you, or it is used', [{ path: 'body.quoteNumber', message: 'formError.quoteNumber' }]);
        }
        baseNumber = final.quoteNumber;
      } else {
        baseNumber = formatQuoteNumber(catalogId, now.getUTCFullYear(), await advanceQuoteCounter(tx, catalogId, now.getUTCFullYear()));
      }
      const inserted = await insertQuote(tx, {
        projectId: project.id,
        projectRevision: project.revision,
        projectName: project.name,
        catalogId,
        baseNumber,
        revision,
        number: numberWithRevision(baseNumber, revision),
        status: 'issued',
        isFinalQuote: Boolean(final),
        currency: project.currency,
        lang,
        clientName: body.clientName ?? null,
        createdByUserId: principal.userId,
        createdByName: principal.name,
        createdByEmail: principal.email,
        companyId: principal.companyId,
        companyName: account.company?.name ?? null,
        createdAt: now,
        validUntil: validUntilFrom(now),
        discount: String(body.discount),
        surcharge: String(body.surcharge),
        iva: String(body.iva),
        subTotal: String(priced.totals.subTotalNet),
        discountValue: String(priced.totals.discountValue),
        surchargeValue: String(priced.totals.surchargeValue),
        ivaValue: String(priced.totals.ivaValue),
        netTotal: String(priced.totals.totalNet),
        comments: body.comment ? body.comment : null,
        linesCount: priced.lines.length,
        usa: usa as Record<string, unknown> | null,
      });
      if (final?.quoteNumber && body.revisionOf === undefined) await useReservation(tx, final.quoteNumber, principal.userId, inserted.id);
      // The Idempotency-Key commits with the quote (issue 29 §6): a retry after a crash answers this quote.
      await recordIdempotentResource(tx, { kind: 'quote', id: inserted.id });
      await recordAudit(tx, {
        ...auditWho(principal),
        entity: 'quote',
        entityId: inserted.id,
        action: 'create',
        before: null,
        after: { number: inserted.number, netTotal: inserted.netTotal, currency: inserted.currency, lines: inserted.linesCount, finalQuote: inserted.isFinalQuote },
        projectId: inserted.projectId,
        companyId: inserted.companyId,
      });
      await insertQuoteLines(
        tx,
        priced.lines.map((line, position) => ({
          quoteId: inserted.id,
          position,
          projectLineId: line._id,
          referenceCode: line.referenceCode,
          quantity: line.quantity,
          netPrice: String(line.netPrice),
          data: line as unknown as Record<string, unknown>,
        })),
      );
      return inserted;
    });
    return quoteOf(row, priced.lines);
  }

  return {
    /** GET apiv2 project-to-budget: the project as a budget payload, priced for the caller, footer at 0 %. */
    async projectToBudget(principal: Principal, projectId: number, asked?: Lang): Promise<BudgetPayload> {
      requirePrices(principal);
      const lang = langOf(principal, asked);
      const project = await pricedProject(principal, projectId, lang);
      const [energyClasses, withArticleCode] = await Promise.all([
        energyClassesOf(principal, project, lang),
        deps.flags.forCaller(principal).isEnabled('projectRequestBudgetV2'),
      ]);
      const priced = priceBudget(project, [], {}, energyClasses, project.listPrices, await billNamesOf(project, lang));
      const now = clock();
      return {
        projectId: project.id,
        projectName: project.name,
        projectRevision: project.revision,
        catalogId: project.catalogId,
        budgetNumber: null,
        clientName: null,
        createdBy: principal.name,
        creationDate: now.toISOString(),
        validationDate: validUntilFrom(now),
        validityDays: config.quoteValidityDays,
        currency: project.currency,
        discount: 0,
        surcharge: 0,
        iva: 0,
        ...priced.totals,
        comments: null,
        products: withArticleCode ? priced.lines : priced.lines.map(({ articleCode: _omitted, ...line }) => line),
        excluded: priced.excluded,
      };
    },

    /** GET v1/budget/project/{id}: the project's quotes, newest first (the caller must see the project). */
    async projectBudgets(principal: Principal, projectId: number): Promise<BudgetList> {
      requirePrices(principal);
      try {
        await deps.projects.name(principal, projectId);
      } catch (error) {
        if (error instanceof AppError && error.code === 'NOT_FOUND') throw forbiddenProject();
        throw error;
      }
      const rows = await listProjectQuotes(db, projectId);
      // The order each quote became (issue 34 §2: quote and order link to each other).
      const orders = await orderIdsOfQuotes(db, rows.map((row) => row.id));
      return { projectId, items: rows.map((row) => summaryOf(row, orders.get(row.id) ?? null)), checkedCount: 0 };
    },

    /**
     * GET v1/budget/open (issue 35 §4): the quotes the caller made that are still open, newest first,
     * each on a project the caller still sees (a quote of a project moved away is left out).
     */
    async openQuotes(principal: Principal, limit: number): Promise<OpenQuoteList> {
      requirePrices(principal);
      const rows = await listOpenQuotesBy(db, principal.userId, dayOf(clock()), limit);
      const readable: QuoteRow[] = [];
      for (const row of rows) {
        try {
          await deps.projects.name(principal, row.projectId);
          readable.push(row);
        } catch (error) {
          if (!(error instanceof AppError && (error.code === 'NOT_FOUND' || error.code === 'FORBIDDEN'))) throw error;
        }
      }
      return { items: readable.map((row) => ({ ...summaryOf(row), projectId: row.projectId, projectName: row.projectName })) };
    },

    /** POST v1/budget (and apiv2 budget): issue a quote, or a revision with `revisionOf`. */
    issue: (principal: Principal, body: BudgetInput) => issue(principal, body),

    /** POST v1/budget/final-quote: a United States final quote (catalogue 21, USD). */
    finalQuote: (principal: Principal, body: FinalQuoteInput) => issue(principal, body, body),

    /** GET v1/budget/final-quote/generate-quote-number: a new United States number, reserved for the caller until a final quote uses it. */
    async generateQuoteNumber(principal: Principal): Promise<{ quoteNumber: string }> {
      requirePrices(principal);
      const now = clock();
      const quoteNumber = await db.transaction(async (tx) => {
        const number = formatQuoteNumber(USA, now.getUTCFullYear(), await advanceQuoteCounter(tx, USA, now.getUTCFullYear()));
        await insertReservation(tx, { number, catalogId: USA, userId: principal.userId, createdAt: now });
        return number;
      });
      return { quoteNumber };
    },

    async quote(principal: Principal, id: number): Promise<Quote> {
      requirePrices(principal);
      const row = await readableQuote(principal, id);
      return quoteOf(row, await linesOf(row));
    },

    /** The quote's PDF, in its language or `lang`. */
    async pdf(principal: Principal, id: number, lang?: Lang): Promise<{ fileName: string; content: Buffer }> {
      requirePrices(principal);
      const row = await readableQuote(principal, id);
      const quote = quoteOf(row, await linesOf(row));
      return { fileName: quoteFileName(quote, 'pdf'), content: await quotePdf(await quoteIn(quote, lang ?? quote.lang), lang ?? quote.lang, await thumbnailsOf(quote)) };
    },

    async xlsx(principal: Principal, id: number, lang?: Lang): Promise<{ fileName: string; content: Buffer }> {
      requirePrices(principal);
      const row = await readableQuote(principal, id);
      const quote = quoteOf(row, await linesOf(row));
      return { fileName: quoteFileName(quote, 'xlsx'), content: await quoteXlsx(await quoteIn(quote, lang ?? quote.lang), lang ?? quote.lang) };
    },

    /** Sends the quote to a client by e-mail with the signed link of its public page; the quote becomes `sent`. */
    async send(principal: Principal, id: number, body: SendInput): Promise<Quote> {
      requirePrices(principal);
      await readableQuote(principal, id);
      await limiter.hit([{ key: `quote-mail:user:${principal.userId}`, policy: QUOTE_MAILS_PER_USER }]);
      const now = clock();
      const row = await db.transaction(async (tx) => {
        const locked = await lockQuote(tx, id);
        if (!locked) throw new AppError('NOT_FOUND', 'No such quote');
        requireOpen(locked);
        await recordAudit(tx, { ...auditWho(principal), entity: 'quote', entityId: id, action: 'send', before: { status: locked.status }, after: { status: 'sent', to: body.email }, projectId: locked.projectId, companyId: locked.companyId });
        return updateQuote(tx, id, {
          status: 'sent',
          sentToEmail: body.email,
          sentToName: body.name ?? null,
          sentAt: now,
          ...(body.lang ? { lang: body.lang } : {}),
        });
      });
      const link = `${config.linkOrigin}/quote/${publicToken(row)}`;
      background.run('quote-sent-mail', () => mailer.send(quoteSentMail(mailFacts(row), { to: body.email, ...(body.name ? { name: body.name } : {}), ...(body.message ? { note: body.message } : {}), link })));
      return quoteOf(row, await linesOf(row));
    },

    /**
     * Revokes the quote's public link before its date (issue 29 §9): every link sent so far answers
     * 404 from now on; sending the quote again mails a new link. The caller must read the quote.
     */
    async revokePublicLink(principal: Principal, id: number): Promise<Quote> {
      requirePrices(principal);
      await readableQuote(principal, id);
      const row = await db.transaction(async (tx) => {
        const locked = await lockQuote(tx, id);
        if (!locked) throw new AppError('NOT_FOUND', 'No such quote');
        const generation = locked.publicLinkGeneration + 1;
        await recordAudit(tx, { ...auditWho(principal), entity: 'quote', entityId: id, action: 'revoke-link', before: { linkGeneration: locked.publicLinkGeneration }, after: { linkGeneration: generation }, projectId: locked.projectId, companyId: locked.companyId });
        return updateQuote(tx, id, { publicLinkGeneration: generation });
      });
      return quoteOf(row, await linesOf(row));
    },

    /** The public link of a quote (tests and the web's "copy link"): the caller must read the quote. */
    async publicLink(principal: Principal, id: number): Promise<string> {
      const row = await readableQuote(principal, id);
      return `${config.linkOrigin}/quote/${publicToken(row)}`;
    },

    /** GET public-quotes/{token}: the quote and nothing else. */
    async publicQuote(token: string): Promise<PublicQuote> {
      const row = await quoteOfToken(token);
      if (statusOf(row) === 'expired') throw new AppError('QUOTE_EXPIRED', `The quote was valid until ${row.validUntil}`);
      return publicOf(row, token, await linesOf(row));
    },

    async publicPdf(token: string): Promise<{ fileName: string; content: Buffer }> {
      const row = await quoteOfToken(token);
      if (statusOf(row) === 'expired') throw new AppError('QUOTE_EXPIRED', `The quote was valid until ${row.validUntil}`);
      const quote = quoteOf(row, await linesOf(row));
      return { fileName: quoteFileName(quote, 'pdf'), content: await quotePdf(quote, quote.lang, await thumbnailsOf(quote)) };
    },

    /** The client accepts (once): name, time and address recorded; the professional is told. */
    async answer(token: string, ip: string, answer: { accepted: boolean; name: string; reason?: string }): Promise<PublicQuote> {
      const found = await quoteOfToken(token);
      await limiter.hit([{ key: `quote-public:ip:${ip}`, policy: PUBLIC_QUOTE_POSTS_PER_IP }]);
      const now = clock();
      const row = await db.transaction(async (tx) => {
        const locked = await lockQuote(tx, found.id);
        if (!locked) throw new AppError('NOT_FOUND', 'No such quote');
        requireOpen(locked);
        // The client answers through the public link: no account, so the trail names them as they signed.
        await recordAudit(tx, {
          actor: { id: null, name: answer.name, email: locked.sentToEmail },
          onBehalfOf: null,
          entity: 'quote',
          entityId: locked.id,
          action: answer.accepted ? 'accept' : 'decline',
          before: { status: locked.status },
          after: { status: answer.accepted ? 'accepted' : 'declined' },
          projectId: locked.projectId,
          companyId: locked.companyId,
        });
        return updateQuote(tx, found.id, {
          status: answer.accepted ? 'accepted' : 'declined',
          answeredName: answer.name,
          answeredAt: now,
          answeredIp: ip,
          declineReason: answer.accepted ? null : (answer.reason ?? null),
        });
      });
      background.run('quote-answered-mail', () => mailer.send(quoteAnsweredMail(mailFacts(row), { accepted: answer.accepted, name: answer.name, at: now, reason: row.declineReason })));
      return publicOf(row, token, await linesOf(row));
    },

    /** The client asks a question: kept with the quote and mailed to the professional (Reply-To the client). */
    async question(token: string, ip: string, body: { name: string; email: string; message: string }): Promise<{ sent: true }> {
      const row = await quoteOfToken(token);
      if (statusOf(row) === 'expired') throw new AppError('QUOTE_EXPIRED', `The quote was valid until ${row.validUntil}`);
      await limiter.hit([
        { key: `quote-public:ip:${ip}`, policy: PUBLIC_QUOTE_POSTS_PER_IP },
        { key: `quote-question:${row.id}`, policy: QUESTIONS_PER_QUOTE },
      ]);
      await db.transaction((tx) => insertQuestion(tx, { quoteId: row.id, name: body.name, email: body.email, message: body.message, ip, createdAt: clock() }));
      background.run('quote-question-mail', () => mailer.send(quoteQuestionMail(mailFacts(row), body)));
      return { sent: true };
    },

    /**
     * An accepted quote, for the orders module (issue "Orders, availability and invoices"): the frozen
     * lines and totals the client accepted. The caller must see the quote's project; a quote that is
     * not accepted is a 409.
     */
    async acceptedQuote(principal: Principal, id: number): Promise<Quote> {
      const row = await readableQuote(principal, id);
      if (row.status !== 'accepted') throw new AppError('CONFLICT', 'Only an accepted quote can become an order');
      return quoteOf(row, await linesOf(row));
    },
  };

  function publicOf(row: QuoteRow, token: string, lines: readonly BudgetLine[]): PublicQuote {
    const status = statusOf(row);
    return {
      budgetNumber: row.number,
      status,
      currency: row.currency === 'USD' ? 'USD' : 'EUR',
      lang: row.lang as Lang,
      companyName: row.companyName,
      sellerName: row.createdByName,
      clientName: row.clientName,
      projectName: row.projectName,
      creationDate: row.createdAt.toISOString(),
      validationDate: row.validUntil,
      discount: money(row.discount),
      surcharge: money(row.surcharge),
      iva: money(row.iva),
      subTotalNet: money(row.subTotal),
      discountValue: money(row.discountValue),
      surchargeValue: money(row.surchargeValue),
      ivaValue: money(row.ivaValue),
      totalNet: money(row.netTotal),
      comments: row.comments,
      products: lines.map((line) => ({
        type: line.type,
        referenceCode: line.referenceCode,
        articleCode: line.articleCode ?? null,
        model: line.model,
        description: line.description,
        hasAttributes: line.hasAttributes,
        attributes: line.attributes,
        quantity: line.quantity,
        lumensLed: line.lumensLed,
        watts: line.watts,
        energyClass: line.energyClass,
        discount: line.discount,
        unitPvp: line.unitPvp,
        pvp: line.pvp,
        discountValue: line.discountValue,
        netPrice: line.netPrice,
        ...(line.billOfMaterials ? { billOfMaterials: line.billOfMaterials } : {}),
        image: line.image ?? null,
      })),
      acceptance: row.status === 'accepted' && row.answeredAt ? { name: row.answeredName ?? '', at: row.answeredAt.toISOString() } : null,
      decline: row.status === 'declined' && row.answeredAt ? { name: row.answeredName ?? '', at: row.answeredAt.toISOString() } : null,
      open: status === 'issued' || status === 'sent',
      pdf: `${PUBLIC_PATH}/${token}/pdf`,
    };
  }
}

export type BudgetsService = ReturnType<typeof createBudgetsService>;

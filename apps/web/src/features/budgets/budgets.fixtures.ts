import type { BudgetLine, BudgetList, BudgetPayload, PublicQuote, Quote, QuoteSummary } from '@lumen/contracts';
import { json, type FakeCall } from '../../../test/fake-api';

/*
 * Budgets and quotes as the api answers them (packages/contracts budgets.ts), for the web's tests.
 */

export const LINE_A = '11111111-1111-4111-8111-111111111111';
export const LINE_B = '22222222-2222-4222-8222-222222222222';

export function makeBudgetLine(overrides: Partial<BudgetLine> = {}): BudgetLine {
  return {
    _id: LINE_A,
    type: 1,
    referenceCode: '027001/03_10',
    articleCode: null,
    familyId: 3,
    subFamily: { id: 219, description: 'Sticks' },
    applicationLocation: { id: 1 },
    model: '0270',
    description: 'Wall light, north wall',
    hasAttributes: true,
    attributes: { finish: { code: '03', description: 'Black' } },
    quantity: 2,
    lumensLed: 1200,
    watts: 12,
    energyClass: 'E',
    configuratorType: { id: 6 },
    isPersonalized: 1,
    hasOrderReq: false,
    discount: 0,
    unitPvp: 100,
    pvp: 200,
    discountValue: 0,
    netPrice: 200,
    compositions: [],
    ...overrides,
  } as BudgetLine;
}

export function makePayload(overrides: Partial<BudgetPayload> = {}): BudgetPayload {
  const products = overrides.products ?? [makeBudgetLine(), makeBudgetLine({ _id: LINE_B, referenceCode: '745010/M2_10', model: '7450', description: 'Downlight', quantity: 3, unitPvp: 19.99, pvp: 59.97, netPrice: 59.97, lumensLed: 800, watts: 8 })];
  return {
    projectId: 5,
    projectName: 'Lobby',
    projectRevision: 1,
    catalogId: 16,
    budgetNumber: null,
    clientName: null,
    createdBy: 'Diego Norte',
    creationDate: '2026-05-04T09:30:00.000Z',
    validationDate: '2026-06-03',
    validityDays: 30,
    currency: 'EUR',
    discount: 0,
    surcharge: 0,
    iva: 0,
    comments: null,
    discountValue: 0,
    surchargeValue: 0,
    ivaValue: 0,
    subTotalNet: 259.97,
    totalNet: 259.97,
    products,
    excluded: [{ _id: '33333333-3333-4333-8333-333333333333', model: '5520', referenceCode: '552010/02_10', reason: 'notPersonalized' }],
    ...overrides,
  };
}

export function makeQuote(id: number, overrides: Partial<Quote> = {}): Quote {
  const payload = makePayload();
  return {
    id,
    projectId: 5,
    projectName: 'Lobby',
    budgetNumber: 'Q-2026-000123',
    baseNumber: 'Q-2026-000123',
    revision: 1,
    status: 'issued',
    isFinalQuote: false,
    catalogId: 16,
    currency: 'EUR',
    lang: 'en',
    clientName: null,
    createdBy: { id: 7, name: 'Diego Norte', email: 'distributor@demo.example' },
    companyName: 'Norte Iluminación',
    creationDate: '2026-05-04T09:30:00.000Z',
    validationDate: '2026-06-03',
    discount: 0,
    surcharge: 0,
    iva: 0,
    comments: null,
    products: payload.products,
    sentTo: null,
    acceptance: null,
    decline: null,
    questions: 0,
    usa: null,
    downloads: { pdf: `/api/projects/v1/budget/quotes/${id}/pdf`, xlsx: `/api/projects/v1/budget/quotes/${id}/xlsx`, fileName: 'Q-2026-000123' },
    discountValue: 0,
    surchargeValue: 0,
    ivaValue: 0,
    subTotalNet: 259.97,
    totalNet: 259.97,
    ...overrides,
  };
}

export function makeQuoteSummary(id: number, overrides: Partial<QuoteSummary> = {}): QuoteSummary {
  return {
    id,
    budgetNumber: 'Q-2026-000123',
    baseNumber: 'Q-2026-000123',
    revision: 1,
    status: 'issued',
    isFinalQuote: false,
    currency: 'EUR',
    clientName: null,
    createdBy: 'Diego Norte',
    creationDate: '2026-05-04T09:30:00.000Z',
    validationDate: '2026-06-03',
    linesCount: 2,
    totalNet: 259.97,
    sentTo: null,
    acceptedAt: null,
    checked: false,
    downloads: { pdf: `/api/projects/v1/budget/quotes/${id}/pdf`, xlsx: `/api/projects/v1/budget/quotes/${id}/xlsx`, fileName: 'Q-2026-000123' },
    ...overrides,
  };
}

export function makePublicQuote(overrides: Partial<PublicQuote> = {}): PublicQuote {
  const { _id: _a, compositions: _b, familyId: _c, subFamily: _d, applicationLocation: _e, configuratorType: _f, isPersonalized: _g, hasOrderReq: _h, ...line } = makeBudgetLine();
  return {
    budgetNumber: 'Q-2026-000123',
    status: 'sent',
    currency: 'EUR',
    lang: 'en',
    companyName: 'Norte Iluminación',
    sellerName: 'Diego Norte',
    clientName: 'Clara Client',
    projectName: 'Lobby',
    creationDate: '2026-05-04T09:30:00.000Z',
    validationDate: '2026-06-03',
    discount: 10,
    surcharge: 0,
    iva: 21,
    comments: 'Delivery in June.',
    products: [line],
    acceptance: null,
    decline: null,
    open: true,
    pdf: '/api/projects/v1/public-quotes/abcd.signature-signature-signature/pdf',
    discountValue: 20,
    surchargeValue: 0,
    ivaValue: 37.8,
    subTotalNet: 200,
    totalNet: 217.8,
    ...overrides,
  };
}

export const PAYLOAD_PATH = '/api/apiv2/project-to-budget';
export const LIST_PATH = '/api/projects/v1/budget/project/5';
export const ISSUE_V1 = '/api/projects/v1/budget';
export const ISSUE_V2 = '/api/apiv2/budget';

/** The budget calls of project 5 answered from memory (a `before` of projectsApi). */
export function budgetCalls({ payload = makePayload(), list = { projectId: 5, items: [], checkedCount: 0 } as BudgetList } = {}) {
  return (call: FakeCall): Response | undefined => {
    if (call.method === 'GET' && call.path === PAYLOAD_PATH) return json(200, payload);
    if (call.method === 'GET' && call.path === LIST_PATH) return json(200, list);
    return undefined;
  };
}

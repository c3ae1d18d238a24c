import { IDEMPOTENCY_KEY_HEADER } from '@lumen/contracts/constants';
import { TRANSLATIONS } from '@lumen/i18n';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { failure, json, makeAccount, type FakeApi, type FakeCall } from '../../../test/fake-api';
import { fill, findReadyCombobox } from '../../../test/fill';
import { renderApp } from '../../../test/render-app';
import { AppRoot } from '../app-root';
import { createAppEnvironment, startApp } from '../environment';
import { budgetCalls, ISSUE_V1, ISSUE_V2, LINE_A, LINE_B, LIST_PATH, makeBudgetLine, makePayload, makePublicQuote, makeQuote, makeQuoteSummary } from '../../features/budgets/budgets.fixtures';
import { makeProject, projectsApi } from '../../features/projects/projects.fixtures';
import { catchDownloads, withGeography } from '../../shared/requests/requests.fixtures';

const texts = { ...TRANSLATIONS['fr-widgets'].en, ...TRANSLATIONS['common-front'].en, ...TRANSLATIONS['fr-eproject'].en };
const tx = (key: string, values: Record<string, string | number> = {}) =>
  Object.entries(values).reduce((text, [name, value]) => text.split(`{{${name}}}`).join(String(value)), texts[key] ?? key);
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** A field's accessible name starts with its label (a required one adds its marker). */
const label = (key: string, values: Record<string, string | number> = {}) => new RegExp(`^${escape(tx(key, values))}`);

type Before = (call: FakeCall) => Response | undefined | Promise<Response | undefined>;

function budgetsApi({ account = makeAccount({ role: 'distributor' }), before, calls = budgetCalls() }: { account?: ReturnType<typeof makeAccount> | null; before?: Before; calls?: Before } = {}) {
  return projectsApi({
    account,
    projects: [makeProject(5, { name: 'Lobby' }), makeProject(9, { name: 'Manhattan loft', catalogId: 21 })],
    before: async (call) => (await before?.(call)) ?? (await calls(call)),
  });
}

/** The Idempotency-Key each POST to `path` carried, in order. */
function keysSentTo(api: FakeApi, path: string): (string | undefined)[] {
  return api.fetch.mock.calls
    .filter(([input, init]) => new URL(String(input), 'http://localhost').pathname === path && init?.method === 'POST')
    .map(([, init]) => (init?.headers as Record<string, string> | undefined)?.[IDEMPOTENCY_KEY_HEADER]);
}

const bodies = (api: FakeApi, path: string) => api.callsTo('POST', path).map((call) => call.body);

async function open(path: string, api: FakeApi) {
  const app = await renderApp(path, api);
  const main = await screen.findByRole('main');
  return { ...app, main };
}

/** The app at `entries` (the last one shown), so that "back" has somewhere to go. */
async function openWithHistory(entries: string[], api: FakeApi) {
  const environment = await createAppEnvironment({ fetch: api.fetch, initialEntries: entries });
  const started = startApp(environment);
  await started.texts;
  render(<AppRoot environment={environment} />);
  await act(async () => {
    await started.session;
  });
  return { ...environment, main: await screen.findByRole('main') };
}

const totals = (main: HTMLElement) => within(main).getByRole('region', { name: tx('budgets.totals.title') });
const quantity = (main: HTMLElement, name: string, index: number) => within(main).getByRole('textbox', { name: label('budgets.lines.quantityOf', { name, index }) });
const discount = (main: HTMLElement, name: string, index: number) => within(main).getByRole('textbox', { name: label('budgets.lines.discountOf', { name, index }) });

async function retype(field: HTMLElement, value: string) {
  await userEvent.clear(field);
  if (value) await userEvent.type(field, value);
}

/** As `retype`, pasting the value: for the checks of a value, where typing it key by key adds nothing. */
async function replace(field: HTMLElement, value: string) {
  await userEvent.clear(field);
  if (value) await fill(field, value);
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('/project/{id}/generate-budget', () => {
  it('shows the lines that may enter the budget with what each is, and the lines left out and why', async () => {
    const { main } = await open('/project/5/generate-budget', budgetsApi());
    await within(main).findByRole('heading', { level: 1, name: tx('budgets.title') });
    const table = within(main).getByRole('table', { name: tx('budgets.lines.caption_other', { count: 2 }) });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(3);
    const first = rows[1] as HTMLElement;
    expect(within(first).getByRole('rowheader')).toHaveTextContent('027001/03_10');
    expect(within(first).getByRole('rowheader')).toHaveTextContent('Wall light, north wall');
    expect(within(first).getByRole('rowheader')).toHaveTextContent('Black');
    expect(first).toHaveTextContent('1.200 lm'.replace('.', ','));
    expect(first).toHaveTextContent('12 W');
    expect(first).toHaveTextContent('100,00 €');
    expect(first).toHaveTextContent('200,00 €');
    expect(within(main).getByText(tx('budgets.excluded.summary_one', { count: 1 }))).toBeInTheDocument();
    expect(within(main).getByText(tx('budgets.excluded.notPersonalized'), { exact: false })).toBeInTheDocument();
  });

  it('recomputes the line nets and the totals with packages/domain as the user types (money per spec §9)', async () => {
    const { main } = await open('/project/5/generate-budget', budgetsApi());
    await within(main).findByRole('heading', { level: 1, name: tx('budgets.title') });
    expect(totals(main)).toHaveTextContent(`${tx('budgets.totals.netTotal')}259,97 €`);

    await retype(quantity(main, 'Downlight', 2), '7');
    await retype(discount(main, 'Wall light, north wall', 1), '12.5');
    // 2 × 100 × 0.875 = 175; 7 × 19.99 = 139.93; subtotal 314.93
    const rows = within(main).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('175,00 €');
    expect(rows[2]).toHaveTextContent('139,93 €');
    await retype(within(main).getByRole('textbox', { name: label('budgets.footer.discount') }), '10');
    await retype(within(main).getByRole('textbox', { name: label('budgets.footer.surcharge') }), '5');
    await retype(within(main).getByRole('textbox', { name: label('budgets.footer.iva') }), '21,5');
    // discount 31.49 → 283.44; surcharge 14.17 → 297.61; VAT 21.5 % = 63.99 (63.986… half away from zero); net 361.60
    const block = totals(main);
    expect(block).toHaveTextContent(`${tx('budgets.totals.subTotal')}314,93 €`);
    expect(block).toHaveTextContent('-31,49 €');
    expect(block).toHaveTextContent('14,17 €');
    expect(block).toHaveTextContent('63,99 €');
    expect(block).toHaveTextContent(`${tx('budgets.totals.netTotal')}361,60 €`);
    // What people read (issue 34 §1): the net before tax, the rate on its base, the total with tax.
    expect(block).toHaveTextContent(`${tx('budgets.totals.net')}297,61 €`);
    expect(block).toHaveTextContent(`${tx('budgets.totals.iva', { percent: '21.5%', base: '297,61 €' })}63,99 €`);
    expect(block).toHaveTextContent('Total incl. VAT361,60 €');

    // A quantity of 0 leaves the line out.
    await retype(quantity(main, 'Wall light, north wall', 1), '0');
    expect(within(main).getByText(tx('budgets.lines.dropped'))).toBeInTheDocument();
  });

  it('checks quantities, percentages and the comment as the server does, and sends nothing while one is wrong', async () => {
    const api = budgetsApi();
    const { main } = await open('/project/5/generate-budget', api);
    await within(main).findByRole('heading', { level: 1, name: tx('budgets.title') });
    await replace(quantity(main, 'Wall light, north wall', 1), '1.5');
    expect(within(main).getByText(tx('formError.wholeUnits'))).toBeInTheDocument();
    await replace(quantity(main, 'Wall light, north wall', 1), '-2');
    expect(within(main).getByText(tx('formError.quantityNegative'))).toBeInTheDocument();
    await replace(quantity(main, 'Wall light, north wall', 1), '2');
    await replace(discount(main, 'Downlight', 2), '100.5');
    expect(within(main).getByText(tx('formError.percentRange'))).toBeInTheDocument();
    await replace(discount(main, 'Downlight', 2), '');
    await replace(within(main).getByRole('textbox', { name: label('budgets.footer.iva') }), '21.5555');
    expect(within(main).getByText(tx('formError.taxDecimals'))).toBeInTheDocument();
    await replace(within(main).getByRole('textbox', { name: label('budgets.footer.surcharge') }), 'abc');
    expect(within(main).getByText(tx('budgets.error.number'))).toBeInTheDocument();
    expect(within(main).getByText(tx('budgets.totals.fixFields'))).toBeInTheDocument();
    await fill(within(main).getByRole('textbox', { name: label('budgets.footer.comment') }), 'Price {valid} <b>');
    expect(within(main).getByText(tx('formError.pattern'))).toBeInTheDocument();
    expect(within(main).getByRole('textbox', { name: label('budgets.footer.comment') })).toHaveAttribute('maxlength', '4000');

    await userEvent.click(within(main).getByRole('button', { name: tx('budgets.action.save') }));
    expect(bodies(api, ISSUE_V1)).toHaveLength(0);
    await waitFor(() => expect(within(main).getByRole('textbox', { name: label('budgets.footer.surcharge') })).toHaveFocus());
  });

  it('save only issues the quote (no totals sent) and goes back one screen', async () => {
    const api = budgetsApi({ before: (call) => (call.method === 'POST' && call.path === ISSUE_V1 ? json(201, makeQuote(31)) : undefined) });
    const { main, history } = await openWithHistory(['/projects', '/project/5/generate-budget'], api);
    await within(main).findByRole('heading', { level: 1, name: tx('budgets.title') });
    await retype(discount(main, 'Wall light, north wall', 1), '10');
    await retype(within(main).getByRole('textbox', { name: label('budgets.footer.iva') }), '21');
    await fill(within(main).getByRole('textbox', { name: label('budgets.footer.clientName') }), 'Clara Client');
    await fill(within(main).getByRole('textbox', { name: label('budgets.footer.comment') }), 'Delivery in June.');
    await userEvent.click(within(main).getByRole('button', { name: tx('budgets.action.save') }));
    await waitFor(() => expect(history.location.pathname).toBe('/projects'));
    expect(bodies(api, ISSUE_V1)).toEqual([
      {
        projectId: 5,
        products: [
          { _id: LINE_A, quantity: 2, discount: 10 },
          { _id: LINE_B, quantity: 3, discount: 0 },
        ],
        discount: 0,
        surcharge: 0,
        iva: 21,
        comment: 'Delivery in June.',
        lang: 'en',
        clientName: 'Clara Client',
      },
    ]);
  });

  it('a distributor marks a line up on their purchase price: the client’s unit price follows, and the markup is sent (issue 34 §1)', async () => {
    const payload = makePayload({ products: [makeBudgetLine({ purchaseUnitNet: 80 }), makeBudgetLine({ _id: LINE_B, referenceCode: '745010/M2_10', model: '7450', description: 'Downlight', quantity: 3, unitPvp: 19.99, pvp: 59.97, netPrice: 59.97, purchaseUnitNet: 12.34 })] });
    const api = budgetsApi({ calls: budgetCalls({ payload }), before: (call) => (call.method === 'POST' && call.path === ISSUE_V1 ? json(201, makeQuote(31)) : undefined) });
    const { main } = await open('/project/5/generate-budget', api);
    await within(main).findByRole('heading', { level: 1, name: tx('budgets.title') });
    await replace(within(main).getByRole('textbox', { name: label('budgets.lines.markupOf', { name: 'Wall light, north wall', index: 1 }) }), '37,5');
    // 80.00 × 1.375 = 110.00 a unit; 2 units 220.00; the downlight keeps its list price: 3 × 19.99 = 59.97.
    const row = within(main).getAllByRole('row')[1] as HTMLElement;
    expect(row).toHaveTextContent('110,00 €');
    expect(totals(main)).toHaveTextContent('279,97 €');
    await userEvent.click(within(main).getByRole('button', { name: tx('budgets.action.save') }));
    await waitFor(() => expect(bodies(api, ISSUE_V1)).toHaveLength(1));
    expect((bodies(api, ISSUE_V1)[0] as { products: unknown[] }).products).toEqual([
      { _id: LINE_A, quantity: 2, discount: 0, markup: 37.5 },
      { _id: LINE_B, quantity: 3, discount: 0 },
    ]);
  });

  it('revising a quote made with a markup shows that markup and the client’s price it made, and issues the revision with it (issue 34 §1)', async () => {
    const payload = makePayload({ products: [makeBudgetLine({ purchaseUnitNet: 80 }), makeBudgetLine({ _id: LINE_B, referenceCode: '745010/M2_10', model: '7450', description: 'Downlight', quantity: 3, unitPvp: 19.99, pvp: 59.97, netPrice: 59.97, purchaseUnitNet: 12.34 })] });
    const list = { projectId: 5, items: [makeQuoteSummary(31)], checkedCount: 0 };
    const kept = makeQuote(31, { products: [makeBudgetLine({ quantity: 2, unitPvp: 110, pvp: 220, netPrice: 220, purchaseUnitNet: 80, markup: 37.5 }), payload.products[1]!] });
    const api = budgetsApi({
      calls: budgetCalls({ payload, list }),
      before: (call) => {
        if (call.method === 'GET' && call.path === '/api/projects/v1/budget/quotes/31') return json(200, kept);
        if (call.method === 'POST' && call.path === ISSUE_V1) return json(201, makeQuote(32, { budgetNumber: 'Q-2026-000123-2', revision: 2 }));
        return undefined;
      },
    });
    const { main } = await open('/project/5/generate-budget', api);
    const section = await within(main).findByRole('region', { name: tx('budgets.previous.title') });
    await userEvent.click(within(section).getByRole('button', { name: tx('budgets.previous.reviseOf', { number: 'Q-2026-000123' }) }));
    expect(await within(main).findByText(tx('budgets.revising', { number: 'Q-2026-000123', revision: 2 }))).toBeInTheDocument();
    expect(within(main).getByRole('textbox', { name: label('budgets.lines.markupOf', { name: 'Wall light, north wall', index: 1 }) })).toHaveValue('37.5');
    expect(within(main).getByRole('textbox', { name: label('budgets.lines.markupOf', { name: 'Downlight', index: 2 }) })).toHaveValue('');
    // 80.00 × 1.375 = 110.00 a unit, 2 units 220.00 — not the list price; with the downlight's 59.97: 279.97.
    expect(within(main).getAllByRole('row')[1] as HTMLElement).toHaveTextContent('110,00 €');
    expect(totals(main)).toHaveTextContent('279,97 €');
    await userEvent.click(within(main).getByRole('button', { name: tx('budgets.action.saveRevision') }));
    await waitFor(() => expect(bodies(api, ISSUE_V1)).toHaveLength(1));
    expect(bodies(api, ISSUE_V1)[0]).toMatchObject({ revisionOf: 31, products: [{ _id: LINE_A, quantity: 2, discount: 0, markup: 37.5 }, { _id: LINE_B, quantity: 3, discount: 0 }] });
  });

  it('sends one Idempotency-Key per attempt: the same when the same budget is sent again, a new one when it changed', async () => {
    let answers = 0;
    const api = budgetsApi({
      before: (call) => {
        if (call.method !== 'POST' || call.path !== ISSUE_V1) return undefined;
        answers += 1;
        return answers < 3 ? failure(503, 'UNAVAILABLE') : json(201, makeQuote(31));
      },
    });
    const { main, history } = await open('/project/5/generate-budget', api);
    await within(main).findByRole('heading', { level: 1, name: tx('budgets.title') });
    const save = within(main).getByRole('button', { name: tx('budgets.action.save') });
    await userEvent.click(save);
    await within(main).findByRole('alert');
    // The same budget again (the answer was lost): the same key, so the api gives one quote.
    await userEvent.click(save);
    await waitFor(() => expect(keysSentTo(api, ISSUE_V1)).toHaveLength(2));
    await retype(within(main).getByRole('textbox', { name: label('budgets.footer.iva') }), '21');
    await waitFor(() => expect(save).not.toHaveAttribute('data-pending'));
    await userEvent.click(save);
    await waitFor(() => expect(history.location.pathname).toBe('/project/5'));
    const keys = keysSentTo(api, ISSUE_V1);
    expect(keys).toHaveLength(3);
    expect(keys[0]).toMatch(/^[0-9a-f-]{32,36}$/);
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).not.toBe(keys[0]);
  });

  it('a double click issues once', async () => {
    let release: () => void = () => undefined;
    const answered = new Promise<void>((resolve) => (release = resolve));
    const api = budgetsApi({
      before: async (call) => {
        if (call.method !== 'POST' || call.path !== ISSUE_V1) return undefined;
        await answered;
        return json(201, makeQuote(31));
      },
    });
    const { main } = await open('/project/5/generate-budget', api);
    await within(main).findByRole('heading', { level: 1, name: tx('budgets.title') });
    const save = within(main).getByRole('button', { name: tx('budgets.action.save') });
    await userEvent.dblClick(save);
    await userEvent.click(within(main).getByRole('button', { name: tx('budgets.action.saveDownload') }));
    release();
    await waitFor(() => expect(keysSentTo(api, ISSUE_V1)).toHaveLength(1));
  });

  it('shows the fields the api refuses beside them', async () => {
    const api = budgetsApi({
      before: (call) =>
        call.method === 'POST' && call.path === ISSUE_V1
          ? json(400, {
              ErrorCode: 400,
              ErrorDescription: 'Bad Request',
              code: 'VALIDATION_FAILED',
              fields: [
                { path: 'body.products.1.quantity', message: 'formError.wholeUnits' },
                { path: 'body.projectId', message: 'formError.budgetEmpty' },
              ],
            })
          : undefined,
    });
    const { main } = await open('/project/5/generate-budget', api);
    await within(main).findByRole('heading', { level: 1, name: tx('budgets.title') });
    await userEvent.click(within(main).getByRole('button', { name: tx('budgets.action.save') }));
    expect(await within(main).findByText(tx('formError.wholeUnits'))).toBeInTheDocument();
    expect(quantity(main, 'Downlight', 2)).toHaveAttribute('aria-invalid', 'true');
    expect(within(main).getByText(tx('formError.budgetEmpty'))).toBeInTheDocument();
    await waitFor(() => expect(quantity(main, 'Downlight', 2)).toHaveFocus());
  });

  it('save and download: the apiv2 path with sendOfferWithDownloadBudget, then the PDF under its name; the list shows the new quote', async () => {
    const downloads = catchDownloads();
    let issued = false;
    const api = budgetsApi({
      before: (call) => {
        if (call.method === 'POST' && call.path === ISSUE_V2) {
          issued = true;
          return json(201, { ...makeQuote(31), document: { url: '/api/projects/v1/budget/quotes/31/pdf', fileName: 'Q-2026-000123.pdf', contentType: 'application/pdf' } });
        }
        if (call.method === 'GET' && call.path === '/api/projects/v1/budget/quotes/31/pdf') return new Response('%PDF-1.7', { status: 200, headers: { 'content-type': 'application/pdf' } });
        if (call.method === 'GET' && call.path === LIST_PATH) return json(200, { projectId: 5, items: issued ? [makeQuoteSummary(31)] : [], checkedCount: 0 });
        return undefined;
      },
    });
    api.state.flagsFor = () => ({ sendOfferWithDownloadBudget: true });
    try {
      const { main } = await open('/project/5/generate-budget', api);
      await within(main).findByText(tx('budgets.previous.none'));
      await userEvent.click(within(main).getByRole('button', { name: tx('budgets.action.saveDownload') }));
      expect(await within(main).findByText(tx('budgets.outcome.downloaded', { number: 'Q-2026-000123' }))).toBeInTheDocument();
      expect(downloads.saved).toEqual(['Q-2026-000123.pdf']);
      expect(bodies(api, ISSUE_V1)).toHaveLength(0);
      expect(bodies(api, ISSUE_V2)).toHaveLength(1);
      expect(await within(main).findByText('Q-2026-000123', { selector: 'label' })).toBeInTheDocument();
    } finally {
      downloads.restore();
    }
  });

  it('save and send: asks for the client, issues with the client name, then mails the link', async () => {
    const api = budgetsApi({
      before: (call) => {
        if (call.method === 'POST' && call.path === ISSUE_V1) return json(201, makeQuote(31, { clientName: 'Clara Client' }));
        if (call.method === 'POST' && call.path === '/api/projects/v1/budget/quotes/31/send') return json(200, makeQuote(31, { status: 'sent', clientName: 'Clara Client' }));
        return undefined;
      },
    });
    const { main } = await open('/project/5/generate-budget', api);
    await within(main).findByRole('heading', { level: 1, name: tx('budgets.title') });
    await userEvent.click(within(main).getByRole('button', { name: tx('budgets.action.saveSend') }));
    const dialog = await screen.findByRole('dialog', { name: tx('budgets.send.issueTitle') });
    await userEvent.click(within(dialog).getByRole('button', { name: tx('budgets.action.saveSend') }));
    expect(within(dialog).getAllByText(tx('formError.required'))).toHaveLength(2);
    await fill(within(dialog).getByRole('textbox', { name: label('budgets.send.email') }), 'clara@client.example');
    await fill(within(dialog).getByRole('textbox', { name: label('budgets.send.name') }), 'Clara Client');
    await userEvent.click(within(dialog).getByRole('button', { name: tx('budgets.action.saveSend') }));
    expect(await within(main).findByText(tx('budgets.outcome.sent', { number: 'Q-2026-000123', email: 'clara@client.example' }))).toBeInTheDocument();
    expect((bodies(api, ISSUE_V1)[0] as { clientName: string }).clientName).toBe('Clara Client');
    expect(bodies(api, '/api/projects/v1/budget/quotes/31/send')).toEqual([{ email: 'clara@client.example', name: 'Clara Client', lang: 'en' }]);
  });

  it('"Send to a client" sends the ticked quote, prefilled with its client, and issues no new number (issue 34 §2)', async () => {
    const list = { projectId: 5, items: [makeQuoteSummary(31, { clientName: 'Clara Client', sentTo: 'clara@client.example' }), makeQuoteSummary(30, { budgetNumber: 'Q-2026-000122', baseNumber: 'Q-2026-000122' })], checkedCount: 0 };
    const api = budgetsApi({
      calls: budgetCalls({ list }),
      before: (call) => {
        if (call.method === 'POST' && call.path === '/api/projects/v1/budget/quotes/31/send') return json(200, makeQuote(31, { status: 'sent', clientName: 'Clara Client' }));
        return undefined;
      },
    });
    const { main } = await open('/project/5/generate-budget', api);
    const section = await within(main).findByRole('region', { name: tx('budgets.previous.title') });
    await userEvent.click(within(section).getByRole('checkbox', { name: /^Q-2026-000123/ }));
    await userEvent.click(within(main).getByRole('button', { name: tx('budgets.action.sendNumber', { number: 'Q-2026-000123' }) }));
    const dialog = await screen.findByRole('dialog', { name: tx('budgets.send.title_one') });
    expect(within(dialog).getByRole('textbox', { name: label('budgets.send.name') })).toHaveValue('Clara Client');
    expect(within(dialog).getByRole('textbox', { name: label('budgets.send.email') })).toHaveValue('clara@client.example');
    await userEvent.click(within(dialog).getByRole('button', { name: tx('budgets.send.submit_one') }));
    expect(await within(main).findByText(tx('budgets.send.done_one', { email: 'clara@client.example' }))).toBeInTheDocument();
    expect(bodies(api, '/api/projects/v1/budget/quotes/31/send')).toEqual([{ email: 'clara@client.example', name: 'Clara Client', lang: 'en' }]);
    expect(bodies(api, ISSUE_V1)).toHaveLength(0);
  });

  it('"Send to a client" right after a save sends the quote just issued while the form is unchanged; a change asks for a new quote (issue 34 §2)', async () => {
    const api = budgetsApi({
      before: (call) => {
        if (call.method === 'POST' && call.path === ISSUE_V1) return json(201, makeQuote(31, { clientName: 'Clara Client' }));
        if (call.method === 'GET' && call.path === '/api/projects/v1/budget/quotes/31/pdf') return new Response('%PDF-1.7', { status: 200, headers: { 'content-type': 'application/pdf' } });
        if (call.method === 'POST' && call.path === '/api/projects/v1/budget/quotes/31/send') return json(200, makeQuote(31, { status: 'sent', clientName: 'Clara Client' }));
        return undefined;
      },
    });
    const downloads = catchDownloads();
    try {
      const { main } = await open('/project/5/generate-budget', api);
      await within(main).findByRole('heading', { level: 1, name: tx('budgets.title') });
      await userEvent.click(within(main).getByRole('button', { name: tx('budgets.action.saveDownload') }));
      await within(main).findByText(tx('budgets.outcome.downloaded', { number: 'Q-2026-000123' }));
      await userEvent.click(within(main).getByRole('button', { name: tx('budgets.action.sendNumber', { number: 'Q-2026-000123' }) }));
      const dialog = await screen.findByRole('dialog', { name: tx('budgets.send.title_one') });
      expect(within(dialog).getByRole('textbox', { name: label('budgets.send.name') })).toHaveValue('Clara Client');
      await fill(within(dialog).getByRole('textbox', { name: label('budgets.send.email') }), 'clara@client.example');
      await userEvent.click(within(dialog).getByRole('button', { name: tx('budgets.send.submit_one') }));
      await within(main).findByText(tx('budgets.send.done_one', { email: 'clara@client.example' }));
      expect(bodies(api, ISSUE_V1)).toHaveLength(1);
      expect(bodies(api, '/api/projects/v1/budget/quotes/31/send')).toHaveLength(1);
      await replace(quantity(main, 'Wall light, north wall', 1), '7');
      expect(within(main).getByRole('button', { name: tx('budgets.action.saveSend') })).toBeEnabled();
    } finally {
      downloads.restore();
    }
  });

  it('revokes a sent quote\'s public link after a confirmation (issue 29 §9); only sent quotes offer it', async () => {
    const list = { projectId: 5, items: [makeQuoteSummary(31, { status: 'sent', sentTo: 'clara@client.example' }), makeQuoteSummary(30, { budgetNumber: 'Q-2026-000122', baseNumber: 'Q-2026-000122' })], checkedCount: 0 };
    const REVOKE = '/api/projects/v1/budget/quotes/31/revoke-link';
    const api = budgetsApi({
      calls: budgetCalls({ list }),
      before: (call) => (call.method === 'POST' && call.path === REVOKE ? json(200, makeQuote(31, { status: 'sent' })) : undefined),
    });
    const { main } = await open('/project/5/generate-budget', api);
    const section = await within(main).findByRole('region', { name: tx('budgets.previous.title') });
    expect(within(section).queryByRole('button', { name: tx('budgets.previous.revokeLinkOf', { number: 'Q-2026-000122' }) })).toBeNull();
    const revoke = within(section).getByRole('button', { name: tx('budgets.previous.revokeLinkOf', { number: 'Q-2026-000123' }) });
    await userEvent.click(revoke);
    let dialog = await screen.findByRole('alertdialog', { name: tx('budgets.revoke.title', { number: 'Q-2026-000123' }) });
    expect(within(dialog).getByText(tx('budgets.revoke.text'))).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: tx('budgets.cancel') }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(api.callsTo('POST', REVOKE)).toHaveLength(0);
    await userEvent.click(revoke);
    dialog = await screen.findByRole('alertdialog', { name: tx('budgets.revoke.title', { number: 'Q-2026-000123' }) });
    await userEvent.click(within(dialog).getByRole('button', { name: tx('budgets.previous.revokeLink') }));
    expect(await within(section).findByText(tx('budgets.revoke.done', { number: 'Q-2026-000123' }))).toBeInTheDocument();
    expect(api.callsTo('POST', REVOKE)).toHaveLength(1);
  });

  it('lists the previous budgets with a checked flag each and the checked count, and revises one as a new revision', async () => {
    const list = { projectId: 5, items: [makeQuoteSummary(31, { status: 'accepted', acceptedAt: '2026-05-06T10:00:00.000Z' }), makeQuoteSummary(30, { budgetNumber: 'Q-2026-000122', baseNumber: 'Q-2026-000122', status: 'expired' })], checkedCount: 0 };
    const api = budgetsApi({
      calls: budgetCalls({ list }),
      before: (call) => {
        if (call.method === 'GET' && call.path === '/api/projects/v1/budget/quotes/31') return json(200, makeQuote(31, { discount: 5, iva: 21, products: [{ ...makePayload().products[0]!, quantity: 4, discount: 15 }] }));
        if (call.method === 'POST' && call.path === ISSUE_V1) return json(201, makeQuote(32, { budgetNumber: 'Q-2026-000123-2', revision: 2 }));
        return undefined;
      },
    });
    const { main } = await open('/project/5/generate-budget', api);
    const section = await within(main).findByRole('region', { name: tx('budgets.previous.title') });
    expect(within(section).getByText(tx('budgets.status.accepted'))).toBeInTheDocument();
    expect(within(section).getByText(tx('budgets.status.expired'))).toBeInTheDocument();
    // An accepted quote converts to an order made from its own lines (issue 34 §2); the expired one does not.
    expect(within(section).getByRole('link', { name: tx('budgets.previous.toOrderOf', { number: 'Q-2026-000123' }) })).toHaveAttribute('href', '/project/5/new-order?quoteId=31');
    expect(within(section).queryByRole('link', { name: tx('budgets.previous.toOrderOf', { number: 'Q-2026-000122' }) })).toBeNull();
    // Once ordered, the quote links to its order instead (issue 34 §2).
    expect(within(section).queryByRole('link', { name: tx('budgets.previous.orderOf', { number: 'Q-2026-000123', id: 77 }) })).toBeNull();
    expect(within(section).getByText(tx('budgets.previous.checkedCount_other', { count: 0 }))).toBeInTheDocument();
    expect(within(section).getByRole('button', { name: tx('budgets.previous.downloadChecked') })).toBeDisabled();
    await userEvent.click(within(section).getByRole('checkbox', { name: new RegExp(`^Q-2026-000123`) }));
    await userEvent.click(within(section).getByRole('checkbox', { name: new RegExp(`^Q-2026-000122`) }));
    expect(within(section).getByText(tx('budgets.previous.checkedCount_other', { count: 2 }))).toBeInTheDocument();
    expect(within(section).getByRole('button', { name: tx('budgets.previous.downloadChecked') })).toBeEnabled();

    await userEvent.click(within(section).getByRole('button', { name: tx('budgets.previous.reviseOf', { number: 'Q-2026-000123' }) }));
    expect(await within(main).findByText(tx('budgets.revising', { number: 'Q-2026-000123', revision: 2 }))).toBeInTheDocument();
    expect(quantity(main, 'Wall light, north wall', 1)).toHaveValue('4');
    expect(discount(main, 'Wall light, north wall', 1)).toHaveValue('15');
    expect(within(main).getByRole('textbox', { name: label('budgets.footer.iva') })).toHaveValue('21');
    await userEvent.click(within(main).getByRole('button', { name: tx('budgets.action.saveRevision') }));
    await waitFor(() => expect(bodies(api, ISSUE_V1)).toHaveLength(1));
    expect(bodies(api, ISSUE_V1)[0]).toMatchObject({ revisionOf: 31, discount: 5, iva: 21, products: [{ _id: LINE_A, quantity: 4, discount: 15 }, { _id: LINE_B, quantity: 3, discount: 0 }] });
  });

  it('names a creation by its collection with a picture, and lists its bill of materials under it, per set (issue 34 §3)', async () => {
    const creation = makeBudgetLine({
      type: 'CREATION',
      referenceCode: null,
      articleCode: 'LW5770',
      model: '5770',
      description: 'Multiple composition, 3 luminaires',
      image: '/api/images/v1/catalogue/model/5770.svg?finish=02',
      billOfMaterials: [
        { kind: 'luminaire', reference: '577010/02_10', description: 'Multiple ceiling pendant 3 heads', quantity: 3 },
        { kind: 'driver', reference: 'DRRK04-0', description: 'Driver', quantity: 1 },
      ],
    });
    const api = budgetsApi({ calls: budgetCalls({ payload: makePayload({ products: [creation] }) }) });
    const { main } = await open('/project/5/generate-budget', api);
    await within(main).findByRole('heading', { level: 1, name: tx('budgets.title') });
    const row = within(main).getAllByRole('row')[1] as HTMLElement;
    const header = within(row).getByRole('rowheader');
    expect(header).toHaveTextContent('Multiple composition, 3 luminaires');
    expect(header.querySelector('img')).toHaveAttribute('src', '/api/images/v1/catalogue/model/5770.svg?finish=02');
    expect(within(header).getByText(tx('budgets.lines.billTitle'))).toBeInTheDocument();
    const subLines = within(header).getAllByRole('listitem').map((item) => item.textContent);
    expect(subLines).toEqual(['3 × 577010/02_10 Multiple ceiling pendant 3 heads', '1 × DRRK04-0 Driver']);
    // Its fields are named by the name people use, not by a code.
    expect(within(main).getByRole('textbox', { name: tx('budgets.lines.quantityOf', { name: 'Multiple composition, 3 luminaires', index: 1 }) })).toBeInTheDocument();
  });

  it('links a quote that became an order to that order instead of offering to convert it (issue 34 §2)', async () => {
    const list = { projectId: 5, items: [makeQuoteSummary(31, { status: 'accepted', acceptedAt: '2026-05-06T10:00:00.000Z', orderId: 77 })], checkedCount: 0 };
    const { main } = await open('/project/5/generate-budget', budgetsApi({ calls: budgetCalls({ list }) }));
    const section = await within(main).findByRole('region', { name: tx('budgets.previous.title') });
    expect(await within(section).findByRole('link', { name: tx('budgets.previous.orderOf', { number: 'Q-2026-000123', id: 77 }) })).toHaveAttribute('href', '/order/77');
    expect(within(section).queryByRole('link', { name: tx('budgets.previous.toOrderOf', { number: 'Q-2026-000123' }) })).toBeNull();
  });

  it('says so when no line can enter a budget, and offers no way to issue', async () => {
    const api = budgetsApi({ calls: budgetCalls({ payload: makePayload({ products: [] }) }) });
    const { main } = await open('/project/5/generate-budget', api);
    expect(await within(main).findByText(tx('budgets.noLines'))).toBeInTheDocument();
    expect(within(main).queryByRole('button', { name: tx('budgets.action.save') })).not.toBeInTheDocument();
  });

  it('is refused by the router without budget or budget.add', async () => {
    const { history } = await open('/project/5/generate-budget', budgetsApi({ account: makeAccount({ role: 'specifier' }) }));
    await waitFor(() => expect(history.location.pathname).toBe('/not-allowed'));
  });
});

describe('the project page', () => {
  it('offers "Generate budget" and lists the project quotes with their status', async () => {
    const list = { projectId: 5, items: [makeQuoteSummary(31, { status: 'sent', sentTo: 'clara@client.example' })], checkedCount: 0 };
    const { main } = await open('/project/5', budgetsApi({ calls: budgetCalls({ list }) }));
    expect(await within(main).findByRole('link', { name: tx('budgets.action.generate') })).toHaveAttribute('href', '/project/5/generate-budget');
    expect(within(main).queryByRole('link', { name: tx('budgets.action.finalQuote') })).not.toBeInTheDocument();
    const section = await within(main).findByRole('region', { name: tx('budgets.previous.title') });
    expect(within(section).getByText(tx('budgets.status.sent'))).toBeInTheDocument();
    expect(within(section).getByText(tx('budgets.previous.sentTo', { email: 'clara@client.example' }))).toBeInTheDocument();
    expect(within(section).queryByRole('button', { name: tx('budgets.previous.reviseOf', { number: 'Q-2026-000123' }) })).not.toBeInTheDocument();
  });

  it('offers the United States final quote on a catalogue-21 project to an importer; nothing to a specifier without prices', async () => {
    const importer = await open('/project/9', budgetsApi({ account: makeAccount({ role: 'importer' }), calls: budgetCalls({ list: { projectId: 9, items: [], checkedCount: 0 } }) }));
    expect(await within(importer.main).findByRole('link', { name: tx('budgets.action.finalQuote') })).toHaveAttribute('href', '/project/9/budget-quotation-usa');
    importer.unmount();
    const specifier = await open('/project/9', budgetsApi({ account: makeAccount({ role: 'specifier' }) }));
    await within(specifier.main).findByRole('heading', { level: 1, name: 'Manhattan loft' });
    expect(within(specifier.main).queryByRole('link', { name: tx('budgets.action.generate') })).not.toBeInTheDocument();
    expect(within(specifier.main).queryByRole('link', { name: tx('budgets.action.finalQuote') })).not.toBeInTheDocument();
  });
});

describe('/project/{id}/budget-quotation-usa', () => {
  const usaPayload = makePayload({ projectId: 9, projectName: 'Manhattan loft', catalogId: 21, currency: 'USD' });
  const usaCalls: Before = (call) => {
    if (call.method === 'GET' && call.path === '/api/apiv2/project-to-budget') return json(200, usaPayload);
    if (call.method === 'GET' && call.path === '/api/projects/v1/budget/final-quote/generate-quote-number') return json(200, { quoteNumber: 'QUS-2026-000045' });
    return undefined;
  };

  it('reserves no number on arrival (issue 34 §2), checks the fields and issues the final quote with the purchaser and the site', async () => {
    const api = withGeography(
      budgetsApi({
        account: makeAccount({ role: 'importer', catalogId: 21 }),
        calls: usaCalls,
        before: (call) =>
          call.method === 'POST' && call.path === '/api/projects/v1/budget/final-quote'
            ? json(201, makeQuote(40, { budgetNumber: 'QUS-2026-000045', baseNumber: 'QUS-2026-000045', isFinalQuote: true, currency: 'USD', catalogId: 21 }))
            : undefined,
      }),
    );
    const { main } = await open('/project/9/budget-quotation-usa', api);
    expect(await within(main).findByText(tx('budgets.usa.numberAtIssue'))).toBeInTheDocument();
    expect(api.callsTo('GET', '/api/projects/v1/budget/final-quote/generate-quote-number')).toEqual([]);
    expect(within(main).getByRole('textbox', { name: label('budgets.usa.alias') })).toHaveValue('Manhattan loft');
    await userEvent.click(within(main).getByRole('button', { name: tx('budgets.usa.submit') }));
    expect(within(main).getAllByText(tx('formError.required')).length).toBeGreaterThanOrEqual(4);
    expect(bodies(api, '/api/projects/v1/budget/final-quote')).toHaveLength(0);

    await fill(within(main).getByRole('textbox', { name: label('budgets.usa.specifierEmail') }), 'spec@studio.example');
    await fill(within(main).getByRole('textbox', { name: label('budgets.usa.specifierCompany') }), 'Studio North');
    await fill(within(main).getByRole('textbox', { name: label('budgets.usa.purchaserName') }), 'Pat Buyer');
    await fill(within(main).getByRole('textbox', { name: label('budgets.usa.purchaserEmail') }), 'pat@buyer.example');
    await fill(within(main).getByRole('textbox', { name: label('budgets.usa.purchaserPhone') }), '+1 212 555 0100');
    const state = await findReadyCombobox(main, label('siteLocation.region.states'));
    await userEvent.type(state, 'New');
    await userEvent.click(await screen.findByRole('option', { name: 'New York' }));
    await fill(within(main).getByRole('textbox', { name: label('siteLocation.city') }), 'Brooklyn');
    await userEvent.click(within(main).getByRole('button', { name: tx('budgets.usa.submit') }));
    expect(await within(main).findByRole('heading', { level: 1, name: tx('budgets.usa.issued', { number: 'QUS-2026-000045' }) })).toBeInTheDocument();
    const [body] = bodies(api, '/api/projects/v1/budget/final-quote') as Record<string, unknown>[];
    expect(body).not.toHaveProperty('quoteNumber');
    expect(body).toMatchObject({
      isFinalQuote: true,
      projectId: 9,
      budgetAlias: 'Manhattan loft',
      specifier: { email: 'spec@studio.example', companyName: 'Studio North' },
      purchaser: { name: 'Pat Buyer', email: 'pat@buyer.example', phone: '+1 212 555 0100' },
      country: { geonameId: 6252001, name: 'United States' },
      state: { geonameId: 5128638, name: 'New York' },
      city: { name: 'Brooklyn' },
    });
    expect(within(main).getByRole('button', { name: tx('budgets.download.xlsx') })).toBeInTheDocument();
  }, 60_000);

  it('is refused by the router without project.registration', async () => {
    const { history } = await open('/project/9/budget-quotation-usa', budgetsApi({ account: makeAccount({ role: 'distributor' }) }));
    await waitFor(() => expect(history.location.pathname).toBe('/not-allowed'));
  });
});

describe('/quote/{token}: the public quote page', () => {
  const TOKEN = 'eyJxIjozMX0.c2lnbmF0dXJlLXNpZ25hdHVyZS1zaWc';
  const PUBLIC = `/api/projects/v1/public-quotes/${TOKEN}`;

  it('shows the quote and nothing else of the platform to a visitor, and accepts it with a name and the consent', async () => {
    const api = budgetsApi({
      account: null,
      before: (call) => {
        if (call.method === 'GET' && call.path === PUBLIC) return json(200, makePublicQuote());
        if (call.method === 'POST' && call.path === `${PUBLIC}/accept`) return json(200, makePublicQuote({ status: 'accepted', open: false, acceptance: { name: 'Clara Client', at: '2026-05-06T10:00:00.000Z' } }));
        return undefined;
      },
    });
    const { main } = await open(`/quote/${TOKEN}`, api);
    expect(await within(main).findByRole('heading', { level: 1, name: tx('publicQuote.title', { number: 'Q-2026-000123' }) })).toBeInTheDocument();
    // No navigation to the platform: no links but the PDF.
    expect(screen.getAllByRole('link').map((link) => link.getAttribute('href'))).toEqual(['#main', makePublicQuote().pdf]);
    expect(screen.queryByRole('button', { name: texts['header.login'] ?? 'Log in' })).not.toBeInTheDocument();
    expect(within(main).getByText('Norte Iluminación')).toBeInTheDocument();
    expect(within(main).getByRole('table')).toHaveTextContent('027001/03_10');
    expect(within(main).getByRole('region', { name: tx('budgets.totals.title') })).toHaveTextContent('217,80 €');

    const form = within(main).getByRole('form', { name: tx('publicQuote.mode.accept') });
    expect(within(form).getByRole('textbox', { name: label('publicQuote.name') })).toHaveValue('Clara Client');
    await userEvent.click(within(form).getByRole('button', { name: tx('publicQuote.accept.submit') }));
    expect(within(form).getByText(tx('publicQuote.accept.consentRequired'))).toBeInTheDocument();
    expect(bodies(api, `${PUBLIC}/accept`)).toHaveLength(0);
    await userEvent.click(within(form).getByRole('checkbox'));
    await userEvent.click(within(form).getByRole('button', { name: tx('publicQuote.accept.submit') }));
    expect(await within(main).findByText(/Accepted by Clara Client/)).toBeInTheDocument();
    expect(bodies(api, `${PUBLIC}/accept`)).toEqual([{ name: 'Clara Client' }]);
    expect(within(main).queryByRole('form')).not.toBeInTheDocument();
  });

  it('sends a question to the seller', async () => {
    const api = budgetsApi({
      account: null,
      before: (call) => {
        if (call.method === 'GET' && call.path === PUBLIC) return json(200, makePublicQuote());
        if (call.method === 'POST' && call.path === `${PUBLIC}/question`) return json(202, { sent: true });
        return undefined;
      },
    });
    const { main } = await open(`/quote/${TOKEN}`, api);
    await userEvent.click(await within(main).findByRole('button', { name: tx('publicQuote.mode.question') }));
    const form = within(main).getByRole('form', { name: tx('publicQuote.mode.question') });
    await fill(within(form).getByRole('textbox', { name: label('publicQuote.name') }), 'Clara Client');
    await fill(within(form).getByRole('textbox', { name: label('publicQuote.email') }), 'clara@client.example');
    await fill(within(form).getByRole('textbox', { name: label('publicQuote.question.message') }), 'Can delivery be in May?');
    await userEvent.click(within(form).getByRole('button', { name: tx('publicQuote.question.submit') }));
    expect(await within(main).findByText(tx('publicQuote.question.sent', { seller: 'Diego Norte' }))).toBeInTheDocument();
    expect(bodies(api, `${PUBLIC}/question`)).toEqual([{ name: 'Clara Client', email: 'clara@client.example', message: 'Can delivery be in May?' }]);
  });

  it('opens in the language of the quote for a visitor', async () => {
    const api = budgetsApi({ account: null, before: (call) => (call.method === 'GET' && call.path === PUBLIC ? json(200, makePublicQuote({ lang: 'fr' })) : undefined) });
    const { main } = await open(`/quote/${TOKEN}`, api);
    const fr = TRANSLATIONS['fr-eproject'].fr;
    expect(await within(main).findByRole('heading', { level: 1, name: (fr['publicQuote.title'] ?? '').replace('{{number}}', 'Q-2026-000123') })).toBeInTheDocument();
    expect(api.callsTo('PATCH', '/api/users/v1/users/lang')).toHaveLength(0);
  });

  it('says when the link has expired, is not valid, or the quote was already answered', async () => {
    const expired = await open(`/quote/${TOKEN}`, budgetsApi({ account: null, before: (call) => (call.path === PUBLIC ? failure(410, 'QUOTE_EXPIRED') : undefined) }));
    expect(await within(expired.main).findByRole('heading', { level: 1, name: tx('publicQuote.expired.title') })).toBeInTheDocument();
    expired.unmount();
    const invalid = await open(`/quote/${TOKEN}`, budgetsApi({ account: null, before: (call) => (call.path === PUBLIC ? failure(404, 'NOT_FOUND') : undefined) }));
    expect(await within(invalid.main).findByRole('heading', { level: 1, name: tx('publicQuote.invalid.title') })).toBeInTheDocument();
    invalid.unmount();
    const answered = await open(
      `/quote/${TOKEN}`,
      budgetsApi({ account: null, before: (call) => (call.path === PUBLIC ? json(200, makePublicQuote({ status: 'declined', open: false, decline: { name: 'Clara Client', at: '2026-05-06T10:00:00.000Z' } })) : undefined) }),
    );
    expect(await within(answered.main).findByText(/Declined by Clara Client/)).toBeInTheDocument();
    expect(within(answered.main).queryByRole('form')).not.toBeInTheDocument();
  });
});

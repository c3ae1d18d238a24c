import type { Account, RequestDetail, RequestMessage } from '@lumen/contracts';
import { TRANSLATIONS } from '@lumen/i18n';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, onTestFinished } from 'vitest';
import { createFakeApi, failure, json, makeAccount, type FakeCall } from '../../../test/fake-api';
import { fill } from '../../../test/fill';
import { renderApp } from '../../../test/render-app';
import { ATTACHMENT_ID, catchDownloads, makeRequestDetail, makeRequestSummary, withGeography } from '../../shared/requests/requests.fixtures';

const texts = { ...TRANSLATIONS['fr-widgets'].en, ...TRANSLATIONS['common-front'].en, ...TRANSLATIONS['fr-eproject'].en };
const tx = (key: string, values: Record<string, string | number> = {}) =>
  Object.entries(values).reduce((text, [name, value]) => text.split(`{{${name}}}`).join(String(value)), texts[key] ?? key);
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const label = (key: string) => new RegExp(`^${escape(tx(key))}`);

const INBOX = '/api/support/v1/desk/requests';
const sales = () => makeAccount({ role: 'sales', name: 'Samuel Ventas', email: 'sales@example.com' });

/** The desk's calls: 30 requests in the inbox (25 a page), request 41 whole with its replies as they are posted. */
function deskApi(account: Account = sales(), options: { detail?: Partial<RequestDetail>; before?: (call: FakeCall) => Response | undefined } = {}) {
  const api = withGeography(createFakeApi({ account }));
  const messages: RequestMessage[] = [];
  let detail = makeRequestDetail(41, options.detail);
  if (options.before) api.handle(options.before);
  api.handle((call) => {
    if (call.method === 'GET' && call.path === INBOX) {
      const page = Number(call.query.get('page') ?? 1);
      const all = Array.from({ length: 30 }, (_, index) => makeRequestSummary(41 - index, index === 0 ? { contactName: 'Diego Norte' } : { contactName: `Requester ${index}` }));
      return json(200, { items: all.slice((page - 1) * 25, page * 25), total: all.length, page, limit: 25 });
    }
    if (call.method === 'GET' && call.path === `${INBOX}/41`) return json(200, { ...detail, messages, replies: messages.length });
    if (call.method === 'GET' && /^\/api\/support\/v1\/desk\/requests\/\d+$/.test(call.path)) return failure(404, 'NOT_FOUND');
    if (call.method === 'POST' && call.path === `${INBOX}/41/replies`) {
      const message = { id: messages.length + 1, authorName: account.name, body: (call.body as { message: string }).message, createdAt: '2026-05-05T10:00:00.000Z' };
      messages.push(message);
      detail = { ...detail, status: 'answered', updatedAt: '2026-05-05T10:00:00.000Z' };
      return json(201, message);
    }
    if (call.method === 'PATCH' && call.path === `${INBOX}/41`) {
      detail = { ...detail, status: (call.body as { status: RequestDetail['status'] }).status, updatedAt: '2026-05-05T11:00:00.000Z' };
      return json(200, { ...detail, messages });
    }
    if (call.method === 'GET' && call.path === `/api/support/v1/requests/41/files/${ATTACHMENT_ID}`) return new Response('%PDF-1.4', { status: 200, headers: { 'content-type': 'application/pdf' } });
    return undefined;
  });
  return api;
}

async function openUserMenu(name: string) {
  // The real menu button (a look-alike stands in until the header's menus chunk arrives; a click on it could be lost).
  const trigger = await waitFor(
    () => {
      const button = screen.getByRole('button', { name: tx('header.userMenuFor', { name }) });
      expect(button).toHaveAttribute('aria-expanded');
      return button;
    },
    { timeout: 8_000 },
  );
  await userEvent.click(trigger);
  await screen.findByRole('menuitem', { name: tx('header.profile') });
}

async function openPage(path: string, api: ReturnType<typeof deskApi>) {
  const app = await renderApp(path, api);
  return { ...app, main: await screen.findByRole('main') };
}

describe('the way to the desk', () => {
  it('the user menu offers it to sales staff and admins only; anyone else is not allowed in', async () => {
    const { history, unmount } = await openPage('/', deskApi());
    await openUserMenu('Samuel Ventas');
    await userEvent.click(screen.getByRole('menuitem', { name: tx('desk.title') }));
    await waitFor(() => expect(history.location.pathname).toBe('/desk'));
    unmount();

    const distributor = makeAccount({ role: 'distributor', name: 'Diego Norte' });
    const other = await openPage('/', deskApi(distributor));
    await openUserMenu('Diego Norte');
    expect(screen.queryByRole('menuitem', { name: tx('desk.title') })).not.toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    act(() => other.history.push('/desk'));
    await waitFor(() => expect(other.history.location.pathname).toBe('/not-allowed'));
  });
});

describe('/desk: the inbox', () => {
  it('lists the requests with their status, requester and project, 25 a page', async () => {
    const api = deskApi();
    const { main, history } = await openPage('/desk', api);
    expect(await within(main).findByText(tx('desk.count_other', { count: 30 }))).toBeInTheDocument();
    const rows = within(main).getAllByRole('row');
    // A heading row and 25 requests.
    expect(rows).toHaveLength(26);
    const first = rows[1] as HTMLElement;
    expect(within(first).getByRole('link', { name: tx('requests.number', { number: 41 }) })).toHaveAttribute('href', '/desk/requests/41');
    expect(first).toHaveTextContent('Diego Norte');
    expect(first).toHaveTextContent('diego@example.com');
    expect(first).toHaveTextContent('Lobby');
    expect(first).toHaveTextContent(tx('requests.status.received'));
    expect(first).toHaveTextContent(tx('requests.files.count_one', { count: 1 }));
    expect(api.callsTo('GET', INBOX)[0]?.query.get('limit')).toBe('25');

    await userEvent.click(within(main).getByRole('button', { name: tx('pager.next') }));
    await waitFor(() => expect(history.location.search).toBe('?page=2'));
    expect(await within(main).findByText(tx('pager.position', { page: 2, pages: 2 }))).toBeInTheDocument();
    expect(api.callsTo('GET', INBOX).at(-1)?.query.get('page')).toBe('2');
    expect(within(main).getAllByRole('row')).toHaveLength(6);
  });

  it('filters by status, type and text (the text once the user pauses); a filter goes back to the first page', async () => {
    const api = deskApi();
    const { main, history } = await openPage('/desk?page=2', api);
    await within(main).findByText(tx('pager.position', { page: 2, pages: 2 }));
    await userEvent.click(within(main).getByRole('button', { name: new RegExp(escape(tx('desk.filter.status'))) }));
    await userEvent.click(await screen.findByRole('option', { name: tx('requests.status.in_progress') }));
    await waitFor(() => expect(history.location.search).toBe('?status=in_progress'));
    await userEvent.click(within(main).getByRole('button', { name: new RegExp(escape(tx('desk.filter.kind'))) }));
    await userEvent.click(await screen.findByRole('option', { name: tx('requests.kind.project-registration-usa') }));
    await userEvent.type(within(main).getByRole('searchbox', { name: label('desk.filter.search') }), 'lobby');

    await waitFor(() => expect(api.callsTo('GET', INBOX).at(-1)?.query.get('search')).toBe('lobby'));
    const last = api.callsTo('GET', INBOX).at(-1);
    expect(last?.query.get('status')).toBe('in_progress');
    expect(last?.query.get('kind')).toBe('project-registration-usa');
    expect(last?.query.get('page')).toBe('1');
    // Typed letter by letter, the text is asked for once.
    expect(api.callsTo('GET', INBOX).filter((call) => call.query.has('search'))).toHaveLength(1);
  });

  it('says when the inbox cannot be loaded, and tries again', async () => {
    let fail = true;
    const api = deskApi(sales(), { before: (call) => (call.path === INBOX && fail ? failure(500, 'INTERNAL') : undefined) });
    const { main } = await openPage('/desk', api);
    expect(await within(main).findByRole('alert')).toHaveTextContent(tx('desk.loadFailed'));
    fail = false;
    await userEvent.click(within(main).getByRole('button', { name: tx('dataTable.retry') }));
    expect(await within(main).findByText(tx('desk.count_other', { count: 30 }))).toBeInTheDocument();
  });
});

describe('/desk/requests/{id}: a request', () => {
  it('shows what was asked, by whom, where, the project as sent and the files', async () => {
    const downloads = catchDownloads();
    onTestFinished(downloads.restore);
    const api = deskApi();
    const { main } = await openPage('/desk/requests/41', api);
    expect(await within(main).findByRole('heading', { level: 1, name: `${tx('requests.number', { number: 41 })} · Budget request` })).toBeInTheDocument();
    const facts = within(main).getByRole('heading', { level: 1 }).parentElement as HTMLElement;
    expect(facts).toHaveTextContent(tx('projects.catalog.16'));
    // The requester's language, in which the reply is mailed.
    expect(facts).toHaveTextContent(tx('desk.language', { language: tx('language.es') }));
    expect(within(main).getByText('Necesitamos precio para 30 unidades antes del viernes.')).toBeInTheDocument();
    const contact = within(main).getByRole('region', { name: tx('desk.section.contact') });
    expect(within(contact).getByRole('link', { name: 'diego@example.com' })).toHaveAttribute('href', 'mailto:diego@example.com');
    expect(contact).toHaveTextContent('Luminotecnia Norte S.L.');
    expect(await within(contact).findByText('Valencia, Valencia, Spain')).toBeInTheDocument();
    const project = within(main).getByRole('table', { name: tx('requests.snapshot.caption_one', { name: 'Lobby', count: 1 }) });
    expect(project).toHaveTextContent('027001/03_10');
    expect(project).toHaveTextContent('30');
    await userEvent.click(within(main).getByRole('button', { name: tx('requests.files.downloadFile', { name: 'plan.pdf' }) }));
    await waitFor(() => expect(downloads.saved).toEqual(['plan.pdf']));
    expect(within(main).getByText(tx('requests.replies.none'))).toBeInTheDocument();
  });

  it('replies: checks the text, sends it, and shows it in the conversation with the request answered', async () => {
    const api = deskApi();
    const { main } = await openPage('/desk/requests/41', api);
    const reply = await within(main).findByRole('form', { name: tx('desk.reply.title') });
    await userEvent.click(within(reply).getByRole('button', { name: tx('desk.reply.send') }));
    expect(within(reply).getByText(tx('formError.required'))).toBeInTheDocument();
    await fill(within(reply).getByRole('textbox', { name: label('desk.reply.label') }), 'Hola Diego: te adjunto el precio. 4.120 EUR.');
    await userEvent.click(within(reply).getByRole('button', { name: tx('desk.reply.send') }));

    expect(await within(main).findByText(tx('desk.reply.sent', { email: 'diego@example.com' }))).toBeInTheDocument();
    expect(api.callsTo('POST', `${INBOX}/41/replies`).map((call) => call.body)).toEqual([{ message: 'Hola Diego: te adjunto el precio. 4.120 EUR.' }]);
    const conversation = within(main).getByRole('list', { name: tx('requests.replies.title') });
    expect(await within(conversation).findByText('Hola Diego: te adjunto el precio. 4.120 EUR.')).toBeInTheDocument();
    expect(conversation).toHaveTextContent('Samuel Ventas');
    expect(within(main).getByRole('heading', { level: 1 }).parentElement).toHaveTextContent(tx('requests.status.answered'));
    // A fresh reply box.
    expect(within(main).getByRole('textbox', { name: label('desk.reply.label') })).toHaveValue('');
  });

  it('moves the request along: each status but the current one', async () => {
    const api = deskApi();
    const { main } = await openPage('/desk/requests/41', api);
    const group = await within(main).findByRole('group', { name: tx('desk.status.group') });
    expect(within(group).getAllByRole('button').map((button) => button.textContent)).toEqual([tx('desk.status.in_progress'), tx('desk.status.answered'), tx('desk.status.closed')]);
    await userEvent.click(within(group).getByRole('button', { name: tx('desk.status.closed') }));
    await waitFor(() => expect(within(group).queryByRole('button', { name: tx('desk.status.closed') })).not.toBeInTheDocument());
    expect(api.callsTo('PATCH', `${INBOX}/41`).map((call) => call.body)).toEqual([{ status: 'closed' }]);
    expect(within(main).getByRole('heading', { level: 1 }).parentElement).toHaveTextContent(tx('requests.status.closed'));
  });

  it('a registration shows what it registered', async () => {
    const api = deskApi(sales(), {
      detail: { kind: 'project-registration-usa', subject: 'Project registration (United States)', message: '', attachments: [] },
      before: (call) =>
        call.path === '/api/support/v1/support-request/project-registration/5'
          ? json(200, {
              id: 41,
              status: 'received',
              createdAt: '2026-05-04T09:30:00.000Z',
              siteLocation: { country: 'US', region: 'NY' },
              specifier: { name: 'Nora Lee', email: 'nora@studio.example', company: 'Lee Studio' },
              stage: 'bidding',
              expectedBidDate: null,
              expectedOrderDate: '2026-09-01',
              expectedInstallationDate: null,
              competitors: 'Brand X',
              notes: null,
              project: { id: 5, name: 'Loft', catalogId: 21, lines: [] },
            })
          : undefined,
    });
    const { main } = await openPage('/desk/requests/41', api);
    const registration = await within(main).findByRole('region', { name: tx('desk.section.registration') });
    expect(registration).toHaveTextContent('Nora Lee · nora@studio.example · Lee Studio');
    expect(registration).toHaveTextContent(tx('registration.stage.bidding'));
    expect(registration).toHaveTextContent('Brand X');
    expect(within(main).getByText(tx('requests.files.none'))).toBeInTheDocument();
  });

  it('a request of another catalogue (or none) is not found', async () => {
    const { main } = await openPage('/desk/requests/40', deskApi());
    expect(await within(main).findByRole('heading', { level: 1, name: tx('desk.notFoundTitle') })).toBeInTheDocument();
    expect(within(main).getByRole('link', { name: tx('desk.backToInbox') })).toHaveAttribute('href', '/desk');
  });
});

import type { Account } from '@lumen/contracts';
import { TRANSLATIONS } from '@lumen/i18n';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createFakeApi, failure, json, makeAccount, type FakeApi } from '../../../test/fake-api';
import { createFakeXhr } from '../../../test/fake-xhr';
import { fill } from '../../../test/fill';
import { renderApp } from '../../../test/render-app';

const texts = { ...TRANSLATIONS['fr-widgets'].en, ...TRANSLATIONS['common-front'].en, ...TRANSLATIONS['fr-eproject'].en };
const tx = (key: string, values: Record<string, string | number> = {}) =>
  (texts[key] ?? key).replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name] ?? ''));
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** A field's accessible name starts with its label (a required one adds its marker). */
const label = (key: string) => new RegExp(`^${escape(tx(key))}`);
/** The subject select's button is named by its value, then its label. */
const SUBJECT = new RegExp(escape(tx('support.field.subject')));

const TYPES_PATH = '/api/support/v1/support-types';
const REQUEST_PATH = '/api/support/v1/support-request';
const UPLOAD_PATH = '/api/images/v1/files/temp';
const UPLOAD_ID = '6f1c2a8e-7d5b-4c3a-9e1f-0a2b3c4d5e6f';

type Handler = Parameters<FakeApi['handle']>[0];

/** The api's support calls: two subjects, uploads accepted, requests numbered from 41; `first` answers before them. */
function supportApi(account: Account | null = null, first?: Handler): FakeApi {
  const api = createFakeApi(account ? { account } : {});
  if (first) api.handle(first);
  api.handle((call) => {
    if (call.method === 'GET' && call.path === TYPES_PATH)
      return json(200, [
        { id: 1, code: 'product-information', name: 'Product information' },
        { id: 2, code: 'technical-question', name: 'Technical question' },
      ]);
    if (call.method === 'POST' && call.path === UPLOAD_PATH) {
      const file = (call.body as FormData).get('file') as File;
      return json(201, { id: UPLOAD_ID, name: file.name, extension: 'pdf', contentType: 'application/pdf', size: file.size, expiresAt: '2026-05-02T10:00:00.000Z' });
    }
    if (call.method === 'POST' && call.path === REQUEST_PATH) return json(201, { id: 41, status: 'received', createdAt: '2026-05-01T10:00:00.000Z' });
    return undefined;
  });
  return api;
}

async function openSupportPage(api: FakeApi) {
  vi.stubGlobal('XMLHttpRequest', createFakeXhr(api.fetch).XMLHttpRequest);
  const app = await renderApp('/support', api);
  const main = await screen.findByRole('main');
  await within(main).findByRole('heading', { level: 1, name: tx('support.page.title') });
  // The subjects have arrived once the select can be opened.
  await waitFor(() => expect(within(main).getByRole('button', { name: SUBJECT })).toBeEnabled());
  return { ...app, main };
}

async function chooseSubject(scope: HTMLElement, name: string) {
  await userEvent.click(within(scope).getByRole('button', { name: SUBJECT }));
  await userEvent.click(await screen.findByRole('option', { name }));
}

function requestBodies(api: FakeApi) {
  return api.callsTo('POST', REQUEST_PATH).map((call) => call.body);
}

afterEach(() => vi.unstubAllGlobals());

describe('the support page for a visitor', () => {
  it('asks for a subject, a message and where to reply, checking each before sending', async () => {
    const api = supportApi();
    const { main } = await openSupportPage(api);
    expect(api.callsTo('GET', TYPES_PATH)[0]?.query.has('roleIds')).toBe(false);
    expect(api.callsTo('GET', TYPES_PATH)[0]?.query.get('catalogId')).toBe('16');
    await userEvent.click(within(main).getByRole('button', { name: tx('support.form.submit') }));
    // Subject, message, name and e-mail are required of a visitor; phone and company are not.
    expect(within(main).getAllByText(tx('formError.required'))).toHaveLength(4);
    // The first of them, at the top of a long form, takes the focus.
    await waitFor(() => expect(within(main).getByRole('button', { name: SUBJECT })).toHaveFocus());
    await fill(within(main).getByRole('textbox', { name: label('support.field.email') }), 'not-an-address');
    await fill(within(main).getByRole('textbox', { name: label('support.field.phone') }), 'call me');
    await userEvent.tab();
    expect(within(main).getByText(tx('formError.email'))).toBeInTheDocument();
    expect(within(main).getByText(tx('formError.phone'))).toBeInTheDocument();
    expect(requestBodies(api)).toHaveLength(0);
  });

  it('counts the message’s characters against 4,000', async () => {
    const { main } = await openSupportPage(supportApi());
    const message = within(main).getByRole('textbox', { name: label('support.field.message') });
    expect(message).toHaveAttribute('maxlength', '4000');
    await userEvent.type(message, 'Hello');
    expect(within(main).getByText(tx('textarea.counter', { count: 5, max: 4000 }))).toBeInTheDocument();
  });

  it('sends the request with its file and the visitor’s contact, then names the request number', async () => {
    const api = supportApi();
    const { main, container } = await openSupportPage(api);
    await chooseSubject(main, 'Technical question');
    await fill(within(main).getByRole('textbox', { name: label('support.field.message') }), 'Which driver fits the Skan pendant?');
    await userEvent.upload(container.querySelector<HTMLInputElement>('input[type="file"]') as HTMLInputElement, new File(['%PDF-1.4'], 'plan.pdf'));
    await within(main).findByText(tx('upload.attached', { size: '8 bytes' }));
    await fill(within(main).getByRole('textbox', { name: label('support.field.name') }), 'Lea Visitor');
    await fill(within(main).getByRole('textbox', { name: label('support.field.email') }), 'lea@example.com');
    await userEvent.click(within(main).getByRole('button', { name: tx('support.form.submit') }));

    const status = await within(main).findByRole('status');
    expect(status).toHaveTextContent(tx('support.sent.title', { number: 41 }));
    expect(status).toHaveTextContent(tx('support.sent.body', { email: 'lea@example.com' }));
    expect(requestBodies(api)).toEqual([
      { catalogId: 16, lang: 'en', typeId: 2, message: 'Which driver fits the Skan pendant?', files: [UPLOAD_ID], contact: { name: 'Lea Visitor', email: 'lea@example.com' } },
    ]);
    expect(api.callsTo('POST', UPLOAD_PATH)[0]?.query.get('domain')).toBe('support');
    expect(api.callsTo('POST', UPLOAD_PATH)[0]?.query.get('entity')).toBe('support-request');

    await userEvent.click(within(main).getByRole('button', { name: tx('support.sent.another') }));
    expect(within(main).getByRole('textbox', { name: label('support.field.message') })).toHaveValue('');
  });

  it('waits for files still uploading before sending', async () => {
    const api = supportApi();
    const { main, container } = await openSupportPage(api);
    // This time the upload never finishes.
    const xhr = createFakeXhr(api.fetch, { manual: true });
    vi.stubGlobal('XMLHttpRequest', xhr.XMLHttpRequest);
    await chooseSubject(main, 'Product information');
    await fill(within(main).getByRole('textbox', { name: label('support.field.message') }), 'Price list, please.');
    await fill(within(main).getByRole('textbox', { name: label('support.field.name') }), 'Lea');
    await fill(within(main).getByRole('textbox', { name: label('support.field.email') }), 'lea@example.com');
    await userEvent.upload(container.querySelector<HTMLInputElement>('input[type="file"]') as HTMLInputElement, new File(['notes'], 'notes.txt'));
    await userEvent.click(within(main).getByRole('button', { name: tx('support.form.submit') }));
    expect(await within(main).findByText(tx('support.form.waitForFiles'))).toBeInTheDocument();
    expect(requestBodies(api)).toHaveLength(0);
  });

  it('shows the api’s field errors beside their fields and its refusal above the form', async () => {
    let answers = 0;
    const api = supportApi(null, (call) => {
      if (call.path !== REQUEST_PATH) return undefined;
      answers += 1;
      if (answers === 1)
        return json(400, { ErrorCode: 400, ErrorDescription: 'Bad', code: 'VALIDATION_FAILED', fields: [{ path: 'body.contact.email', message: 'formError.email' }] });
      return failure(429, 'RATE_LIMITED');
    });
    const { main } = await openSupportPage(api);
    await chooseSubject(main, 'Product information');
    await fill(within(main).getByRole('textbox', { name: label('support.field.message') }), 'Hello');
    await fill(within(main).getByRole('textbox', { name: label('support.field.name') }), 'Lea');
    await fill(within(main).getByRole('textbox', { name: label('support.field.email') }), 'lea@example.com');
    await userEvent.click(within(main).getByRole('button', { name: tx('support.form.submit') }));
    expect(await within(main).findByRole('alert')).toHaveTextContent(tx('error.supportRequest.400'));
    expect(within(main).getByRole('textbox', { name: label('support.field.email') })).toHaveAccessibleDescription(tx('formError.email'));
    await waitFor(() => expect(within(main).getByRole('textbox', { name: label('support.field.email') })).toHaveFocus());
    await userEvent.click(within(main).getByRole('button', { name: tx('support.form.submit') }));
    await waitFor(() => expect(within(main).getByRole('alert')).toHaveTextContent(tx('error.supportRequest.429')));
  });

  it('offers "Try again" when the subjects cannot be loaded', async () => {
    let refused = false;
    const api = supportApi(null, (call) => {
      if (call.path !== TYPES_PATH || refused) return undefined;
      refused = true;
      return failure(503, 'UNAVAILABLE');
    });
    vi.stubGlobal('XMLHttpRequest', createFakeXhr(api.fetch).XMLHttpRequest);
    await renderApp('/support', api);
    const main = await screen.findByRole('main');
    expect(await within(main).findByText(tx('support.form.typesFailed'))).toBeInTheDocument();
    await userEvent.click(within(main).getByRole('button', { name: tx('support.form.retry') }));
    await waitFor(() => expect(within(main).getByRole('button', { name: SUBJECT })).toBeEnabled());
  });
});

describe('the support page for a logged-in user', () => {
  const account = makeAccount({
    role: 'specifier',
    name: 'Ann Example',
    email: 'ann@example.com',
    company: { id: 3, name: 'Studio Nord', crmId: null, companyType: { id: 1, description: 'Architecture studio' } },
  });

  it('fills the contact from the account (name and e-mail read-only) and sends only what the user added', async () => {
    const api = supportApi(account);
    const { main } = await openSupportPage(api);
    expect(api.callsTo('GET', TYPES_PATH)[0]?.query.get('roleIds')).toBe('2');
    expect(within(main).getByText(tx('support.contact.fromAccount'))).toBeInTheDocument();
    const name = within(main).getByRole('textbox', { name: label('support.field.name') });
    const address = within(main).getByRole('textbox', { name: label('support.field.email') });
    expect(name).toHaveValue('Ann Example');
    expect(name).toHaveAttribute('readonly');
    expect(address).toHaveValue('ann@example.com');
    expect(address).toHaveAttribute('readonly');
    expect(within(main).getByRole('textbox', { name: label('support.field.company') })).toHaveValue('Studio Nord');

    await chooseSubject(main, 'Product information');
    await fill(within(main).getByRole('textbox', { name: label('support.field.message') }), 'Lead time for 40 units?');
    await fill(within(main).getByRole('textbox', { name: label('support.field.phone') }), '+34 600 000 000');
    await userEvent.click(within(main).getByRole('button', { name: tx('support.form.submit') }));
    expect(await within(main).findByRole('status')).toHaveTextContent(tx('support.sent.body', { email: 'ann@example.com' }));
    expect(requestBodies(api)).toEqual([
      { catalogId: 16, lang: 'en', typeId: 1, message: 'Lead time for 40 units?', files: [], contact: { phone: '+34 600 000 000', company: 'Studio Nord' } },
    ]);
  });

  it('tells an account without support.request that it cannot ask, and hides the header link', async () => {
    const api = supportApi(makeAccount({ role: 'apiUser' }));
    vi.stubGlobal('XMLHttpRequest', createFakeXhr(api.fetch).XMLHttpRequest);
    await renderApp('/support', api);
    expect(await screen.findByText(tx('support.notAllowed'))).toBeInTheDocument();
    expect(within(screen.getByRole('banner')).queryByRole('link', { name: tx('header.support') })).not.toBeInTheDocument();
    expect(api.callsTo('GET', TYPES_PATH)).toHaveLength(0);
  });
});

describe('the support view of the auth modal', () => {
  it('opens from the login view, sends, says so with the number and closes', async () => {
    const api = supportApi();
    vi.stubGlobal('XMLHttpRequest', createFakeXhr(api.fetch).XMLHttpRequest);
    await renderApp('/', api);
    const banner = screen.getByRole('banner');
    expect(within(banner).getByRole('link', { name: tx('header.support') })).toHaveAttribute('href', '/support');
    expect(within(screen.getByRole('contentinfo')).getByRole('link', { name: tx('footer.support') })).toHaveAttribute('href', '/support');
    await userEvent.click(within(banner).getByRole('button', { name: tx('header.login') }));
    const login = await screen.findByRole('dialog', { name: tx('auth.login.title') });
    await userEvent.click(within(login).getByRole('button', { name: tx('auth.login.toSupport') }));
    const dialog = await screen.findByRole('dialog', { name: tx('support.modal.title') });
    await waitFor(() => expect(within(dialog).getByRole('button', { name: SUBJECT })).toBeEnabled());
    await chooseSubject(dialog, 'Product information');
    await fill(within(dialog).getByRole('textbox', { name: label('support.field.message') }), 'I cannot log in.');
    await fill(within(dialog).getByRole('textbox', { name: label('support.field.name') }), 'Lea');
    await fill(within(dialog).getByRole('textbox', { name: label('support.field.email') }), 'lea@example.com');
    await userEvent.click(within(dialog).getByRole('button', { name: tx('support.form.submit') }));
    expect(await within(dialog).findByRole('status')).toHaveTextContent(tx('support.sent.title', { number: 41 }));
    await userEvent.click(within(dialog).getByRole('button', { name: tx('support.sent.close') }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});

import { AUTH_FRAME_SOURCE } from '@lumen/contracts/constants';
import { TRANSLATIONS } from '@lumen/i18n';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createFakeApi, failure, makeAccount } from '../../../test/fake-api';
import { fill } from '../../../test/fill';
import { renderApp } from '../../../test/render-app';
import { socialPopupMessage } from './frame/frame-messenger';

const ep = TRANSLATIONS['fr-eproject'].en;
const text = (value: string | undefined) => value ?? '';
const HOST = 'https://partner.example';

/** The frame's parent window: the host page, whose postMessage the test reads. */
const host = { postMessage: vi.fn() };

function framed() {
  Object.defineProperty(window, 'parent', { configurable: true, value: host });
}

beforeEach(() => {
  host.postMessage.mockClear();
  framed();
});
afterEach(() => {
  Object.defineProperty(window, 'parent', { configurable: true, value: window });
});

/** What the frame posted to its host, as [type, view, reason?], and every target origin it used. */
function posted() {
  const calls = host.postMessage.mock.calls as Array<[{ type: string; view: string; reason?: string; source: string }, string]>;
  return {
    messages: calls.map(([message]) => [message.type, message.view, ...(message.reason ? [message.reason] : [])]),
    targets: new Set(calls.map(([, target]) => target)),
    sources: new Set(calls.map(([message]) => message.source)),
  };
}

function fromHost(data: unknown, origin = HOST, source: unknown = host) {
  act(() => {
    window.dispatchEvent(new MessageEvent('message', { data, origin, source: source as MessageEventSource }));
  });
}

const partnerConfig = { config: { frameAncestors: [HOST] } };

describe('the auth views in a partner frame (issue 17 §5)', () => {
  it('refuse to show outside a frame, or for a host that is not a partner', async () => {
    Object.defineProperty(window, 'parent', { configurable: true, value: window });
    await renderApp(`/iframe/auth/login?host=${encodeURIComponent(HOST)}`, createFakeApi(partnerConfig));
    expect(await screen.findByRole('alert')).toHaveTextContent(text(ep['auth.frame.refused']));
    framed();
    await renderApp(`/iframe/auth/login?host=${encodeURIComponent('https://evil.test')}`, createFakeApi(partnerConfig));
    expect((await screen.findAllByRole('alert')).at(-1)).toHaveTextContent(text(ep['auth.frame.refused']));
    expect(host.postMessage).not.toHaveBeenCalled();
  });

  it('log in, then tell the host: logged and jwt token saved, at its origin only', async () => {
    const api = createFakeApi({ ...partnerConfig, users: [makeAccount({ email: 'ann@example.com' })] });
    await renderApp(`/iframe/auth/login?host=${encodeURIComponent(HOST)}`, api);
    const main = await screen.findByRole('main');
    expect(within(main).getByRole('heading', { level: 1, name: text(ep['auth.login.title']) })).toBeInTheDocument();
    await fill(within(main).getByLabelText(new RegExp(text(ep['auth.field.email']))), 'ann@example.com');
    await fill(within(main).getByLabelText(new RegExp(`^${text(ep['auth.field.password'])}`)), 'demo-password');
    await userEvent.click(within(main).getByRole('button', { name: text(ep['auth.login.submit']) }));
    expect(await within(main).findByRole('status')).toHaveTextContent(text(ep['auth.frame.done']));
    const { messages, targets, sources } = posted();
    expect(messages).toEqual([
      ['logged', 'login'],
      ['jwt-token-saved', 'login'],
    ]);
    expect([...targets]).toEqual([HOST]);
    expect([...sources]).toEqual([AUTH_FRAME_SOURCE]);
  });

  it('tell the host of a login timeout', async () => {
    // Calls time out after 300 ms; the login call answers only after the client gave up on it.
    const api = createFakeApi({ config: { frameAncestors: [HOST], timeouts: { clientMs: 300, uploadMs: 60_000 } } });
    api.handle((call) =>
      call.method === 'POST' && call.path === '/api/users/v1/auth/login'
        ? new Promise<Response>((_resolve, reject) => setTimeout(() => reject(new DOMException('The operation was aborted.', 'AbortError')), 600))
        : undefined,
    );
    await renderApp(`/iframe/auth/login?host=${encodeURIComponent(HOST)}`, api);
    const main = await screen.findByRole('main');
    await fill(within(main).getByLabelText(new RegExp(text(ep['auth.field.email']))), 'ann@example.com');
    await fill(within(main).getByLabelText(new RegExp(`^${text(ep['auth.field.password'])}`)), 'demo-password');
    await userEvent.click(within(main).getByRole('button', { name: text(ep['auth.login.submit']) }));
    await waitFor(() => expect(posted().messages).toEqual([['login-timeout', 'login']]));
  });

  it('qualification: closing counts as qualified error; the host may show and close the view', async () => {
    const api = createFakeApi({ ...partnerConfig, account: makeAccount({ email: 'wendy@example.com' }) });
    await renderApp(`/iframe/auth/qualification?host=${encodeURIComponent(HOST)}`, api);
    const main = await screen.findByRole('main');
    await within(main).findByRole('heading', { level: 1, name: text(ep['auth.qualification.title']) });
    // Closing the view is a failure event of the view (spec §4), then close.
    await userEvent.click(within(main).getByRole('button', { name: text(ep['auth.frame.close']) }));
    expect(posted().messages).toEqual([
      ['qualified-error', 'qualification', 'closed'],
      ['close', 'qualification'],
    ]);
    // The host shows the view again, then closes it with its own command.
    fromHost({ source: AUTH_FRAME_SOURCE, type: 'show', view: 'qualification' });
    await within(main).findByRole('button', { name: text(ep['auth.qualification.submit']) });
    fromHost({ source: AUTH_FRAME_SOURCE, type: 'close' });
    expect(posted().messages.slice(2)).toEqual([
      ['qualified-error', 'qualification', 'closed'],
      ['close', 'qualification'],
    ]);
  });

  it('a failed qualification is a qualified error; a qualification that goes through, qualified success', { timeout: 40_000 }, async () => {
    const api = createFakeApi({ ...partnerConfig, account: makeAccount({ email: 'wendy@example.com' }) });
    let refusals = 1;
    api.handle((call) => (call.method === 'POST' && call.path === '/api/users/v1/auth/qualification' && refusals-- > 0 ? failure(400, 'VALIDATION_FAILED') : undefined));
    await renderApp(`/iframe/auth/qualification?host=${encodeURIComponent(HOST)}`, api);
    const main = await screen.findByRole('main');
    await userEvent.click(await within(main).findByRole('button', { name: new RegExp(text(ep['auth.field.profession'])) }));
    await userEvent.click(await screen.findByRole('option', { name: 'Architect' }));
    await fill(within(main).getByRole('textbox', { name: new RegExp(text(ep['auth.field.companyName'])) }), 'Studio Nord');
    await userEvent.click(within(main).getByRole('button', { name: new RegExp(text(ep['auth.field.companyType'])) }));
    await userEvent.click(await screen.findByRole('option', { name: 'Architecture studio' }));
    await userEvent.click(within(main).getByRole('button', { name: new RegExp(text(ep['auth.field.country'])) }));
    await userEvent.click(await screen.findByRole('option', { name: 'Spain' }));
    await userEvent.click(within(main).getByRole('button', { name: text(ep['auth.qualification.submit']) }));
    await waitFor(() => expect(posted().messages).toEqual([['qualified-error', 'qualification', 'VALIDATION_FAILED']]));
    await userEvent.click(within(main).getByRole('button', { name: text(ep['auth.qualification.submit']) }));
    expect(await within(main).findByRole('status')).toHaveTextContent(text(ep['auth.frame.done']));
    expect(posted().messages.slice(1)).toEqual([['qualified-success', 'qualification']]);
  });

  it('ignore and report messages from other origins and windows, and malformed ones', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const api = createFakeApi({ ...partnerConfig, account: makeAccount({ email: 'wendy@example.com' }) });
    await renderApp(`/iframe/auth/qualification?host=${encodeURIComponent(HOST)}`, api);
    const main = await screen.findByRole('main');
    await within(main).findByRole('heading', { level: 1, name: text(ep['auth.qualification.title']) });
    fromHost({ source: AUTH_FRAME_SOURCE, type: 'close' }, 'https://evil.test');
    fromHost({ source: AUTH_FRAME_SOURCE, type: 'close' }, HOST, window);
    fromHost({ source: AUTH_FRAME_SOURCE, type: 'show', view: 'admin' });
    expect(host.postMessage).not.toHaveBeenCalled();
    expect(within(main).getByRole('button', { name: text(ep['auth.frame.close']) })).toBeInTheDocument();
    expect(warn.mock.calls.map(([message]) => String(message))).toEqual([
      '[auth frame] message ignored (origin) from https://evil.test',
      `[auth frame] message ignored (source) from ${HOST}`,
      `[auth frame] message ignored (malformed) from ${HOST}`,
    ]);
    warn.mockRestore();
  });

  it('social sign-up in a pop-up: its result reaches the host as social sign-up success or error', async () => {
    const popup = { closed: false };
    const open = vi.spyOn(window, 'open').mockReturnValue(popup as unknown as Window);
    const api = createFakeApi({ config: { frameAncestors: [HOST], socialProviders: ['linkedin'] } });
    await renderApp(`/iframe/auth/login?host=${encodeURIComponent(HOST)}`, api);
    const main = await screen.findByRole('main');
    const button = await within(main).findByRole('button', { name: 'Continue with LinkedIn' });
    await userEvent.click(button);
    expect(open.mock.calls[0]?.[0]).toBe('/api/users/v1/auth/social/linkedin/start?frame=1');
    // A stranger's window cannot pass for the pop-up; the pop-up's own error can.
    fromHost(socialPopupMessage('error', 'state'), window.location.origin, window);
    fromHost(socialPopupMessage('error', 'email-unverified'), window.location.origin, popup);
    expect(await within(main).findByRole('alert')).toHaveTextContent(text(ep['auth.socialResult.reason.email-unverified']).replace('{{provider}}', 'LinkedIn'));
    expect(posted().messages).toEqual([['social-sign-up-error', 'login', 'email-unverified']]);

    // Again, and this time the provider signed the user up: the account is read, and the host told.
    api.state.account = makeAccount({ email: 'lucia@example.com' });
    document.cookie = 'hasSession=1; path=/';
    await userEvent.click(within(main).getByRole('button', { name: text(ep['auth.socialResult.tryAgain']) }));
    await userEvent.click(await within(main).findByRole('button', { name: 'Continue with LinkedIn' }));
    fromHost(socialPopupMessage('signed-up'), window.location.origin, popup);
    await waitFor(() =>
      expect(posted().messages.slice(1)).toEqual([
        ['social-sign-up-success', 'login'],
        ['jwt-token-saved', 'login'],
      ]),
    );
    open.mockRestore();
  });

  it('project-budget: after login a web user qualifies first, then the host is told', async () => {
    const api = createFakeApi({ ...partnerConfig, users: [makeAccount({ email: 'ann@example.com' })] });
    await renderApp(`/iframe/auth/login?host=${encodeURIComponent(HOST)}&flow=project-budget`, api);
    const main = await screen.findByRole('main');
    await fill(within(main).getByLabelText(new RegExp(text(ep['auth.field.email']))), 'ann@example.com');
    await fill(within(main).getByLabelText(new RegExp(`^${text(ep['auth.field.password'])}`)), 'demo-password');
    await userEvent.click(within(main).getByRole('button', { name: text(ep['auth.login.submit']) }));
    await within(main).findByRole('heading', { level: 1, name: text(ep['auth.qualification.title']) });
    expect(posted().messages).toEqual([
      ['logged', 'login'],
      ['jwt-token-saved', 'login'],
    ]);
  });
});

describe('social sign-up buttons (issue 17 §4)', () => {
  it('none configured, none shown; configured, one link each to its start', async () => {
    Object.defineProperty(window, 'parent', { configurable: true, value: window });
    const bare = await renderApp('/iframe/auth/login', createFakeApi());
    expect(screen.queryByText(/Continue with/)).not.toBeInTheDocument();
    bare.unmount();
    await renderApp('/social-sign-up?result=error&provider=facebook&reason=nonce', createFakeApi({ config: { socialProviders: ['facebook', 'linkedin'] } }));
    expect(await screen.findByRole('alert')).toHaveTextContent(text(ep['auth.socialResult.reason.nonce']).replace('{{provider}}', 'Facebook'));
    await userEvent.click(screen.getByRole('button', { name: text(ep['auth.socialResult.tryAgain']) }));
    const dialog = await screen.findByRole('dialog', { name: text(ep['auth.login.title']) });
    expect(within(dialog).getByRole('link', { name: 'Continue with Facebook' })).toHaveAttribute('href', '/api/users/v1/auth/social/facebook/start');
    expect(within(dialog).getByRole('link', { name: 'Continue with LinkedIn' })).toHaveAttribute('href', '/api/users/v1/auth/social/linkedin/start');
  });

  it("links an existing account with its password on the result page", async () => {
    Object.defineProperty(window, 'parent', { configurable: true, value: window });
    const api = createFakeApi();
    const account = makeAccount({ email: 'owner@example.com' });
    api.handle((call) => {
      if (call.path !== '/api/users/v1/auth/social/link') return undefined;
      if (call.method === 'GET') return Promise.resolve(new Response(JSON.stringify({ provider: 'linkedin', email: 'owner@example.com' }), { status: 200, headers: { 'content-type': 'application/json' } }));
      const { password } = call.body as { password: string };
      if (password !== 'right-password') return failure(400, 'WRONG_PASSWORD');
      api.state.account = account;
      return Promise.resolve(new Response(JSON.stringify(account), { status: 200, headers: { 'content-type': 'application/json' } }));
    });
    await renderApp('/social-sign-up?result=link&provider=linkedin', api);
    const form = await screen.findByRole('form', { name: text(ep['auth.socialLink.title']).replace('{{provider}}', 'LinkedIn') });
    expect(form).toHaveTextContent('owner@example.com');
    await fill(within(form).getByLabelText(new RegExp(`^${text(ep['auth.field.password'])}`)), 'wrong');
    await userEvent.click(within(form).getByRole('button', { name: text(ep['auth.socialLink.submit']) }));
    expect(await within(form).findByRole('alert')).toBeInTheDocument();
    const password = within(form).getByLabelText(new RegExp(`^${text(ep['auth.field.password'])}`));
    await userEvent.clear(password);
    await fill(password, 'right-password');
    await userEvent.click(within(form).getByRole('button', { name: text(ep['auth.socialLink.submit']) }));
    expect(await screen.findByRole('status')).toHaveTextContent(text(ep['auth.socialLink.done']).replace('{{provider}}', 'LinkedIn'));
    expect(api.callsTo('POST', '/api/users/v1/auth/social/link')[1]?.body).toEqual({ password: 'right-password' });
  });
});

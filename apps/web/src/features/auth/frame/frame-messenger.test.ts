import { AUTH_FRAME_SOURCE } from '@lumen/contracts/constants';
import { describe, expect, it, vi } from 'vitest';
import { announceSocialResult, canonicalOrigin, createFrameMessenger, type MessageSourceWindow, originAllowed, socialPopupMessage, verifyHostOrigin } from './frame-messenger';

const PARTNERS = ['https://partner.example', 'https://*.dealers.example:8443', 'http://127.0.0.1:3206'];

describe('partner origins (FRAME_ANCESTORS matching)', () => {
  it('matches scheme, host and port as CSP does; *.host only for subdomains', () => {
    expect(originAllowed('https://partner.example', PARTNERS)).toBe(true);
    expect(originAllowed('https://partner.example:443', PARTNERS)).toBe(true);
    expect(originAllowed('http://partner.example', PARTNERS)).toBe(false);
    expect(originAllowed('https://partner.example:8443', PARTNERS)).toBe(false);
    expect(originAllowed('https://evil-partner.example', PARTNERS)).toBe(false);
    expect(originAllowed('https://partner.example.evil.test', PARTNERS)).toBe(false);
    expect(originAllowed('https://shop.dealers.example:8443', PARTNERS)).toBe(true);
    expect(originAllowed('https://a.b.dealers.example:8443', PARTNERS)).toBe(true);
    expect(originAllowed('https://dealers.example:8443', PARTNERS)).toBe(false);
    expect(originAllowed('https://shop.dealers.example', PARTNERS)).toBe(false);
    expect(originAllowed('http://127.0.0.1:3206', PARTNERS)).toBe(true);
    expect(originAllowed('http://127.0.0.1:3207', PARTNERS)).toBe(false);
    expect(originAllowed('null', PARTNERS)).toBe(false);
    expect(originAllowed('https://partner.example', [])).toBe(false);
  });

  it('takes only an exact origin from the address', () => {
    expect(canonicalOrigin('https://partner.example')).toBe('https://partner.example');
    expect(canonicalOrigin('https://partner.example/')).toBeNull();
    expect(canonicalOrigin('https://partner.example/page')).toBeNull();
    expect(canonicalOrigin('javascript:alert(1)')).toBeNull();
    expect(canonicalOrigin('null')).toBeNull();
    expect(canonicalOrigin(null)).toBeNull();
  });
});

describe("the host's origin, verified", () => {
  const base = { framed: true, requested: 'https://partner.example', allowed: PARTNERS };

  it('is the named host when it is a partner and the page that embeds the frame', () => {
    expect(verifyHostOrigin({ ...base, ancestorOrigins: ['https://partner.example'] })).toEqual({ ok: true, origin: 'https://partner.example' });
    expect(verifyHostOrigin({ ...base, referrer: 'https://partner.example/shop/cart' })).toEqual({ ok: true, origin: 'https://partner.example' });
    // Neither told (no ancestorOrigins, no referrer): the CSP frame-ancestors of the response already refused other sites.
    expect(verifyHostOrigin(base)).toEqual({ ok: true, origin: 'https://partner.example' });
  });

  it('is refused outside a frame, unnamed, not a partner, or not the real embedder', () => {
    expect(verifyHostOrigin({ ...base, framed: false })).toEqual({ ok: false, reason: 'not-framed' });
    expect(verifyHostOrigin({ ...base, requested: null })).toEqual({ ok: false, reason: 'no-host' });
    expect(verifyHostOrigin({ ...base, requested: 'https://evil.test' })).toEqual({ ok: false, reason: 'not-allowed' });
    expect(verifyHostOrigin({ ...base, ancestorOrigins: ['https://shop.dealers.example:8443'] })).toEqual({ ok: false, reason: 'mismatch' });
    expect(verifyHostOrigin({ ...base, referrer: 'https://evil.test/' })).toEqual({ ok: false, reason: 'mismatch' });
  });
});

/** A window double: the listeners it holds and a way to deliver a message event to them. */
function fakeWindow(origin = 'https://lumen.example') {
  const listeners = new Set<(event: MessageEvent) => void>();
  const self: MessageSourceWindow = {
    addEventListener: (_type, listener) => listeners.add(listener),
    removeEventListener: (_type, listener) => listeners.delete(listener),
    location: { origin },
  };
  const deliver = (data: unknown, eventOrigin: string, source: unknown) => {
    for (const listener of listeners) listener({ data, origin: eventOrigin, source } as MessageEvent);
  };
  return { self, deliver, listeners };
}

describe('the frame messenger', () => {
  const HOST = 'https://partner.example';

  function setup() {
    const { self, deliver, listeners } = fakeWindow();
    const parent = { postMessage: vi.fn() };
    const onCommand = vi.fn();
    const onRejected = vi.fn();
    let view: 'login' | 'qualification' = 'qualification';
    const messenger = createFrameMessenger({ self, parent, hostOrigin: HOST, view: () => view, onCommand, onRejected });
    return { messenger, parent, onCommand, onRejected, deliver, listeners, setView: (next: typeof view) => (view = next) };
  }

  it("posts the spec's events with the current view, to the host's origin only (never '*')", () => {
    const { messenger, parent, setView } = setup();
    messenger.post('qualified-success');
    messenger.post('qualified-error', 'closed');
    setView('login');
    messenger.post('logged');
    expect(parent.postMessage.mock.calls).toEqual([
      [{ source: AUTH_FRAME_SOURCE, type: 'qualified-success', view: 'qualification' }, HOST],
      [{ source: AUTH_FRAME_SOURCE, type: 'qualified-error', view: 'qualification', reason: 'closed' }, HOST],
      [{ source: AUTH_FRAME_SOURCE, type: 'logged', view: 'login' }, HOST],
    ]);
    for (const [, target] of parent.postMessage.mock.calls) expect(target).not.toBe('*');
  });

  it("takes the host's commands from the host only; other origins and windows are ignored and reported", () => {
    const { parent, onCommand, onRejected, deliver } = setup();
    deliver({ source: AUTH_FRAME_SOURCE, type: 'close' }, HOST, parent);
    expect(onCommand).toHaveBeenCalledWith({ source: AUTH_FRAME_SOURCE, type: 'close' });

    deliver({ source: AUTH_FRAME_SOURCE, type: 'close' }, 'https://evil.test', parent);
    deliver({ source: AUTH_FRAME_SOURCE, type: 'close' }, HOST, { other: 'window' });
    deliver({ source: AUTH_FRAME_SOURCE, type: 'show', view: 'admin' }, HOST, parent);
    expect(onCommand).toHaveBeenCalledTimes(1);
    expect(onRejected.mock.calls).toEqual([
      [{ origin: 'https://evil.test', reason: 'origin' }],
      [{ origin: HOST, reason: 'source' }],
      [{ origin: HOST, reason: 'malformed' }],
    ]);
  });

  it("hears its social sign-up pop-up once, on the platform's own origin only", () => {
    const { messenger, onRejected, onCommand, deliver } = setup();
    const popup = { name: 'popup' };
    const onResult = vi.fn();
    messenger.watchPopup(popup, onResult);
    deliver(socialPopupMessage('error', 'state'), 'https://evil.test', popup);
    expect(onRejected).toHaveBeenCalledWith({ origin: 'https://evil.test', reason: 'origin' });
    deliver(socialPopupMessage('signed-up'), 'https://lumen.example', popup);
    expect(onResult).toHaveBeenCalledWith({ source: AUTH_FRAME_SOURCE, type: 'social-result', result: 'signed-up' });
    // Heard once: the same window again is a stranger now.
    deliver(socialPopupMessage('signed-up'), 'https://lumen.example', popup);
    expect(onResult).toHaveBeenCalledTimes(1);
    expect(onCommand).not.toHaveBeenCalled();
  });

  it('stops listening when disposed', () => {
    const { messenger, listeners } = setup();
    expect(listeners.size).toBe(1);
    messenger.dispose();
    expect(listeners.size).toBe(0);
  });
});

describe("the social sign-up pop-up's result channel", () => {
  it('reaches the frame when the pop-up lost its opener (COOP), once, and only with a well-formed result', () => {
    const { self } = fakeWindow();
    const channels: Array<{ onmessage: ((event: MessageEvent) => void) | null; close: ReturnType<typeof vi.fn> }> = [];
    const messenger = createFrameMessenger({
      self,
      parent: { postMessage: vi.fn() },
      hostOrigin: 'https://partner.example',
      view: () => 'login',
      onCommand: vi.fn(),
      onRejected: vi.fn(),
      openChannel: () => {
        const channel = { onmessage: null, close: vi.fn() };
        channels.push(channel);
        return channel;
      },
    });
    const onResult = vi.fn();
    messenger.watchPopup({ name: 'popup' }, onResult);
    const channel = channels[0];
    channel?.onmessage?.({ data: { source: 'other', type: 'social-result', result: 'logged' } } as MessageEvent);
    expect(onResult).not.toHaveBeenCalled();
    channel?.onmessage?.({ data: socialPopupMessage('logged') } as MessageEvent);
    channel?.onmessage?.({ data: socialPopupMessage('error', 'state') } as MessageEvent);
    expect(onResult.mock.calls).toEqual([[{ source: AUTH_FRAME_SOURCE, type: 'social-result', result: 'logged' }]]);
    expect(channel?.close).toHaveBeenCalled();
  });

  it('the pop-up announces its end to its opener (own origin) and on the channel', () => {
    const opener = { postMessage: vi.fn() };
    const channel = { postMessage: vi.fn(), close: vi.fn() };
    announceSocialResult(socialPopupMessage('signed-up'), { opener, origin: 'https://lumen.example' }, () => channel);
    expect(opener.postMessage).toHaveBeenCalledWith(socialPopupMessage('signed-up'), 'https://lumen.example');
    expect(channel.postMessage).toHaveBeenCalledWith(socialPopupMessage('signed-up'));
    // No opener left: the channel alone.
    announceSocialResult(socialPopupMessage('error', 'denied'), { opener: null, origin: 'https://lumen.example' }, () => channel);
    expect(channel.postMessage).toHaveBeenLastCalledWith(socialPopupMessage('error', 'denied'));
  });
});

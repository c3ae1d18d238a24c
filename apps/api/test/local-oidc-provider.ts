import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider, { type KoaContextLike } from 'oidc-provider';

/**
 * A real OpenID Connect provider (oidc-provider) on 127.0.0.1 for the social sign-up tests (api
 * integration and Playwright). Its login page asks for an e-mail, a name and whether the e-mail is
 * verified, as a test wants the provider to vouch; the subject is `sub-<e-mail>` unless one is given.
 * Consent is implied. PKCE is required, as at the real providers.
 */
export interface LocalOidcProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  close(): Promise<void>;
}

interface LocalAccount {
  sub: string;
  email: string;
  name: string;
  verified: boolean;
}

const SCOPE = 'openid email profile';

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

async function readForm(request: IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

export async function startLocalOidcProvider(options: { redirectUris: string[]; clientId?: string; clientSecret?: string; port?: number }): Promise<LocalOidcProvider> {
  const clientId = options.clientId ?? 'lumen-test-client';
  const clientSecret = options.clientSecret ?? 'lumen-test-secret-0123456789';
  const accounts = new Map<string, LocalAccount>();
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const provider = new Provider(issuer, {
    clients: [{ client_id: clientId, client_secret: clientSecret, redirect_uris: options.redirectUris, grant_types: ['authorization_code'], response_types: ['code'] }],
    pkce: { required: () => true },
    cookies: { keys: ['local-oidc-provider-test-key'] },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx: unknown, interaction: { uid: string }) => `/interaction/${interaction.uid}` },
    findAccount: (_ctx: unknown, sub: string) => {
      const account = accounts.get(sub);
      if (!account) return undefined;
      return { accountId: sub, claims: () => ({ sub, email: account.email, email_verified: account.verified, name: account.name }) };
    },
    // Consent is implied for the test client: every asked scope is granted.
    loadExistingGrant: async (ctx: KoaContextLike) => {
      const accountId = ctx.oidc.session?.accountId;
      const clientIdOfRequest = ctx.oidc.client?.clientId;
      if (!accountId || !clientIdOfRequest) return undefined;
      const grant = new ctx.oidc.provider.Grant({ accountId, clientId: clientIdOfRequest });
      grant.addOIDCScope(SCOPE);
      await grant.save();
      return grant;
    },
    ttl: { AuthorizationCode: 60, IdToken: 300, AccessToken: 300, Interaction: 600, Session: 600, Grant: 600 },
  });
  const handle = provider.callback();

  server.on('request', (request: IncomingMessage, response: ServerResponse) => {
    const match = /^\/interaction\/([A-Za-z0-9_-]+)$/.exec((request.url ?? '').split('?')[0] ?? '');
    if (!match) {
      handle(request, response);
      return;
    }
    void (async () => {
      try {
        const details = await provider.interactionDetails(request, response);
        if (request.method === 'POST') {
          const form = await readForm(request);
          const email = (form.get('email') ?? '').trim();
          const sub = form.get('sub') || `sub-${email}`;
          accounts.set(sub, { sub, email, name: form.get('name') ?? '', verified: form.get('verified') === 'on' });
          await provider.interactionFinished(request, response, { login: { accountId: sub } }, { mergeWithLastSubmission: false });
          return;
        }
        response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        response.end(`<!doctype html><html lang="en"><head><title>Local provider sign-in</title></head><body>
<h1>Local provider sign-in</h1><p>Prompt: ${escapeHtml(details.prompt.name)}</p>
<form method="post" action="/interaction/${escapeHtml(details.uid)}">
<label>E-mail <input name="email" type="email" required></label>
<label>Name <input name="name"></label>
<label>Subject <input name="sub"></label>
<label><input name="verified" type="checkbox" checked> E-mail verified</label>
<button type="submit">Continue</button></form></body></html>`);
      } catch (error) {
        response.writeHead(400, { 'content-type': 'text/plain' });
        response.end(String(error));
      }
    })();
  });

  return {
    issuer,
    clientId,
    clientSecret,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A cookie jar browser for the provider's pages: follows its redirects until the platform's callback address. */
export class ProviderBrowser {
  private readonly cookies = new Map<string, string>();

  private async fetch(url: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    if (this.cookies.size > 0) headers.set('cookie', [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; '));
    const response = await fetch(url, { ...init, headers, redirect: 'manual' });
    for (const set of response.headers.getSetCookie()) {
      const [pair] = set.split(';');
      const index = pair?.indexOf('=') ?? -1;
      if (pair && index > 0) {
        const value = pair.slice(index + 1);
        if (value === '' || /max-age=0|expires=thu, 01 jan 1970/i.test(set)) this.cookies.delete(pair.slice(0, index));
        else this.cookies.set(pair.slice(0, index), value);
      }
    }
    return response;
  }

  /**
   * Opens the provider's authorization address, signs in on its login page as `user`, and returns
   * the address the provider sends the browser back to (the platform's callback with code and state).
   */
  async signIn(authorizationUrl: string, user: { email: string; name?: string; verified?: boolean; sub?: string }, callbackPrefix: string): Promise<URL> {
    let location = authorizationUrl;
    let submitted = false;
    for (let step = 0; step < 10; step += 1) {
      if (location.startsWith(callbackPrefix)) return new URL(location);
      const interaction = /\/interaction\/[A-Za-z0-9_-]+$/.exec(new URL(location).pathname);
      let response: Response;
      if (interaction && !submitted) {
        submitted = true;
        const form = new URLSearchParams({ email: user.email, name: user.name ?? '', sub: user.sub ?? '' });
        if (user.verified !== false) form.set('verified', 'on');
        response = await this.fetch(location, { method: 'POST', body: form, headers: { 'content-type': 'application/x-www-form-urlencoded' } });
      } else {
        response = await this.fetch(location);
      }
      const next = response.headers.get('location');
      if (!next) throw new Error(`the provider stopped at ${location}: ${response.status} ${(await response.text()).slice(0, 300)}`);
      location = new URL(next, location).href;
    }
    throw new Error('too many redirects at the provider');
  }
}

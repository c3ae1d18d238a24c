import { TRANSLATION_DOMAINS, type Account, type EvaluatedFlags, type Lang, type RuntimeConfig, type TranslationDomain } from '@lumen/contracts';
import { privilegesOfRoles, roleName, ROLES, USER_STATUS, type RoleName } from '@lumen/domain';
import { TRANSLATIONS } from '@lumen/i18n';
import { vi } from 'vitest';
import { makeRuntimeConfig } from './runtime-config';
import { FALLBACK_MENU } from '../src/app/navigation-menu-fallback';

export function makeAccount(overrides: Partial<Account> & { role?: RoleName } = {}): Account {
  const { role = 'webUser', ...rest } = overrides;
  const rolId = ROLES[role];
  return {
    id: 7,
    userId: 7,
    crm: null,
    rolId,
    email: 'ann@example.com',
    name: 'Ann Example',
    lang: 'en',
    language: { isoCode: 'en' },
    catalog: 'INT',
    catalogId: 16,
    status: role === 'webUser' ? USER_STATUS.WEB_USER : USER_STATUS.QUALIFIED,
    roles: [{ id: rolId, name: roleName(rolId) ?? role }],
    privileges: privilegesOfRoles([role]),
    profesion: null,
    registerType: 1,
    userType: role === 'webUser' ? 1 : 2,
    clientCode: null,
    company: null,
    internal: false,
    ...rest,
  };
}

const FAKE_CATALOGUES = [
  { id: 16, name: 'INT', currency: 'EUR', brandCodes: ['3VB', '4VT'], rates: [{ id: 1, name: 'PVP', currency: 'EUR' }], defaultRateId: 1, isDefault: true },
  { id: 21, name: 'USA', currency: 'USD', brandCodes: ['2US'], rates: [{ id: 2, name: 'LIST', currency: 'USD' }], defaultRateId: 2, isDefault: false },
];

const PROFESSION_CODES = ['architect', 'interiorDesigner', 'lightingDesigner', 'engineer', 'installer', 'distributor', 'retailer', 'developer', 'other'] as const;

const SEARCH_WORDS: Readonly<Record<Lang, string>> = { en: 'search', us: 'search', fr: 'chercher', de: 'suchen', it: 'cerca', es: 'buscar' };
const FAKE_CONFIGURATION = {
  catalogs: [
    { id: 16, name: 'INT', currency: 'EUR', currencyLocale: 'de-DE' },
    { id: 21, name: 'USA', currency: 'USD', currencyLocale: 'en-US' },
  ],
  defaultCatalogId: 16,
  languages: Object.entries(SEARCH_WORDS).map(([isoCode, searchWord]) => ({ isoCode, locale: isoCode, searchWord })),
  defaultLanguage: 'en',
  featureFlags: { keys: [], environments: { DEV: {}, NEWPRO: {}, PRO: {} } },
  limits: { clientTimeoutMs: 15000, uploadTimeoutMs: 60000, maxUploadBytes: 10485760, uploadExtensions: ['pdf'], cookieLifetimeMs: 2592000000 },
  defaults: { theme: 'light', catalogViewMode: 'grid' },
};

export interface FakeCall {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
}

type Handler = (call: FakeCall) => Response | Promise<Response> | undefined;

export function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}
export const noContent = () => new Response(null, { status: 204 });
export const failure = (status: number, code: string, description = code) => json(status, { ErrorCode: status, ErrorDescription: description, code });

/**
 * An in-memory stand-in for the api, enough for the web's tests: translations from @lumen/i18n,
 * a session, the demo password `demo-password`. `handle` lets a test answer a call its own way first.
 */
export interface FakeApiOptions {
  account?: Account | null;
  users?: Account[];
  /** What `/config.json` says besides the flags. */
  config?: Partial<Omit<RuntimeConfig, 'flags'>>;
  /** The flags the server evaluates for the caller (in `/config.json` and `GET masters /v1/flags/evaluated`); none by default. */
  flags?: (account: Account | null) => EvaluatedFlags;
}

/**
 * The api's readable `hasSession=1` cookie (apps/api sessions.ts): set with the session cookies by a
 * login or sign-up, cleared by a logout or a refresh that fails. A fake api created with an account
 * stands for a browser that already holds that session.
 */
function markSession(call: FakeCall, answer: Response): void {
  const auth = /^\/api\/users\/v1\/auth\/(login|signup|logout|refresh)$/.exec(call.path)?.[1];
  if ((auth === 'login' || auth === 'signup') && answer.ok) document.cookie = 'hasSession=1; path=/';
  if (auth === 'logout' || (auth === 'refresh' && !answer.ok)) document.cookie = 'hasSession=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
}

export function createFakeApi(options: FakeApiOptions = {}) {
  if (options.account) document.cookie = 'hasSession=1; path=/';
  const state = {
    config: options.config ?? {},
    flagsFor: options.flags ?? (() => ({})),
    account: options.account ?? null,
    /** The configurators' drafts by key (products /v1/configurator-drafts). */
    drafts: new Map<string, { key: string; content: Record<string, unknown>; quantity: number; updatedAt: string }>(),
    users: new Map<string, Account>([...(options.users ?? []), ...(options.account ? [options.account] : [])].map((a) => [a.email, a])),
    calls: [] as FakeCall[],
    handlers: [] as Handler[],
  };

  const routes = async (call: FakeCall): Promise<Response> => {
    const { method, path, body } = call;
    if (method === 'GET' && path === '/config.json') return json(200, makeRuntimeConfig({ ...state.config, flags: state.flagsFor(state.account) }));
    if (method === 'GET' && path === '/api/masters/v1/flags/evaluated') return json(200, { environment: 'DEV', flags: state.flagsFor(state.account) });
    const translation = /^\/api\/masters\/v1\/keys\/domains\/([\w-]+)\/files$/.exec(path);
    if (method === 'GET' && translation) {
      const domain = translation[1] as TranslationDomain;
      const lang = (call.query.get('lang') ?? 'en') as Lang;
      if (!TRANSLATION_DOMAINS.includes(domain)) return failure(404, 'NOT_FOUND');
      return json(200, TRANSLATIONS[domain][lang]);
    }
    // The header's menu (spec §7 configurations/menus), as the api answers it.
    if (method === 'GET' && path === '/api/masters/v1/configurations/menus') return json(200, FALLBACK_MENU);
    // The footer's calls (app/footer-tools.tsx): the catalogues, the configuration's search words, a first visit from this machine.
    if (method === 'GET' && path === '/api/products/v1/catalogs/get-min') return json(200, FAKE_CATALOGUES);
    if (method === 'GET' && path === '/api/masters/v1/configurations') return json(200, FAKE_CONFIGURATION);
    if (method === 'GET' && path === '/api/masters/v1/common/ip') return json(200, { ip: '127.0.0.1' });
    const byIp = /^\/api\/masters\/v1\/common\/default-values\/by-ip\/(.+)$/.exec(path);
    if (method === 'GET' && byIp) return json(200, { ip: decodeURIComponent(byIp[1] ?? ''), source: 'default', country: null, catalogId: 16, lang: 'en', currency: 'EUR' });
    if (method === 'GET' && path === '/api/users/v1/account') return state.account ? json(200, state.account) : failure(401, 'UNAUTHENTICATED');
    if (method === 'POST' && path === '/api/users/v1/auth/refresh') return state.account ? noContent() : failure(401, 'UNAUTHENTICATED');
    if (method === 'POST' && path === '/api/users/v1/auth/logout') {
      state.account = null;
      return noContent();
    }
    if (method === 'POST' && path === '/api/users/v1/auth/login') {
      const { email, password } = body as { email: string; password: string };
      const account = state.users.get(email);
      if (!account || password !== 'demo-password') return failure(401, 'INVALID_CREDENTIALS');
      state.account = account;
      return json(200, account);
    }
    if (method === 'POST' && path === '/api/users/v1/auth/signup') {
      const { email, name, lang } = body as { email: string; name: string; lang: Lang };
      if (state.users.has(email)) return failure(409, 'EMAIL_TAKEN');
      const account = makeAccount({ id: 100 + state.users.size, email, name, lang, language: { isoCode: lang } });
      state.users.set(email, account);
      state.account = account;
      return json(201, account);
    }
    const emailCheck = /^\/api\/users\/v1\/users\/email-validate\/(.+)$/.exec(path);
    if (method === 'GET' && emailCheck) return state.users.has(decodeURIComponent(emailCheck[1] ?? '')) ? json(200, { exists: true }) : failure(404, 'NOT_FOUND');
    if (method === 'PATCH' && path === '/api/users/v1/users/lang') {
      if (!state.account) return failure(401, 'UNAUTHENTICATED');
      const { lang } = body as { lang: Lang };
      state.account = { ...state.account, lang, language: { isoCode: lang } };
      return noContent();
    }
    // The professions of the qualification form (apiv2 options/professions), in the asked language.
    if (method === 'GET' && path === '/api/apiv2/options/professions') {
      const lang = (call.query.get('lang') ?? 'en') as Lang;
      const words = TRANSLATIONS['common-front'][lang] ?? TRANSLATIONS['common-front'].en;
      return json(200, PROFESSION_CODES.map((code, index) => ({ id: index + 1, code, description: words[`profession.${code}`] ?? code })));
    }
    if (method === 'GET' && path === '/api/users/v1/company-types')
      return json(200, [
        { id: 1, description: 'Architecture studio' },
        { id: 2, description: 'Distributor' },
      ]);
    if (method === 'POST' && path === '/api/users/v1/auth/qualification') {
      if (!state.account) return failure(401, 'UNAUTHENTICATED');
      state.account = { ...state.account, status: USER_STATUS.QUALIFIED, profesion: (body as { profesion: string }).profesion };
      return json(200, state.account);
    }
    if (method === 'POST' && path === '/api/users/v1/auth/password-reset') return noContent();
    if (method === 'POST' && path === '/api/users/v1/auth/password-reset/confirm') return noContent();
    if (method === 'POST' && path === '/api/users/v1/auth/password-change') return noContent();
    const profile = /^\/api\/users\/v1\/user\/(\d+)$/.exec(path);
    if (method === 'PUT' && profile && state.account) {
      state.account = { ...state.account, ...(body as object) };
      return json(200, state.account);
    }
    // The configurators' drafts (issue 27 §3), kept as the api keeps them: a logged-in user's own, by key.
    const draft = /^\/api\/products\/v1\/configurator-drafts\/([^/]+)$/.exec(path);
    if (draft) {
      if (!state.account) return failure(401, 'UNAUTHENTICATED');
      const key = decodeURIComponent(draft[1] ?? '');
      if (method === 'GET') return state.drafts.has(key) ? json(200, state.drafts.get(key)) : failure(404, 'NOT_FOUND');
      if (method === 'PUT') {
        const kept = { key, ...(body as { content: Record<string, unknown>; quantity: number }), updatedAt: new Date().toISOString() };
        state.drafts.set(key, kept);
        return json(200, kept);
      }
      if (method === 'DELETE') {
        state.drafts.delete(key);
        return noContent();
      }
    }
    return failure(404, 'NOT_FOUND');
  };

  const fetch = vi.fn<typeof globalThis.fetch>(async (input, init) => {
    const url = new URL(String(input), 'http://localhost');
    const rawBody = init?.body;
    const call: FakeCall = {
      method: init?.method ?? 'GET',
      path: url.pathname,
      query: url.searchParams,
      body: typeof rawBody === 'string' ? (JSON.parse(rawBody) as unknown) : rawBody,
    };
    state.calls.push(call);
    for (const handler of state.handlers) {
      const answer = await handler(call);
      if (answer) return answer;
    }
    const answer = await routes(call);
    markSession(call, answer);
    return answer;
  });

  return {
    fetch,
    state,
    /** Answer matching calls differently (first match wins; return undefined to fall through). */
    handle(handler: Handler) {
      state.handlers.push(handler);
    },
    callsTo(method: string, path: string) {
      return state.calls.filter((call) => call.method === method && call.path === path);
    },
  };
}

export type FakeApi = ReturnType<typeof createFakeApi>;

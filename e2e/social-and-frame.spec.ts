import { createServer, type Server } from 'node:http';
import { expect, test, type Page } from '@playwright/test';
import { type LocalOidcProvider, startLocalOidcProvider } from '../apps/api/test/local-oidc-provider';
import { DEMO_PASSWORD } from './support/session';
import { exactly, texts } from './support/texts';
import { E2E_SOCIAL } from './support/social';

// Issue 17 §4–§5 in the browser: a social sign-up through a real OpenID Connect provider on
// 127.0.0.1 (the LinkedIn slot of playwright.config.ts points at it), and the qualification view in a
// frame of a partner page served from another origin, posting its messages to that page.

const en = texts('en');
const field = (scope: ReturnType<Page['getByRole']>, label: string) => scope.getByLabel(exactly(label, { end: false }));

let provider: LocalOidcProvider;
let hostServer: Server;
let strangerServer: Server;

/** The partner page: embeds the qualification view and writes every message it hears (origin, data) into the page. */
function hostPage(view: 'qualification' | 'login'): string {
  const src = `${E2E_SOCIAL.appOrigin}/iframe/auth/${view}?host=${encodeURIComponent(E2E_SOCIAL.hostOrigin)}`;
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Partner site</title></head><body>
<h1>Partner site</h1>
<iframe name="lumen-auth" title="Lumen Pro" src="${src}" style="width:640px;height:900px"></iframe>
<iframe name="stranger" title="Stranger" src="${E2E_SOCIAL.strangerOrigin}/" style="width:10px;height:10px"></iframe>
<ol id="heard"></ol>
<script>
  window.heard = [];
  window.addEventListener('message', (event) => {
    if (!event.data || event.data.source !== 'lumen-auth') return;
    window.heard.push({ origin: event.origin, type: event.data.type, view: event.data.view, reason: event.data.reason });
    const item = document.createElement('li');
    item.textContent = event.data.type + ' ' + event.data.view + (event.data.reason ? ' ' + event.data.reason : '');
    document.getElementById('heard').appendChild(item);
  });
  window.closeView = () => frames['lumen-auth'].postMessage({ source: 'lumen-auth', type: 'close' }, '${E2E_SOCIAL.appOrigin}');
</script></body></html>`;
}

/** A page of an origin that is no partner: it tries to close the auth view from inside the partner page. */
function strangerPage(): string {
  return `<!doctype html><html lang="en"><head><title>Stranger</title></head><body><script>
  window.closeAuthView = () => parent.frames['lumen-auth'].postMessage({ source: 'lumen-auth', type: 'close' }, '*');
</script></body></html>`;
}

function serve(port: number, html: (path: string) => string): Promise<Server> {
  const server = createServer((request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(html(request.url ?? '/'));
  });
  return new Promise((resolve) => server.listen(port, '127.0.0.1', () => resolve(server)));
}

test.beforeAll(async () => {
  provider = await startLocalOidcProvider({
    port: E2E_SOCIAL.providerPort,
    clientId: E2E_SOCIAL.clientId,
    clientSecret: E2E_SOCIAL.clientSecret,
    redirectUris: [`${E2E_SOCIAL.appOrigin}/api/users/v1/auth/social/linkedin/callback`],
  });
  hostServer = await serve(E2E_SOCIAL.hostPort, (path) => hostPage(path.startsWith('/login') ? 'login' : 'qualification'));
  strangerServer = await serve(E2E_SOCIAL.strangerPort, strangerPage);
});

test.afterAll(async () => {
  await provider?.close();
  for (const server of [hostServer, strangerServer]) {
    server?.closeAllConnections();
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  }
});

/** On the provider's own login page (its own origin): signs in as `user`. */
async function atTheProvider(page: Page, user: { email: string; name: string; verified?: boolean }) {
  await expect(page.getByRole('heading', { name: 'Local provider sign-in' })).toBeVisible();
  expect(new URL(page.url()).origin).toBe(provider.issuer);
  await page.getByLabel('E-mail', { exact: true }).fill(user.email);
  await page.getByLabel('Name', { exact: true }).fill(user.name);
  if (user.verified === false) await page.getByLabel('E-mail verified').uncheck();
  await page.getByRole('button', { name: 'Continue' }).click();
}

/** From the login dialog to the provider's login page, signed in there as `user`, and back to the platform. */
async function signInWithLinkedIn(page: Page, user: { email: string; name: string; verified?: boolean }) {
  await page.goto('/');
  await page.getByRole('banner').getByRole('button', { name: en('header.login') }).click();
  const dialog = page.getByRole('dialog', { name: en('auth.login.title') });
  await dialog.getByRole('link', { name: en('auth.social.continueWith', { provider: 'LinkedIn' }) }).click();
  await atTheProvider(page, user);
  await page.waitForURL(/\/social-sign-up\?/);
}

test('a professional signs up with LinkedIn through the local OpenID Connect provider, and an existing account is linked with its password', async ({ page, browser }) => {
  const email = `lucia.${Date.now()}@example.com`;
  await signInWithLinkedIn(page, { email, name: 'Lucía Fernández' });
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 1, name: en('auth.socialResult.title', { provider: 'LinkedIn' }) })).toBeVisible();
  await expect(main.getByRole('status')).toHaveText(en('auth.socialResult.signedUp', { provider: 'LinkedIn' }));
  // Signed in as the new account: registration type 3 (LinkedIn), a web user.
  const account = (await (await page.request.get('/api/users/v1/account')).json()) as { email: string; registerType: number; status: number; name: string };
  expect(account).toMatchObject({ email, registerType: 3, status: 2, name: 'Lucía Fernández' });
  await main.getByRole('link', { name: en('auth.socialResult.continue') }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Hello, Lucía Fernández' })).toBeVisible();

  // An account made with e-mail and password: the provider's verified address links to it only with its password.
  const owner = `owen.${Date.now()}@example.com`;
  const context = await browser.newContext();
  const other = await context.newPage();
  expect((await other.request.post('/api/users/v1/auth/signup', { data: { email: owner, password: 'owen-password-1', name: 'Owen Owner', lang: 'en' } })).status()).toBe(201);
  await other.request.post('/api/users/v1/auth/logout');
  await context.clearCookies();
  await signInWithLinkedIn(other, { email: owner, name: 'Owen on LinkedIn' });
  const linkForm = other.getByRole('form', { name: en('auth.socialLink.title', { provider: 'LinkedIn' }) });
  await expect(linkForm).toContainText(owner);
  await field(linkForm, en('auth.field.password')).fill('not-the-password');
  await linkForm.getByRole('button', { name: en('auth.socialLink.submit') }).click();
  await expect(linkForm.getByRole('alert')).toBeVisible();
  expect((await other.request.get('/api/users/v1/account')).status()).toBe(401);
  await field(linkForm, en('auth.field.password')).fill('owen-password-1');
  await linkForm.getByRole('button', { name: en('auth.socialLink.submit') }).click();
  await expect(other.getByRole('main').getByRole('status')).toHaveText(en('auth.socialLink.done', { provider: 'LinkedIn' }));
  expect(((await (await other.request.get('/api/users/v1/account')).json()) as { email: string; registerType: number }).email).toBe(owner);
  await context.close();

  // The provider does not vouch for the address: refused with the reason, no account.
  const unverified = `ulla.${Date.now()}@example.com`;
  const third = await browser.newContext();
  const page3 = await third.newPage();
  await signInWithLinkedIn(page3, { email: unverified, name: 'Ulla Unverified', verified: false });
  await expect(page3.getByRole('main').getByRole('alert')).toHaveText(
    `${en('auth.socialResult.error', { provider: 'LinkedIn' })} ${en('auth.socialResult.reason.email-unverified', { provider: 'LinkedIn' })}`,
  );
  expect((await page3.request.get(`/api/users/v1/users/email-validate/${encodeURIComponent(unverified)}`)).status()).toBe(404);
  await third.close();
});

test('the qualification view in a partner frame on another origin posts its messages to that origin, and ignores a stranger', async ({ page }) => {
  const warnings: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'warning') warnings.push(message.text());
  });
  await page.goto(`${E2E_SOCIAL.hostOrigin}/`);
  await expect(page.getByRole('heading', { name: 'Partner site' })).toBeVisible();
  const frame = page.frameLocator('iframe[name="lumen-auth"]');

  // A visitor logs in first, inside the frame; the host hears it.
  await expect(frame.getByRole('heading', { level: 1, name: en('auth.login.title') })).toBeVisible();
  await field(frame.getByRole('main'), en('auth.field.email')).fill('webuser@demo.example');
  await field(frame.getByRole('main'), en('auth.field.password')).fill(DEMO_PASSWORD);
  await frame.getByRole('button', { name: en('auth.login.submit') }).click();
  await expect(frame.getByRole('heading', { level: 1, name: en('auth.qualification.title') })).toBeVisible();

  // A page of an unknown origin inside the partner page tries to close the view: ignored and reported.
  // The stranger's frame loads on its own: under load it may not be there yet, and a call through a
  // missing frame would do nothing (the cause of this test's failures under load). Wait for its script.
  const strangerReady = () => page.frame({ name: 'stranger' })?.evaluate(() => typeof (window as unknown as { closeAuthView?: unknown }).closeAuthView).catch(() => 'loading') ?? 'absent';
  await expect.poll(strangerReady).toBe('function');
  await page.frame({ name: 'stranger' })!.evaluate(() => (window as unknown as { closeAuthView: () => void }).closeAuthView());
  await expect.poll(() => warnings.some((text) => text.includes(`message ignored (origin) from ${E2E_SOCIAL.strangerOrigin}`))).toBe(true);
  await expect(frame.getByRole('button', { name: en('auth.frame.close') })).toBeVisible();

  // The qualification itself.
  const main = frame.getByRole('main');
  // The profession from the professions list (apiv2 options/professions).
  await main.getByRole('button', { name: new RegExp(en('auth.field.profession')) }).click();
  await frame.getByRole('option', { name: 'Architect', exact: true }).click();
  await main.getByRole('textbox', { name: exactly(en('auth.field.companyName'), { end: false }) }).fill('Studio Frame');
  await main.getByRole('button', { name: new RegExp(en('auth.field.companyType')) }).click();
  await frame.getByRole('option').first().click();
  await main.getByRole('button', { name: new RegExp(en('auth.field.country')) }).click();
  await frame.getByRole('option', { name: 'Spain' }).click();
  await main.getByRole('button', { name: en('auth.qualification.submit') }).click();
  await expect(main.getByRole('status')).toHaveText(en('auth.frame.done'));

  // The host closes the view: closing is the view's failure event, then close.
  await page.evaluate(() => (window as unknown as { closeView: () => void }).closeView());
  await expect(page.locator('#heard li')).toHaveCount(5);
  const heard = await page.evaluate(() => (window as unknown as { heard: Array<{ origin: string; type: string; view: string; reason?: string }> }).heard);
  expect(heard.map((message) => [message.type, message.view, message.reason ?? null])).toEqual([
    ['logged', 'login', null],
    ['jwt-token-saved', 'login', null],
    ['qualified-success', 'qualification', null],
    ['qualified-error', 'qualification', 'closed'],
    ['close', 'qualification', null],
  ]);
  // Every message came from the platform's origin (and was sent to the partner's only).
  expect(new Set(heard.map((message) => message.origin))).toEqual(new Set([E2E_SOCIAL.appOrigin]));
  const account = (await (await page.request.get(`${E2E_SOCIAL.appOrigin}/api/users/v1/account`)).json()) as { status: number };
  expect(account.status).toBeGreaterThanOrEqual(3);
});

test('a page that is no partner cannot frame the auth views', async ({ page }) => {
  // The stranger's origin is not in FRAME_ANCESTORS: the CSP of the frame page refuses it.
  const response = await page.request.get(`${E2E_SOCIAL.appOrigin}/iframe/auth/login`);
  expect(response.headers()['content-security-policy']).toContain(`frame-ancestors 'self' ${E2E_SOCIAL.hostOrigin}`);
  await page.goto(`${E2E_SOCIAL.strangerOrigin}/`);
  await page.evaluate((src) => {
    const iframe = document.createElement('iframe');
    iframe.name = 'auth';
    iframe.src = src;
    document.body.appendChild(iframe);
  }, `${E2E_SOCIAL.appOrigin}/iframe/auth/login?host=${encodeURIComponent(E2E_SOCIAL.strangerOrigin)}`);
  // Chromium puts its own error page in the frame (the navigation was blocked): none of the platform's page is there.
  await expect.poll(() => page.frame({ name: 'auth' })?.url() ?? '').toMatch(/^chrome-error:/);
  const frame = page.frameLocator('iframe[name="auth"]');
  await expect(frame.getByRole('heading', { name: en('auth.login.title') })).toHaveCount(0);
  await expect(frame.getByRole('button', { name: en('auth.login.submit') })).toHaveCount(0);
});

test('a social sign-up from the partner frame runs in a pop-up, and the host hears social sign-up success', async ({ page }) => {
  await page.goto(`${E2E_SOCIAL.hostOrigin}/login`);
  const frame = page.frameLocator('iframe[name="lumen-auth"]');
  await expect(frame.getByRole('heading', { level: 1, name: en('auth.login.title') })).toBeVisible();
  const popupOpened = page.waitForEvent('popup');
  await frame.getByRole('button', { name: en('auth.social.continueWith', { provider: 'LinkedIn' }) }).click();
  const popup = await popupOpened;
  const email = `pia.${Date.now()}@example.com`;
  await atTheProvider(popup, { email, name: 'Pia Popup' });
  // The pop-up ends on the platform, tells the frame and closes itself.
  await popup.waitForEvent('close');
  await expect(frame.getByRole('main').getByRole('status')).toHaveText(en('auth.frame.done'));
  await expect(page.locator('#heard li')).toHaveCount(2);
  const heard = await page.evaluate(() => (window as unknown as { heard: Array<{ origin: string; type: string; view: string }> }).heard);
  expect(heard.map((message) => [message.type, message.view])).toEqual([
    ['social-sign-up-success', 'login'],
    ['jwt-token-saved', 'login'],
  ]);
  const account = (await (await page.request.get(`${E2E_SOCIAL.appOrigin}/api/users/v1/account`)).json()) as { email: string; registerType: number };
  expect(account).toMatchObject({ email, registerType: 3 });
});


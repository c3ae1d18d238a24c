import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import helmet from 'helmet';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { describeWithDb } from '../../test/test-db';
import { START_AFTER_PAINT_SCRIPT } from '@lumen/contracts/start-after-paint';
import { helmetOptions, INLINE_SCRIPT_HASHES, INLINE_STYLE_HASHES, INLINE_STYLE_TEXTS, isFramePage, PERMISSIONS_POLICY, securityHeaders } from './security-headers';

function frameAncestors(csp: unknown): string | undefined {
  return String(csp)
    .split(';')
    .map((directive) => directive.trim())
    .find((directive) => directive.startsWith('frame-ancestors '));
}

describe('isFramePage', () => {
  it('matches the /iframe/<page> paths and nothing that merely looks like one', () => {
    for (const url of ['/iframe/plusminus-export3d', '/iframe/plusminus-drawing-configurator?model=1234', '/iframe/plusminus-export3d/', '/minicompositor', '/minicompositor?host=https%3A%2F%2Fpartner.example']) {
      expect(isFramePage(url), url).toBe(true);
    }
    for (const url of ['/iframe', '/iframe/', '/iframes/x', '/projects/iframe/x', '/iframe/../projects', '/iframe/%2e%2e/projects', '/iframe/a.b', '/minicompositor/x', '/minicompositorx', '/compositor', undefined]) {
      expect(isFramePage(url), String(url)).toBe(false);
    }
  });
});

describe('securityHeaders', () => {
  it('are, computed once, the very headers helmet sets on a live response, for every page and a frame-only page', () => {
    const headersFor = securityHeaders({ frameAncestors: ['https://partner.example'], publicUrl: 'https://lumen.example' });
    const cases = [
      { url: '/health', options: helmetOptions(["'self'"], true, ['wss://lumen.example']) },
      { url: '/iframe/plusminus-export3d', options: helmetOptions(["'self'", 'https://partner.example'], false, ['wss://lumen.example']) },
    ];
    for (const { url, options } of cases) {
      const request = new IncomingMessage(new Socket());
      const response = new ServerResponse(request);
      helmet(options)(request, response, () => undefined);
      const live = Object.fromEntries(Object.entries(response.getHeaders()).map(([name, value]) => [name, String(value)]));
      expect(Object.keys(live).length, url).toBeGreaterThan(10);
      // Helmet's headers, and the Permissions-Policy helmet does not set (issue 29 §8).
      expect(headersFor(url), url).toEqual({ ...live, 'permissions-policy': PERMISSIONS_POLICY });
    }
  });
});

describe('style-src without unsafe-inline (issue 29 §8)', () => {
  // react-aria as the kit's react-aria-components (packages/ui) resolves it: the copy the web's build bundles.
  const components = createRequire(join(__dirname, '../../../../packages/ui/package.json')).resolve('react-aria-components/package.json');
  const reactAria = dirname(createRequire(components).resolve('react-aria/package.json'));
  const modules = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((entry) => (entry.isDirectory() ? modules(join(dir, entry.name)) : entry.name.endsWith('.mjs') ? [join(dir, entry.name)] : []));

  /** The text a react-aria module gives the `<style>` it creates, as the browser will hash it. */
  function injectedText(file: string): string {
    const source = readFileSync(join(reactAria, 'dist/private', file), 'utf8');
    const template = /\.textContent = `([^`]*)`/.exec(source)?.[1];
    if (template === undefined) throw new Error(`${file}: no style text found`);
    return template.replace(/\$\{[^}]*PRESSABLE_ATTRIBUTE\}/g, /PRESSABLE_ATTRIBUTE = '([^']+)'/.exec(source)?.[1] ?? '?').trim();
  }

  it('allows inline styles only by the hashes of the texts the installed react-aria injects', () => {
    const csp = String(securityHeaders({ frameAncestors: [], publicUrl: undefined })('/')['content-security-policy']);
    const styleSrc = csp.split(';').map((directive) => directive.trim()).find((directive) => directive.startsWith('style-src '));
    expect(styleSrc).toBe(`style-src 'self' ${INLINE_STYLE_HASHES.join(' ')}`);
    expect(csp).not.toContain('unsafe-inline');
    expect(injectedText('interactions/usePress.mjs')).toBe(INLINE_STYLE_TEXTS.reactAriaPress);
    expect(injectedText('overlays/usePreventScroll.mjs')).toBe(INLINE_STYLE_TEXTS.reactAriaPreventScroll);
    for (const [name, text] of Object.entries(INLINE_STYLE_TEXTS)) {
      expect(INLINE_STYLE_HASHES, name).toContain(`'sha256-${createHash('sha256').update(text).digest('base64')}'`);
    }
  });

  it("keeps 'unsafe-inline' styles for the API reference's pages only (Swagger UI inserts a style)", () => {
    const headersFor = securityHeaders({ frameAncestors: [], publicUrl: undefined });
    const styleSrc = (url: string) => String(headersFor(url)['content-security-policy']).split(';').find((directive) => directive.startsWith('style-src '));
    for (const url of ['/api/docs', '/api/docs/', '/api/docs/static/index.html', '/api/docs?x=1']) expect(styleSrc(url), url).toBe("style-src 'self' 'unsafe-inline'");
    for (const url of ['/', '/api/docsx', '/projects/api/docs', '/api/users/v1/account', '/iframe/plusminus-export3d']) expect(styleSrc(url), url).not.toContain('unsafe-inline');
  });

  it('knows every place react-aria creates a <style> element (a new one would be refused by the browser)', () => {
    const creators = modules(join(reactAria, 'dist/private'))
      .filter((file) => /createElement\(['"]style['"]\)/.test(readFileSync(file, 'utf8')))
      .map((file) => file.slice(join(reactAria, 'dist/private').length + 1))
      .sort();
    expect(creators).toEqual(['interactions/usePress.mjs', 'overlays/usePreventScroll.mjs']);
  });
});

describe('script-src without unsafe-inline', () => {
  const builtPage = join(__dirname, '../../../web/dist/index.html');

  it("allows scripts from the platform's own files and one inline script, by the hash of the text the web's build writes", () => {
    const csp = String(securityHeaders({ frameAncestors: [], publicUrl: undefined })('/')['content-security-policy']);
    const scriptSrc = csp.split(';').map((directive) => directive.trim()).find((directive) => directive.startsWith('script-src '));
    expect(scriptSrc).toBe(`script-src 'self' 'sha256-${createHash('sha256').update(START_AFTER_PAINT_SCRIPT).digest('base64')}'`);
    expect(INLINE_SCRIPT_HASHES).toHaveLength(1);
  });

  // The page the build wrote (npm test builds before its unit step): its only inline script is the one the CSP allows.
  it.skipIf(!existsSync(builtPage))('the built index.html holds that script and no other inline one', () => {
    const inline = [...readFileSync(builtPage, 'utf8').matchAll(/<script(?![^>]*\bsrc=)[^>]*>([^]*?)<\/script>/g)].map((match) => match[1]);
    expect(inline).toEqual([START_AFTER_PAINT_SCRIPT]);
  });
});

describeWithDb('framing rules', () => {
  let dist: string;
  let partners: TestApp;
  let defaults: TestApp;
  beforeAll(async () => {
    dist = mkdtempSync(join(tmpdir(), 'lumen-web-dist-'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><html><body><div id="root"></div></body></html>');
    partners = await createTestApp({ env: { WEB_DIST_DIR: dist, FRAME_ANCESTORS: 'https://partner.example, https://*.shop.example:8443' } });
    defaults = await createTestApp({ database: partners.database, env: { WEB_DIST_DIR: dist } });
  });
  afterAll(async () => {
    await defaults?.app.close();
    await partners?.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('lets the FRAME_ANCESTORS partners embed the frame-only pages, without X-Frame-Options there', async () => {
    for (const path of ['/iframe/plusminus-drawing-configurator', '/iframe/plusminus-export3d?reference=10420A']) {
      const response = await partners.agent().get(path, { accept: 'text/html' });
      expect(response.statusCode, path).toBe(200);
      expect(frameAncestors(response.headers['content-security-policy']), path).toBe("frame-ancestors 'self' https://partner.example https://*.shop.example:8443");
      expect(response.headers['x-frame-options'], path).toBeUndefined();
    }
  });

  it("keeps every other response at frame-ancestors 'self' with X-Frame-Options: SAMEORIGIN", async () => {
    for (const path of ['/', '/projects/12', '/iframe', '/iframe/../projects', '/health', '/api/users/v1/account', '/api/docs/json']) {
      const response = await partners.agent().get(path, { accept: 'text/html' });
      expect(frameAncestors(response.headers['content-security-policy']), path).toBe("frame-ancestors 'self'");
      expect(response.headers['x-frame-options'], path).toBe('SAMEORIGIN');
      expect(response.headers['strict-transport-security'], path).toMatch(/^max-age=\d+/);
      expect(response.headers['x-content-type-options'], path).toBe('nosniff');
    }
  });

  it('without FRAME_ANCESTORS, the frame-only pages can be framed by the platform only', async () => {
    const response = await defaults.agent().get('/iframe/plusminus-export3d', { accept: 'text/html' });
    expect(frameAncestors(response.headers['content-security-policy'])).toBe("frame-ancestors 'self'");
  });
});

import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { START_AFTER_PAINT_SCRIPT, START_TEMPLATE_ID } from '@lumen/contracts/start-after-paint';
import { FIRST_LOAD_BUDGET_GZIP, FONT_BUDGET_BYTES, firstLoad } from './first-load';

/** The content of index.html's start template, which the page fetches after its first paint. */
function startTemplateOf(html: string): string {
  const open = `<template id="${START_TEMPLATE_ID}">`;
  const start = html.indexOf(open);
  expect(start, 'the start template').toBeGreaterThan(-1);
  return html.slice(start + open.length, html.indexOf('</template>', start));
}

// Issue 9 §4: a light first load. The budget is read from the built output (deterministic, so a test
// and not a timed test). `npm test` builds before its unit step, so there the build must be present
// (npm names the running script in npm_lifecycle_event); a bare `vitest run` without a build skips it.
const dist = join(import.meta.dirname, '../dist');
const built = existsSync(`${dist}/index.html`);
const required = process.env.npm_lifecycle_event === 'test:unit';
if (required && !built) throw new Error(`No build in ${dist}: npm test builds before its unit step (npm run build)`);

describe.skipIf(!built)('the built app (apps/web/dist)', () => {
  test('the first load of / stays within its budget of JavaScript, gzip-compressed, the start steps included', () => {
    const report = firstLoad(dist);
    const home = report.routes['/'];
    expect(home, 'the / route is measured').toBeDefined();
    expect(home?.gzip ?? Infinity, `/ loads ${home?.files.join(', ')}`).toBeLessThanOrEqual(FIRST_LOAD_BUDGET_GZIP);
    // No schema library in it: the start checks its answers with the checks compiled at build time
    // (apps/web scripts/start-checks.ts), and it runs on react-router's declarative router, not the data
    // router (app/environment.ts). Read from the files' source maps.
    const sources = (file: string) => (existsSync(`${dist}/${file}.map`) ? (JSON.parse(readFileSync(`${dist}/${file}.map`, 'utf8')) as { sources: string[] }).sources : []);
    const start = report.entry.files.flatMap(sources);
    expect(start.some((source) => source.endsWith('src/api/start-checks.ts')), 'the compiled checks are in the start').toBe(true);
    expect(start.filter((source) => source.includes('node_modules/zod/'))).toEqual([]);
    const router = report.entry.files.map((file) => readFileSync(`${dist}/${file}`, 'utf8')).join('\n');
    expect(router, 'no data router').not.toContain('You must provide a non-empty routes array to createRouter');
    // The start's steps (main.tsx) are counted: React's and the app's chunks are in it.
    expect(report.entry.files.some((file) => /\/react-[\w-]+\.js$/.test(file))).toBe(true);
    expect(report.entry.files.some((file) => /\/start-[\w-]+\.js$/.test(file))).toBe(true);
    // index.html announces every one of them, so no step of the start waits for its files; all in the
    // start's template, fetched after the first paint (@lumen/contracts/start-after-paint).
    const template = startTemplateOf(readFileSync(`${dist}/index.html`, 'utf8'));
    for (const file of home?.files ?? []) expect(template, file).toMatch(new RegExp(`(src|href)="/${file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}"`));
  });

  test('the page paints before it fetches its start: only its stylesheet and font in the head, the start in its template, the one inline script at the end', () => {
    const html = readFileSync(`${dist}/index.html`, 'utf8');
    const template = startTemplateOf(html);
    const head = html.slice(0, html.indexOf('</head>')).replace(`<template id="${START_TEMPLATE_ID}">${template}</template>`, '');
    // What the head fetches at once: the stylesheet and the font, nothing else.
    expect([...head.matchAll(/<(script|link)\b[^>]*>/g)].map((tag) => /rel="([^"]+)"/.exec(tag[0])?.[1] ?? tag[1])).toEqual(['icon', 'stylesheet', 'preload']);
    expect(template).toMatch(/^<link rel="preload" href="\/config\.json" as="fetch" crossorigin="use-credentials" \/><script type="module" crossorigin src="\/assets\/index-[\w-]+\.js"><\/script>/);
    expect(html).toMatch(new RegExp(`<script>${START_AFTER_PAINT_SCRIPT.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}</script></body>`));
  });

  test('the projects pages load no schema library: none of the files the server announces for /projects and a project holds zod (issue 35 §5)', () => {
    // The project page once imported the contracts' Email through a dialog: zod and every schema, a
    // 200 ms evaluation on Lighthouse's phone. The screens' files, as the build lists them for the api.
    const screens = JSON.parse(readFileSync(`${dist}/.vite/screens.json`, 'utf8')) as Record<string, { scripts: string[] }>;
    for (const screen of ['projects', 'project']) {
      const scripts = screens[screen]?.scripts ?? [];
      expect(scripts.some((file) => new RegExp(`/${screen}-page-[\\w-]+\\.js$`).test(file)), `${screen}: its page's chunk is listed`).toBe(true);
      const withZod = scripts.filter((file) => existsSync(`${dist}${file}.map`) && (JSON.parse(readFileSync(`${dist}${file}.map`, 'utf8')) as { sources: string[] }).sources.some((source) => source.includes('node_modules/zod/')));
      expect(withZod, screen).toEqual([]);
    }
  });

  test('the fonts stay within their own budget: the kit\'s one Latin woff2 file (apps/web README, "Fonts")', () => {
    const fonts = readdirSync(`${dist}/assets`).filter((file) => /\.(woff2?|ttf|otf|eot)$/.test(file));
    expect(fonts.map((file) => file.replace(/-[\w-]{8}\.woff2$/, '.woff2'))).toEqual(['manrope-latin-wght-normal.woff2']);
    const bytes = fonts.reduce((total, file) => total + statSync(`${dist}/assets/${file}`).size, 0);
    expect(bytes).toBeLessThanOrEqual(FONT_BUDGET_BYTES);
    // Announced by index.html's head, so that it is in before the first render (no swap, no shift).
    const html = readFileSync(`${dist}/index.html`, 'utf8');
    for (const font of fonts) expect(html.slice(0, html.indexOf('<template'))).toContain(`<link rel="preload" as="font" type="font/woff2" crossorigin href="/assets/${font}">`);
  });
});

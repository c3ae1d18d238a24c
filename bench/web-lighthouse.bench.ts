/**
 * Lighthouse 12 on the built web app (run `npm run build` first), served by the api as a user
 * starts it: `/` for a first visit (no session), then, logged in as a distributor, `/projects`, a
 * project with 200 products made through the api and a configurator page (Plusminus 5520). Mobile (Lighthouse's default: slow 4G, 4× CPU) and
 * desktop presets; prints performance, accessibility, CLS, TBT, LCP and FCP.
 * Run: npx tsx bench/web-lighthouse.bench.ts   (CHROME_PATH defaults to /usr/bin/chromium)
 * LIGHTHOUSE_RUNS (3) runs each page and preset that many times and keeps the run of median
 * performance (Lighthouse's advice for a shared machine: one run's TBT swings with the load), with
 * the range of the scores beside it, and TBT's own median and range over the runs; a run that
 * Lighthouse could not trace is run again.
 * LIGHTHOUSE_REPORTS=<dir> also writes the kept run's full report and trace there (<page>-<preset>.json,
 * <page>-<preset>.trace.json, which DevTools' Performance panel opens), to see what blocks, shifts or waits
 * (LIGHTHOUSE_SAMPLES=1 puts V8's samples in the trace, at a small cost to the figures); LIGHTHOUSE_PAGES=home,projects,project,configurator runs only those pages;
 * LIGHTHOUSE_PRESETS=mobile runs only that preset; WEB_DIST_DIR serves that build instead of apps/web/dist.
 * LIGHTHOUSE_NICE=1 lowers this process's priority once Chrome runs (the api and Lighthouse's driver
 * run here), so that on a small machine they do not take the CPU from the page under test, as a
 * server elsewhere would not; the figures without it are the default.
 *
 * The session cookies are set in the browser (the web reads the readable hasSession cookie before it
 * asks for the account) and sent as Lighthouse's extraHeaders; storage is therefore not reset between
 * runs, so the HTTP cache is cleared before each run instead.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { setPriority } from 'node:os';
import { join } from 'node:path';
import { launch } from 'chrome-launcher';
import lighthouse, { desktopConfig, type Config, type Flags, type RunnerResult } from 'lighthouse';
import puppeteer, { type Page } from 'puppeteer-core';
import { loginCookie, startBenchApp } from './support/api-bench';

const CHROME_FLAGS = ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];
const REFERENCES = ['552010/02_10', '746005/M3_31', '577010/02_10', '235505/03_10', '745010/M2_31', '747005/M3_31', '552510/02_10', '229910/02_10'];
const PRESETS = ['mobile', 'desktop'] as const;
const presets = PRESETS.filter((preset) => (process.env.LIGHTHOUSE_PRESETS ?? PRESETS.join(',')).split(',').includes(preset));
const PAGES = ['home', 'projects', 'project', 'configurator'] as const;
const RUNS = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 3));
const ATTEMPTS_PER_RUN = 3;
const reportDir = process.env.LIGHTHOUSE_REPORTS;
const pages = new Set((process.env.LIGHTHOUSE_PAGES ?? PAGES.join(',')).split(',').map((name) => name.trim()));
if (reportDir) mkdirSync(reportDir, { recursive: true });

interface Row {
  page: string;
  preset: (typeof PRESETS)[number];
  performance: number;
  'range': string;
  accessibility: number;
  'CLS': string;
  'TBT (ms)': number;
  'TBT median (range)': string;
  'LCP (ms)': number;
  'FCP (ms)': number;
}

// WEB_DIST_DIR serves another build than apps/web/dist (e.g. one built to a temp dir to compare).
const bench = await startBenchApp(process.env.WEB_DIST_DIR ? { env: { WEB_DIST_DIR: process.env.WEB_DIST_DIR } } : {});
const chrome = await launch({ chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium', chromeFlags: CHROME_FLAGS });
if (process.env.LIGHTHOUSE_NICE === '1') setPriority(19);
try {
  const { base } = bench;
  const cookie = await loginCookie(base, 'distributor@demo.example');
  const post = async (path: string, body: unknown): Promise<{ id: number }> => {
    const response = await fetch(`${base}${path}`, { method: 'POST', headers: { cookie, 'content-type': 'application/json' }, body: JSON.stringify(body) });
    if (response.status !== 201) throw new Error(`${path}: ${response.status} ${await response.text()}`);
    return (await response.json()) as { id: number };
  };
  for (let i = 0; i < 12; i += 1) await post('/api/projects/v1/projects', { name: `Lighthouse project ${i}`, catalogId: 16, products: [{ referenceCode: REFERENCES[i % REFERENCES.length] }] });
  const big = await post('/api/projects/v1/projects', { name: 'Lighthouse 200 products', catalogId: 16, products: [] });
  for (let chunk = 0; chunk < 4; chunk += 1) {
    await post(`/api/projects/v1/projects/${big.id}/products`, Array.from({ length: 50 }, (_, i) => ({ referenceCode: REFERENCES[(chunk * 50 + i) % REFERENCES.length], quantity: (i % 9) + 1 })));
  }

  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
  const [page] = await browser.pages();
  if (!page) throw new Error('no page in the launched browser');
  const rows: Row[] = [];
  const audit = async (name: (typeof PAGES)[number], path: string, label: string, headers: Record<string, string>) => {
    if (!pages.has(name)) return;
    for (const preset of presets) {
      const runs: RunnerResult[] = [];
      for (let run = 0; run < RUNS; run += 1) {
        for (let attempt = 1; ; attempt += 1) {
          await clearCache(page);
          const flags: Flags = { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility'], disableStorageReset: true, extraHeaders: headers };
          const result = await lighthouse(`${base}${path}`, flags, configOf(preset), page);
          if (!result) throw new Error(`Lighthouse gave no result for ${label}`);
          if (!result.lhr.runtimeError) {
            runs.push(result);
            break;
          }
          if (attempt === ATTEMPTS_PER_RUN) throw new Error(`${label} (${preset}): ${result.lhr.runtimeError.message}`);
        }
      }
      const scores = runs.map(performanceOf).sort((a, b) => a - b);
      const median = runs.find((result) => performanceOf(result) === scores[Math.floor(scores.length / 2)]) as RunnerResult;
      // TBT is the figure that swings most from run to run: its own median and range, beside the kept run's.
      const blocking = runs.map((result) => Math.round(result.lhr.audits['total-blocking-time']?.numericValue ?? Number.NaN)).sort((a, b) => a - b);
      rows.push({
        ...summarise(label, preset, median),
        range: `${scores[0]}–${scores[scores.length - 1]}`,
        'TBT median (range)': `${blocking[Math.floor(blocking.length / 2)]} (${blocking[0]}–${blocking[blocking.length - 1]})`,
      });
      if (reportDir) {
        writeFileSync(join(reportDir, `${name}-${preset}.json`), JSON.stringify(median.lhr));
        // The run's trace too: the main thread's tasks, to see which one blocks (open it in DevTools).
        writeFileSync(join(reportDir, `${name}-${preset}.trace.json`), JSON.stringify(median.artifacts.Trace));
      }
    }
  };

  // A first visit: no session cookie at all.
  await audit('home', '/', '/ (first visit)', {});
  // Logged in: the cookies in the browser (document.cookie has hasSession) and on every request.
  const url = new URL(base);
  await page.setCookie(...cookie.split('; ').map((pair) => ({ name: pair.slice(0, pair.indexOf('=')), value: pair.slice(pair.indexOf('=') + 1), domain: url.hostname, path: '/' })));
  await audit('projects', '/projects', '/projects', { Cookie: cookie });
  await audit('project', `/project/${big.id}`, 'project, 200 products', { Cookie: cookie });
  // A configurator page (issue 35 §5): the Plusminus pendant Ø 15's express configurator, as the catalogue opens it.
  await audit('configurator', '/add-product/225/15/5520', 'configurator (5520)', { Cookie: cookie });
  await browser.disconnect();

  console.log(`web Lighthouse 12 (mobile: slow 4G, 4x CPU; desktop preset); median of ${RUNS} run(s), range = lowest–highest performance`);
  console.table(rows);
} finally {
  chrome.kill();
  await bench.close();
}

/** The preset's config; LIGHTHOUSE_SAMPLES=1 adds V8's sampling profiler to the trace (which slows the page a little). */
function configOf(preset: (typeof PRESETS)[number]): Config | undefined {
  const base = preset === 'desktop' ? desktopConfig : undefined;
  if (process.env.LIGHTHOUSE_SAMPLES !== '1') return base;
  return { ...(base ?? { extends: 'lighthouse:default' }), settings: { ...base?.settings, additionalTraceCategories: 'disabled-by-default-v8.cpu_profiler' } };
}

async function clearCache(page: Page): Promise<void> {
  const session = await page.createCDPSession();
  await session.send('Network.clearBrowserCache');
  await session.detach();
}

function performanceOf(result: RunnerResult): number {
  return Math.round((result.lhr.categories.performance?.score ?? 0) * 100);
}

function summarise(label: string, preset: Row['preset'], result: RunnerResult): Row {
  const { categories, audits } = result.lhr;
  const numeric = (id: string) => audits[id]?.numericValue ?? Number.NaN;
  return {
    page: label,
    preset,
    performance: performanceOf(result),
    range: '',
    accessibility: Math.round((categories.accessibility?.score ?? 0) * 100),
    'CLS': numeric('cumulative-layout-shift').toFixed(3),
    'TBT (ms)': Math.round(numeric('total-blocking-time')),
    'TBT median (range)': '',
    'LCP (ms)': Math.round(numeric('largest-contentful-paint')),
    'FCP (ms)': Math.round(numeric('first-contentful-paint')),
  };
}

import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, expect, it } from 'vitest';

const vitestCli = join(dirname(createRequire(import.meta.url).resolve('vitest/package.json')), 'vitest.mjs');
const dir = mkdtempSync(join(tmpdir(), 'lumen-failures-last-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

it('repeats a failed test, with its message, as the last lines of stdout', () => {
  writeFileSync(
    join(dir, 'sample.test.mjs'),
    "import { expect, it } from 'vitest';\nit('passes', () => {});\nit('adds up the quote', () => { expect(1 + 1, 'the total').toBe(3); });\n",
  );
  const run = spawnSync(
    process.execPath,
    [vitestCli, 'run', '--root', dir, '--reporter=default', `--reporter=${join(import.meta.dirname, 'failures-last-reporter.mjs')}`],
    { encoding: 'utf8', env: { ...process.env, CI: '1', NO_COLOR: '1' } },
  );
  expect(run.status).toBe(1);
  const tail = run.stdout.slice(run.stdout.lastIndexOf('Failures, repeated at the end:'));
  expect(tail).toContain('✗');
  expect(tail).toContain('sample.test.mjs › adds up the quote');
  expect(tail).toContain('the total: expected 2 to be 3');
  expect(tail).not.toContain('› passes');
});

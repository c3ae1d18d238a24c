import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { describe, expect, inject, it } from 'vitest';
import { buildServerBundle, removeServerBundle, runKill9 } from '../../../scripts/orders-kill9';
import { testDbKind } from '../../../test/test-db';

/**
 * kill -9 while orders are processed and delivered (issue 13 §3): a couple of runs here; the script
 * runs 100 (`npx tsx apps/api/scripts/orders-kill9.ts --runs 100`, figures in the api README).
 * PGlite only: the server process owns the data dir it is killed on.
 */
describe.skipIf(testDbKind() !== 'pglite')('orders survive kill -9', () => {
  it(
    'every acknowledged order exists once, no project is ordered twice, every outbox message and ERP step ran once',
    async () => {
      const dataDir = mkdtempSync(join(tmpdir(), 'lumen-kill9-test-'));
      const entry = buildServerBundle();
      try {
        // The suite's migrated and seeded template, written out as a data dir the server opens.
        const template = await PGlite.create(join(dataDir, 'pglite'), { loadDataDir: new Blob([readFileSync(inject('pgliteTemplateFile') as string)]) });
        await template.close();
        const summary = await runKill9({ runs: Number(process.env.KILL9_RUNS ?? 2), dataDir, serverEntry: entry, ordersPerRun: 5 });
        expect(summary.failures).toEqual([]);
        expect(summary.orders).toBe(summary.runs * 5);
        // Quotes issued under the same kills (issue 29 §6): each project has its one quote, the retry answered it.
        expect(summary.quotes).toBe(summary.runs * 2);
      } finally {
        removeServerBundle(entry);
        rmSync(dataDir, { recursive: true, force: true });
      }
    },
    600_000,
  );
});

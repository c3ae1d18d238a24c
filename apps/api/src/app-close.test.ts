import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { setTimeout as sleep } from 'node:timers/promises';
import { expect, it } from 'vitest';
import { createTestApp } from '../test/test-app';
import { describeOnOneDb } from '../test/test-db';

// V8's collector, reached without restarting the process with --expose-gc.
setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc') as () => void;

/** Builds an app, serves one logged-in request, closes it, and keeps nothing of it but a weak reference. */
async function closedApp(): Promise<WeakRef<object>> {
  const test = await createTestApp();
  await test.agent().login('distributor@demo.example');
  const ref = new WeakRef(test.app);
  await test.close();
  return ref;
}

describeOnOneDb('closing the app', () => {
  // Nothing process-wide may keep a closed app (its database, its caches): OpenFeature's API, a
  // singleton, kept every app's flags provider, and a test worker that builds an app per file grew
  // by gigabytes and slowed down run after run.
  it('lets the app go: nothing in the process keeps it once closed', async () => {
    const refs = [await closedApp(), await closedApp()];
    let alive = refs.length;
    for (let attempt = 0; attempt < 20 && alive > 0; attempt += 1) {
      await sleep(25);
      collectGarbage();
      alive = refs.filter((ref) => ref.deref() !== undefined).length;
    }
    expect(alive).toBe(0);
  });
});

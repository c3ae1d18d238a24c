// The modules main.tsx imports one after the other at every start (evaluated in steps), read from
// main.tsx itself so that the build's preload list (vite.config.ts) and the first-load figures
// (first-load.ts) cannot drift from it: 'src/app/start-react.ts', … as the build manifest keys them.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const WEB_DIR = join(dirname(fileURLToPath(import.meta.url)), '..');

export function readStartSteps(webDir: string = WEB_DIR): string[] {
  const main = readFileSync(join(webDir, 'src', 'main.tsx'), 'utf8');
  const steps = [...main.matchAll(/await import\('\.\/([^']+)'\)/g)].map(([, specifier]) => {
    const file = ['.ts', '.tsx'].map((extension) => `src/${specifier}${extension}`).find((candidate) => existsSync(join(webDir, candidate)));
    if (!file) throw new Error(`main.tsx imports ./${specifier}, which is no .ts or .tsx file of src/`);
    return file;
  });
  if (steps.length === 0) throw new Error('main.tsx imports no start step (await import(…))');
  return steps;
}

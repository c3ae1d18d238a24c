import type * as Contracts from '@lumen/contracts';
import type * as StartContracts from './start-schemas';

/**
 * The contracts' zod schemas stay out of the entry chunk (the first load imports plain values from
 * '@lumen/contracts/constants'), in two chunks:
 * - the start schemas (the runtime configuration, the evaluated flags, the error body) from the
 *   narrow entry '@lumen/contracts/start' (start-schemas.ts): a step of the start evaluates them
 *   (main.tsx), and loadRuntimeConfig takes them beside `/config.json`; after that
 *   `contractSchemas()` answers at once, for code that must stay synchronous;
 * - every contract (`loadContractSchemas()`), for code that checks another answer at run time.
 *   Building them all at start was the largest piece of script work of a first load (issue 9 §4).
 */
let startLoaded: typeof StartContracts | null = null;
let startLoading: Promise<typeof StartContracts> | null = null;
let allLoading: Promise<typeof Contracts> | null = null;

export function loadStartSchemas(): Promise<typeof StartContracts> {
  startLoading ??= import('./start-schemas').then((module) => (startLoaded = module));
  return startLoading;
}

export function loadContractSchemas(): Promise<typeof Contracts> {
  // Every contract holds the start schemas too: once loaded, contractSchemas() answers with them.
  allLoading ??= import('@lumen/contracts').then((module) => {
    startLoaded ??= module;
    return module;
  });
  return allLoading;
}

export function contractSchemas(): typeof StartContracts {
  if (!startLoaded) throw new Error('the contract schemas are used before the runtime configuration loaded them');
  return startLoaded;
}

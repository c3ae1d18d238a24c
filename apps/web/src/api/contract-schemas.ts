import type * as Contracts from '@lumen/contracts';

/**
 * The contracts' zod schemas, a chunk of their own so that the schema library stays out of the entry
 * chunk (the first load imports plain values from '@lumen/contracts/constants'). loadRuntimeConfig
 * loads them beside `/config.json`, which every start awaits; after that `contractSchemas()` answers
 * at once, for code that must stay synchronous.
 */
let loaded: typeof Contracts | null = null;
let loading: Promise<typeof Contracts> | null = null;

export function loadContractSchemas(): Promise<typeof Contracts> {
  loading ??= import('@lumen/contracts').then((module) => (loaded = module));
  return loading;
}

export function contractSchemas(): typeof Contracts {
  if (!loaded) throw new Error('the contract schemas are used before the runtime configuration loaded them');
  return loaded;
}

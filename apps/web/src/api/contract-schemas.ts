import type * as Contracts from '@lumen/contracts';

/**
 * The contracts' zod schemas stay out of the first load: the web imports plain values from
 * '@lumen/contracts/constants', the start checks its first answers with compiled checks
 * (start-checks.ts), and code that checks another answer at run time loads every contract here, once.
 */
let allLoading: Promise<typeof Contracts> | null = null;

export function loadContractSchemas(): Promise<typeof Contracts> {
  allLoading ??= import('@lumen/contracts');
  return allLoading;
}

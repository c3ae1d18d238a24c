import type { ErrorBody, EvaluatedFlags, EvaluatedFlagsResponse, RuntimeConfig } from '@lumen/contracts';
import * as compiled from 'virtual:start-checks';

/** A start check's answer, as zod's safeParse gives it: the value, or the paths at fault (dotted, `body` for the whole). */
export type StartCheckResult<T> = { success: true; data: T } | { success: false; paths: string[] };

export interface StartCheck<T> {
  safeParse(data: unknown): StartCheckResult<T>;
}

function startCheck<T>(check: typeof compiled.checkRuntimeConfig): StartCheck<T> {
  return {
    safeParse: (data) =>
      check(data) ? { success: true, data: data as T } : { success: false, paths: (check.errors ?? []).map((error) => error.instancePath.slice(1).replaceAll('/', '.') || 'body') },
  };
}

/**
 * What the start checks its first answers with (the runtime configuration, the flags, the error
 * body): the contracts' schemas compiled into plain functions at build time (scripts/start-checks.ts),
 * so that the first load carries no schema library. Every other answer is checked with the contracts'
 * zod schemas (loadContractSchemas).
 */
export const startChecks = {
  RuntimeConfig: startCheck<RuntimeConfig>(compiled.checkRuntimeConfig),
  EvaluatedFlags: startCheck<EvaluatedFlags>(compiled.checkEvaluatedFlags),
  EvaluatedFlagsResponse: startCheck<EvaluatedFlagsResponse>(compiled.checkEvaluatedFlagsResponse),
  PartialErrorBody: startCheck<Partial<ErrorBody>>(compiled.checkPartialErrorBody),
};

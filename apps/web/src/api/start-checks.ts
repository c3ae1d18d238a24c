import type { ErrorBody, EvaluatedFlags, EvaluatedFlagsResponse, RuntimeConfig } from '@lumen/contracts';
import * as compiled from 'virtual:start-checks';

/** A start check's answer, as zod's safeParse gives it: the value, or the paths at fault (dotted, `body` for the whole). */
export type StartCheckResult<T> = { success: true; data: T } | { success: false; paths: string[] };

export interface StartCheck<T> {
  safeParse(data: unknown): StartCheckResult<T>;
}

/**
 * Drops every own `__proto__` key (JSON.parse makes one of `"__proto__"`), as zod does: its records
 * leave that key out rather than judge its value, where the compiled check judged it, so the two
 * decided differently on `{"__proto__": 0}` as flags; and no such key reaches the app's objects.
 */
function withoutProtoKeys(value: unknown): unknown {
  if (typeof value !== 'object' || value === null) return value;
  if (Object.hasOwn(value, '__proto__')) delete (value as Record<string, unknown>)['__proto__'];
  for (const child of Object.values(value)) withoutProtoKeys(child);
  return value;
}

function startCheck<T>(check: typeof compiled.checkRuntimeConfig): StartCheck<T> {
  return {
    safeParse: (input) => {
      const data = withoutProtoKeys(input);
      return check(data) ? { success: true, data: data as T } : { success: false, paths: (check.errors ?? []).map((error) => error.instancePath.slice(1).replaceAll('/', '.') || 'body') };
    },
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

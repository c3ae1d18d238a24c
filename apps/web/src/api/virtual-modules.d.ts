// The start's checks compiled at build time (scripts/start-checks.ts): one function per schema of
// @lumen/contracts/start, true when the value is one (unknown properties removed, as zod strips them).
declare module 'virtual:start-checks' {
  interface CompiledCheck {
    (data: unknown): boolean;
    /** Why the last value was refused: where (a JSON pointer) and which rule. */
    errors?: readonly { instancePath: string; keyword: string }[] | null;
  }
  export const checkRuntimeConfig: CompiledCheck;
  export const checkEvaluatedFlags: CompiledCheck;
  export const checkEvaluatedFlagsResponse: CompiledCheck;
  export const checkPartialErrorBody: CompiledCheck;
}

/**
 * The schemas a web start checks its first answers with: the runtime configuration, the evaluated
 * flags and the error body. The web compiles them at build time into plain checking functions
 * (apps/web scripts/start-checks.ts), so that its first load carries no schema library (issue 9 §4).
 */
export { RuntimeConfig, EvaluatedFlags, EvaluatedFlagsResponse } from './runtime-config';
export { ErrorBody, PartialErrorBody } from './errors';

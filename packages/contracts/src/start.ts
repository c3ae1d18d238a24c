/**
 * The schemas a web start needs before its first screen: the runtime configuration, the evaluated
 * flags and the error body. The web imports this entry (`@lumen/contracts/start`) at start instead
 * of the whole package, so that a start builds these few schemas and not every contract (building
 * them all was the largest piece of script work of a first load, issue 9 §4).
 */
export { RuntimeConfig, EvaluatedFlags, EvaluatedFlagsResponse } from './runtime-config';
export { ErrorBody, PartialErrorBody } from './errors';

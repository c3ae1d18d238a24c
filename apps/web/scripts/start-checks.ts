// The checks a web start runs on its first answers, compiled at build time from the contracts' own
// schemas: the runtime configuration, the evaluated flags and the error body (@lumen/contracts/start),
// each turned into JSON Schema by zod and into a validating function by Ajv's standalone code. The
// start then loads a few kilobytes of plain functions instead of zod, which took 16 KB compressed of
// the first load of `/` (issue 9 §4); zod loads with the first screen that checks another answer.
// Served to the app as the module `virtual:start-checks` (startChecksPlugin, in the build and in the
// web's unit tests), so that it can never lag behind the schemas it is made from.
import { Ajv } from 'ajv';
import standaloneCode from 'ajv/dist/standalone/index.js';
import { tsImport } from 'tsx/esm/api';
import type { Plugin } from 'vite';
import * as z from 'zod';
import type * as StartSchemas from '@lumen/contracts/start';

export const START_CHECKS_MODULE = 'virtual:start-checks';

/** The exported function of the module for each start schema: `check<Name>`. */
export const START_CHECKED = ['RuntimeConfig', 'EvaluatedFlags', 'EvaluatedFlagsResponse', 'PartialErrorBody'] as const satisfies readonly (keyof typeof StartSchemas)[];

/**
 * The module's source (ES module, no imports). Ajv drops the properties a schema does not declare
 * (`removeAdditional`), as zod's objects do, so that an answer with a field this build does not know
 * yet (a newer api) passes as it would have with zod.
 */
export async function startChecksSource(): Promise<string> {
  // Through tsx: the configs of Vite and Vitest run on plain Node, which does not load the
  // contracts' TypeScript sources.
  const startSchemas = (await tsImport('@lumen/contracts/start', import.meta.url)) as typeof StartSchemas;
  // strictRequired off: a record keyed by an enum (the services) requires keys it declares by propertyNames.
  const ajv = new Ajv({ code: { source: true, esm: true, lines: false }, messages: false, removeAdditional: true, allErrors: false, strict: true, strictRequired: false });
  const exports: Record<string, string> = {};
  for (const name of START_CHECKED) {
    const { $schema: _draft, ...schema } = z.toJSONSchema(startSchemas[name], { target: 'draft-7' });
    ajv.addSchema(schema, name);
    exports[`check${name}`] = name;
  }
  const source = standaloneCode(ajv, exports);
  // Ajv imports its runtime helpers for some keywords (string lengths, deep equality, formats): none
  // of the start's schemas uses them today, and a start must not grow a dependency unnoticed.
  if (/\brequire\(|^import /m.test(source)) throw new Error(`${START_CHECKS_MODULE}: the compiled checks import Ajv's runtime; bundle it or change the schema`);
  return source;
}

/** Serves `virtual:start-checks` to Vite and Vitest. */
export function startChecksPlugin(): Plugin {
  const resolved = `\0${START_CHECKS_MODULE}`;
  return {
    name: 'lumen:start-checks',
    resolveId: (id) => (id === START_CHECKS_MODULE ? resolved : undefined),
    load: (id) => (id === resolved ? startChecksSource() : undefined),
  };
}

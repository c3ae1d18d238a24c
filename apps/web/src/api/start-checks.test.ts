import * as contracts from '@lumen/contracts/start';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { makeRuntimeConfig } from '../../test/runtime-config';
import { startChecks } from './start-checks';

/** The contracts' zod schemas the checks are compiled from: they must decide alike. */
const ORACLES = {
  RuntimeConfig: contracts.RuntimeConfig,
  EvaluatedFlags: contracts.EvaluatedFlags,
  EvaluatedFlagsResponse: contracts.EvaluatedFlagsResponse,
  PartialErrorBody: contracts.PartialErrorBody,
} as const;

/** A valid configuration with one property replaced by an arbitrary value, or removed, or one added. */
const alteredConfig = fc
  .tuple(
    fc.constantFrom(...Object.keys(makeRuntimeConfig()), 'extra', 'services.products', 'services.unknown', 'timeouts.clientMs', 'flags.someFlag'),
    fc.oneof(fc.anything(), fc.constant(undefined), fc.double(), fc.integer(), fc.string()),
  )
  .map(([path, value]) => {
    const config: Record<string, unknown> = structuredClone(makeRuntimeConfig()) as unknown as Record<string, unknown>;
    const [head, tail] = path.split('.') as [string, string | undefined];
    const target = tail === undefined ? config : (config[head] as Record<string, unknown>);
    const key = tail ?? head;
    if (value === undefined) delete target[key];
    else target[key] = value;
    return config;
  });

describe('the start checks, compiled from the contracts', () => {
  it('take a valid configuration, dropping what the contract does not declare, as zod does', () => {
    const answer = { ...makeRuntimeConfig({ flags: { unifiedCodeVersion: true } }), newerField: 1, timeouts: { clientMs: 1, uploadMs: 2, later: true } };
    const checked = startChecks.RuntimeConfig.safeParse(structuredClone(answer));
    expect(checked).toEqual({ success: true, data: contracts.RuntimeConfig.parse(structuredClone(answer)) });
    expect(checked.success && 'newerField' in checked.data).toBe(false);
  });

  it('name where a configuration is not the contract', () => {
    const { services, ...noServices } = makeRuntimeConfig();
    expect(startChecks.RuntimeConfig.safeParse(noServices)).toEqual({ success: false, paths: ['body'] });
    expect(startChecks.RuntimeConfig.safeParse({ ...makeRuntimeConfig(), timeouts: { clientMs: 1.5, uploadMs: 2 } })).toEqual({ success: false, paths: ['timeouts.clientMs'] });
    const { products: _products, ...someServices } = services;
    expect(startChecks.RuntimeConfig.safeParse({ ...makeRuntimeConfig(), services: someServices }).success).toBe(false);
    expect(startChecks.EvaluatedFlags.safeParse({ a: true, b: 'yes' })).toEqual({ success: false, paths: ['b'] });
    // A `__proto__` key (JSON.parse makes one) is left out, as zod's records leave it: fast-check found the two deciding apart on it.
    expect(startChecks.EvaluatedFlags.safeParse(JSON.parse('{"__proto__":0,"a":true}'))).toEqual({ success: true, data: { a: true } });
    expect(startChecks.PartialErrorBody.safeParse({ ErrorCode: '400' })).toEqual({ success: false, paths: ['ErrorCode'] });
  });

  it('decide as the zod schemas on altered configurations', () => {
    fc.assert(
      fc.property(alteredConfig, (config) => {
        expect(startChecks.RuntimeConfig.safeParse(structuredClone(config)).success).toBe(ORACLES.RuntimeConfig.safeParse(config).success);
      }),
      { numRuns: 500 },
    );
  });

  it.each(Object.keys(ORACLES) as (keyof typeof ORACLES)[])('decide as the zod schema %s on any JSON value', (name) => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.dictionary(fc.string(), fc.oneof(fc.boolean(), fc.integer(), fc.string())), (value, record) => {
        for (const candidate of [value, record]) expect(startChecks[name].safeParse(structuredClone(candidate)).success).toBe(ORACLES[name].safeParse(candidate).success);
      }),
      { numRuns: 300 },
    );
  });
});

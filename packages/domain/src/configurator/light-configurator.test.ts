import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Variation } from '../catalogue/catalogue.types';
import { FIXTURE_ARTICLES } from '../element-tree/element-tree.fixtures';
import { getElement } from '../element-tree/tree-queries';
import { setAttribute } from '../element-tree/light-attributes';
import { parseRuleBook } from '../rules/rule-book.schema';
import type { RuleSet } from '../rules/rule.types';
import {
  chooseLightOption,
  combinationOf,
  evaluateCombination,
  isOptionOfferedNow,
  LIGHT_CONFIGURATOR_IDS,
  lightOptionStates,
  nearestValidCombination,
  startLightConfiguration,
  type LightConfiguratorContext,
} from './light-configurator';

const LIGHT = LIGHT_CONFIGURATOR_IDS.light;
const NOW = new Date('2026-06-01T12:00:00Z');

// 0270 offers finish 01 05 07, LED 3 4, control 0 2 M, installation 10 31 32 18 (base 01/03_10).
const RULES: RuleSet[] = [
  ...parseRuleBook({
    version: 1,
    subFamilyId: 1,
    ruleSets: [
      {
        id: 'lights',
        appliesTo: { elementType: ['Light'] },
        rules: [
          {
            kind: 'exclusion',
            id: 'remote-driver',
            reason: 'A remote driver needs a recessed canopy',
            reasons: { es: 'Un driver remoto necesita un florón empotrado' },
            combinations: [{ Dim: 'M', Instalacion1: ['1'] }],
          },
          { kind: 'exclusion', id: 'black-cool', reason: 'Black is warm white only', combinations: [{ Acabado: '05', Led: '4' }] },
          // 07 is never made: every combination holding it is excluded.
          { kind: 'exclusion', id: 'no-07', reason: 'Not made', combinations: [{ Acabado: '07' }] },
        ],
      },
    ],
  }).ruleSets,
];

const ctx = (rules: readonly RuleSet[] = RULES, remoteDriverCP = false): LightConfiguratorContext => ({ articles: FIXTURE_ARTICLES, rules, flags: { remoteDriverCP }, catalogId: 16 });

describe('the light configurator', () => {
  it('starts on the base article and finds what can be reached', () => {
    const { tree, reachability } = startLightConfiguration('0270', ctx(), {}, NOW);
    expect(combinationOf(tree, LIGHT, FIXTURE_ARTICLES)).toEqual({ finish: '01', ledColourTemp: '3', control: '0', installation: '10' });
    expect([...reachability.reachable.finish]).toEqual(['01', '05']);
    expect([...reachability.reachable.control]).toEqual(['0', '2', 'M']);
    // 3 finishes offered, 07 never valid; M only with 31/32 (18 starts with 1 as well).
    expect(reachability.valid.every((c) => c.finish !== '07' && !(c.control === 'M' && c.installation.startsWith('1')))).toBe(true);
  });

  it('hides what no valid combination holds, marks a conflict with the rule that causes it', () => {
    const { tree, reachability } = startLightConfiguration('0270', ctx(), {}, NOW);
    const states = lightOptionStates(tree, LIGHT, ctx(), reachability);
    expect(states.finish.map((s) => [s.code, s.state])).toEqual([
      ['01', 'available'],
      ['05', 'available'],
      ['07', 'unreachable'],
    ]);
    const m = states.control.find((s) => s.code === 'M');
    expect(m).toMatchObject({ state: 'conflict', moves: ['installation'] });
    expect(m?.state === 'conflict' && m.conflict.kind === 'rule' && m.conflict.failure).toMatchObject({
      ruleId: 'remote-driver',
      reason: 'A remote driver needs a recessed canopy',
      reasons: { es: 'Un driver remoto necesita un florón empotrado' },
    });
  });

  it('choosing a conflicting option moves the others to the nearest valid combination and says what moved', () => {
    const start = startLightConfiguration('0270', ctx(), { ledColourTemp: '4' }, NOW);
    // Today's engine refuses it outright (the click that "looks dead").
    expect(setAttribute(start.tree, LIGHT, 'control', 'M', ctx()).status).toBe('reverted');
    const result = chooseLightOption(start.tree, LIGHT, 'control', 'M', ctx(), start.reachability);
    expect(result.status).toBe('moved');
    expect(combinationOf(result.tree, LIGHT, FIXTURE_ARTICLES)).toEqual({ finish: '01', ledColourTemp: '4', control: 'M', installation: '31' });
    expect(result.status !== 'refused' && result.changes).toEqual([{ key: 'installation', from: '10', to: '31' }]);
    // Black with 4000 K: the LED moves (one change), the finish stays.
    const black = chooseLightOption(start.tree, LIGHT, 'finish', '05', ctx(), start.reachability);
    expect(black.status !== 'refused' && black.changes).toEqual([{ key: 'ledColourTemp', from: '4', to: '3' }]);
  });

  it('a fitting option is simply applied; an unreachable one is refused and the tree kept', () => {
    const { tree, reachability } = startLightConfiguration('0270', ctx(), {}, NOW);
    const fits = chooseLightOption(tree, LIGHT, 'installation', '32', ctx(), reachability);
    expect(fits).toMatchObject({ status: 'applied', changes: [] });
    const never = chooseLightOption(tree, LIGHT, 'finish', '07', ctx(), reachability);
    expect(never.status).toBe('refused');
    expect(never.tree).toBe(tree);
  });

  it('RemoteDriverCP: a remote canopy conflicts with a driver in the light, and choosing it reports the control it switches', () => {
    const { tree, reachability } = startLightConfiguration('0270', ctx([], true), {}, NOW);
    const states = lightOptionStates(tree, LIGHT, ctx([], true), reachability);
    const micro = states.installation.find((s) => s.code === '31');
    expect(micro).toMatchObject({ state: 'conflict', conflict: { kind: 'remoteDriver', control: 'M' } });
    const result = chooseLightOption(tree, LIGHT, 'installation', '31', ctx([], true), reachability);
    expect(result.status !== 'refused' && result.changes).toEqual([{ key: 'control', from: '0', to: 'M' }]);
  });

  it('a canopy the room cannot take is unreachable', () => {
    const { tree } = startLightConfiguration('0270', ctx([]), {}, NOW);
    const space = getElement(tree, LIGHT_CONFIGURATOR_IDS.space);
    if (space.type !== 'Space') throw new Error('space');
    const concrete = { ...tree, elements: { ...tree.elements, space: { ...space, props: { ...space.props, config: { roomSize: { ...space.props.config.roomSize, ceilingMaterial: 'concrete' as const } } } } } };
    expect(evaluateCombination(concrete, LIGHT, { finish: '01', ledColourTemp: '3', control: '0', installation: '31' }, ctx([])).conflict).toEqual({ kind: 'room', installation: '10' });
  });

  it('a value not offered now is shown as unavailable and reached by nothing', () => {
    const expired: Variation = { type: 'color', model: '0270', modifier: '05', availability: { since: '2020-01-01T00:00:00Z', until: '2021-01-01T00:00:00Z' } };
    const articles = { ...FIXTURE_ARTICLES, variations: [expired, ...FIXTURE_ARTICLES.variations.filter((v) => !(v.model === '0270' && v.modifier === '05' && v.type === 'color'))] };
    expect(isOptionOfferedNow(articles, '0270', 'finish', '05', NOW)).toBe(false);
    const context = { ...ctx(), articles };
    const { tree, reachability } = startLightConfiguration('0270', context, {}, NOW);
    expect(lightOptionStates(tree, LIGHT, context, reachability).finish.find((s) => s.code === '05')?.state).toBe('unavailable');
    expect(reachability.valid.some((c) => c.finish === '05')).toBe(false);
  });

  it('a base article its own rules exclude starts on the nearest valid combination', () => {
    const rules = parseRuleBook({ version: 1, subFamilyId: 1, ruleSets: [{ id: 's', appliesTo: { elementType: ['Light'] }, rules: [{ kind: 'exclusion', id: 'x', reason: 'r', combinations: [{ Dim: '0', Instalacion1: '1' }] }] }] }).ruleSets;
    const { tree } = startLightConfiguration('0270', ctx(rules), {}, NOW);
    const combination = combinationOf(tree, LIGHT, FIXTURE_ARTICLES);
    expect(combination.finish).toBe('01');
    expect(evaluateCombination(tree, LIGHT, combination, ctx(rules)).conflict).toBeNull();
  });

  it('property: from any valid combination, every reachable option can be chosen and the result is valid', () => {
    const { tree, reachability } = startLightConfiguration('0270', ctx(), {}, NOW);
    const keys = ['finish', 'ledColourTemp', 'control', 'installation'] as const;
    fc.assert(
      fc.property(fc.nat(reachability.valid.length - 1), fc.constantFrom(...keys), fc.nat(20), (index, key, pick) => {
        const from = evaluateCombination(tree, LIGHT, reachability.valid[index]!, ctx()).tree;
        const codes = [...reachability.reachable[key]];
        const code = codes[pick % codes.length]!;
        const result = chooseLightOption(from, LIGHT, key, code, ctx(), reachability);
        expect(result.status).not.toBe('refused');
        const after = combinationOf(result.tree, LIGHT, FIXTURE_ARTICLES);
        expect(after[key]).toBe(code);
        expect(evaluateCombination(result.tree, LIGHT, after, ctx()).conflict).toBeNull();
        // The nearest: no valid combination holding the code changes fewer attributes.
        const before = combinationOf(from, LIGHT, FIXTURE_ARTICLES);
        const distance = (c: typeof after) => keys.filter((k) => k !== key && c[k] !== before[k]).length;
        const best = nearestValidCombination(reachability, before, key, code);
        expect(best && distance(best)).toBe(Math.min(...reachability.valid.filter((c) => c[key] === code).map(distance)));
      }),
      { numRuns: 200 },
    );
  });

  it('does not enumerate a model past the limit: every offered value counts as reachable, conflicts are still found', () => {
    const many = (type: Variation['type'], count: number, code: (i: number) => string): Variation[] =>
      Array.from({ length: count }, (_, i) => ({ type, model: '0270', modifier: code(i) }) as Variation);
    const articles = {
      articles: FIXTURE_ARTICLES.articles,
      variations: [...many('color', 40, (i) => `F${i}`), ...many('temperature', 10, (i) => `${i}`), ...many('control', 10, (i) => `C${i}`), ...many('installation', 10, (i) => `3${i}`)],
    };
    const context = { ...ctx(), articles };
    const { tree, reachability } = startLightConfiguration('0270', context, {}, NOW);
    expect(reachability.enumerated).toBe(false);
    expect(reachability.reachable.finish.size).toBe(41);
    expect(lightOptionStates(tree, LIGHT, context, reachability).ledColourTemp.find((s) => s.code === '3')?.state).toBe('available');
  });

  it('starts from a preconfiguration’s values taken together, though one at a time they would pass through an invalid step', () => {
    // No driver (M) before its recessed canopy (31) is refused on its own.
    const { tree } = startLightConfiguration('0270', ctx(), { finish: '05', control: 'M', installation: '31' }, NOW);
    expect(combinationOf(tree, LIGHT, FIXTURE_ARTICLES)).toEqual({ finish: '05', ledColourTemp: '3', control: 'M', installation: '31' });
    // A value the model does not offer is skipped, the others kept.
    const skipped = startLightConfiguration('0270', ctx(), { finish: '05', ledColourTemp: '9' }, NOW).tree;
    expect(combinationOf(skipped, LIGHT, FIXTURE_ARTICLES)).toMatchObject({ finish: '05', ledColourTemp: '3' });
  });
});

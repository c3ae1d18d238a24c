import { describe, expect, it } from 'vitest';
import type { RuleBook, RuleSet, RuleSubject } from './rule.types';
import { assertRules, evaluateCondition, evaluateRule, evaluateRuleSet, findRuleFailure, matchesExclusion } from './rules-engine';
import { parseRuleBook } from './rule-book.schema';

const light = (attributes: RuleSubject['attributes'], extra: Partial<RuleSubject> = {}): RuleSubject => ({
  id: 'l1',
  type: 'Light',
  model: '0270',
  attributes,
  parent: null,
  childCounts: {},
  ...extra,
});

const ATTRS = { finish: '05', ledColourTemp: '3', control: '2', installation: '31' };

describe('rules engine', () => {
  it('each rule accepts, rejects or passes', () => {
    const subject = light(ATTRS);
    expect(evaluateRule({ kind: 'condition', id: 'a', reason: 'r', when: { attribute: 'control', in: ['2'] }, outcome: 'accept' }, subject)).toBe('accept');
    expect(evaluateRule({ kind: 'condition', id: 'b', reason: 'r', when: { attribute: 'control', in: ['2'] }, outcome: 'reject' }, subject)).toBe('reject');
    expect(evaluateRule({ kind: 'condition', id: 'c', reason: 'r', when: { attribute: 'control', in: ['0'] }, outcome: 'reject' }, subject)).toBe('pass');
  });

  it('the first accept ends a rule set, the first reject fails it, passing all is valid', () => {
    const reject = { kind: 'condition', id: 'no', reason: 'no DALI', when: { attribute: 'control', in: ['2'] }, outcome: 'reject' } as const;
    const accept = { kind: 'condition', id: 'ok', reason: 'white ok', when: { attribute: 'finish', in: ['05'] }, outcome: 'accept' } as const;
    const set = (rules: RuleSet['rules']): RuleSet => ({ id: 's', appliesTo: {}, rules });
    expect(evaluateRuleSet(set([accept, reject]), light(ATTRS))).toBeNull();
    expect(evaluateRuleSet(set([reject, accept]), light(ATTRS))).toEqual({ ruleSetId: 's', ruleId: 'no', reason: 'no DALI', elementId: 'l1' });
    expect(evaluateRuleSet(set([]), light(ATTRS))).toBeNull();
  });

  it("a rejection throws 'Rule failed: {reason}'", () => {
    const sets: RuleSet[] = [{ id: 's', appliesTo: { elementType: ['Light'] }, rules: [{ kind: 'condition', id: 'r', reason: 'DALI is not available in black', when: { all: [{ attribute: 'control', in: ['2'] }, { attribute: 'finish', in: ['05'] }] }, outcome: 'reject' }] }];
    expect(() => assertRules(sets, light(ATTRS))).toThrow('Rule failed: DALI is not available in black');
    expect(() => assertRules(sets, light({ ...ATTRS, finish: '01' }))).not.toThrow();
  });

  it('evaluates rule sets per element: only the sets whose target matches the element', () => {
    const sets: RuleSet[] = [
      { id: 'clusters', appliesTo: { elementType: ['Cluster'] }, rules: [{ kind: 'condition', id: 'x', reason: 'never', when: { always: true }, outcome: 'reject' }] },
      { id: 'model', appliesTo: { model: ['9999'] }, rules: [{ kind: 'condition', id: 'y', reason: 'never', when: { always: true }, outcome: 'reject' }] },
    ];
    expect(findRuleFailure(sets, light(ATTRS))).toBeNull();
    expect(findRuleFailure(sets, light(ATTRS, { type: 'Cluster', model: null }))?.ruleSetId).toBe('clusters');
    expect(findRuleFailure(sets, light(ATTRS, { model: '9999' }))?.ruleSetId).toBe('model');
  });

  it('an exclusion list rejects a finish/LED/control/installation combination (keys Acabado, Led, Dim, Instalacion1, Instalacion2)', () => {
    const rule = { kind: 'exclusion', id: 'x', reason: 'combination excluded', combinations: [{ Acabado: '05', Led: '3', Dim: '2', Instalacion1: '3', Instalacion2: '1' }] } as const;
    expect(evaluateRule(rule, light(ATTRS))).toBe('reject');
    expect(evaluateRule(rule, light({ ...ATTRS, installation: '32' }))).toBe('pass');
    expect(evaluateRule(rule, light({ ...ATTRS, finish: '01' }))).toBe('pass');
  });

  it("an exclusion key with '*' (or missing) matches any value; an array matches any listed value", () => {
    expect(matchesExclusion({ Acabado: '*', Dim: '2' }, light(ATTRS))).toBe(true);
    expect(matchesExclusion({ Dim: ['0', '2'] }, light(ATTRS))).toBe(true);
    expect(matchesExclusion({ Dim: ['0', '1'] }, light(ATTRS))).toBe(false);
    expect(matchesExclusion({ Instalacion1: '3', Instalacion2: '*' }, light(ATTRS))).toBe(true);
    expect(matchesExclusion({ Instalacion1: '3' }, light({ finish: '05' }))).toBe(false);
    expect(matchesExclusion({}, light(ATTRS))).toBe(true);
  });

  it('a max-children-per-type rule rejects more children of a type than allowed', () => {
    const rule = { kind: 'maxChildren', id: 'm', reason: 'at most 3 pendants', childType: 'Pendant', max: 3 } as const;
    const cluster = (n: number) => light({}, { type: 'Composition', childCounts: { Pendant: n } });
    expect(evaluateRule(rule, cluster(3))).toBe('pass');
    expect(evaluateRule(rule, cluster(4))).toBe('reject');
    expect(evaluateRule(rule, cluster(0))).toBe('pass');
  });

  it('evaluates the condition language (type, model, attribute, parent, child count, all/any/not)', () => {
    const s = light(ATTRS, { parent: { type: 'Cluster', attributes: { installation: '18' } }, childCounts: { Light: 2 } });
    expect(evaluateCondition({ elementType: ['Light'] }, s)).toBe(true);
    expect(evaluateCondition({ model: ['0270'] }, s)).toBe(true);
    expect(evaluateCondition({ attribute: 'installation', startsWith: '3' }, s)).toBe(true);
    expect(evaluateCondition({ attributeMissing: 'pendantHeight' }, s)).toBe(true);
    expect(evaluateCondition({ parentType: ['Cluster'] }, s)).toBe(true);
    expect(evaluateCondition({ parentAttribute: 'installation', in: ['18'] }, s)).toBe(true);
    expect(evaluateCondition({ childCount: { type: 'Light', atLeast: 2, atMost: 2 } }, s)).toBe(true);
    expect(evaluateCondition({ childCount: { atLeast: 3 } }, s)).toBe(false);
    expect(evaluateCondition({ any: [{ model: ['x'] }, { not: { always: true } }] }, s)).toBe(false);
    expect(evaluateCondition({ all: [{ model: ['0270'] }, { not: { model: ['x'] } }] }, s)).toBe(true);
  });
});

describe('rule books are data', () => {
  const book: RuleBook = {
    version: 1,
    subFamilyId: 225,
    ruleSets: [
      {
        id: 'lights',
        appliesTo: { elementType: ['Light'] },
        rules: [
          { kind: 'exclusion', id: 'ex', reason: 'excluded', combinations: [{ Acabado: '*', Dim: ['2'] }] },
          { kind: 'condition', id: 'c', reason: 'no remote', when: { not: { attribute: 'installation', startsWith: '3' } }, outcome: 'accept' },
        ],
      },
      { id: 'compositions', appliesTo: { elementType: ['Composition'] }, rules: [{ kind: 'maxChildren', id: 'm', reason: 'max', childType: 'Cluster', max: 9 }] },
    ],
  };

  it('survive a JSON round trip and parse back', () => {
    expect(parseRuleBook(JSON.parse(JSON.stringify(book)))).toEqual(book);
  });

  it('refuse a malformed rule file', () => {
    expect(() => parseRuleBook({ version: 1, subFamilyId: 1, ruleSets: [{ id: 'x', appliesTo: {}, rules: [{ kind: 'script', code: 'evil()' }] }] })).toThrow(/^Invalid rule book at ruleSets\.0\.rules\.0/);
    expect(() => parseRuleBook(null)).toThrow(/^Invalid rule book/);
    let deep: unknown = { always: true };
    for (let i = 0; i < 10_000; i++) deep = { not: deep };
    expect(() => parseRuleBook({ version: 1, subFamilyId: 1, ruleSets: [{ id: 'x', appliesTo: {}, rules: [{ kind: 'condition', id: 'c', reason: 'r', when: deep, outcome: 'reject' }] }] })).toThrow('Invalid rule book: nested more than 40 levels');
    expect(() => parseRuleBook({ version: 1, subFamilyId: 1, ruleSets: [{ id: 'x', appliesTo: { elementType: ['Lamp'] }, rules: [] }] })).toThrow(/Invalid rule book/);
  });
});

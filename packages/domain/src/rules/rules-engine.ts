/**
 * The rules engine: interprets rule data (rule.types.ts) against one element. Each rule accepts,
 * rejects or passes; a rejection throws 'Rule failed: {reason}'.
 */
import type { LocalizedText } from '../catalogue/catalogue.types';
import { DomainError } from '../catalogue/domain-error';
import type { ElementType } from '../element-tree/element.types';
import { ANY_VALUE } from './rule.types';
import type { Condition, ExclusionCombination, ExclusionKey, Rule, RuleBook, RuleOutcome, RuleSet, RuleSubject } from './rule.types';

/**
 * How an exclusion key reads the element: Acabado = finish, Led = LED colour temperature,
 * Dim = control, Instalacion1 / Instalacion2 = first / second character of the installation code
 * (the installation type — 3 is remote — and its variant).
 */
export const EXCLUSION_KEYS: Readonly<Record<ExclusionKey, (s: RuleSubject) => string | undefined>> = {
  Acabado: (s) => s.attributes.finish,
  Led: (s) => s.attributes.ledColourTemp,
  Dim: (s) => s.attributes.control,
  Instalacion1: (s) => s.attributes.installation?.charAt(0),
  Instalacion2: (s) => s.attributes.installation?.charAt(1),
};

const EXCLUSION_KEY_NAMES = Object.keys(EXCLUSION_KEYS) as ExclusionKey[];

function matchesValue(expected: string | readonly string[] | undefined, actual: string | undefined): boolean {
  if (expected === undefined || expected === ANY_VALUE) return true;
  if (typeof expected === 'string') return actual === expected;
  return expected.includes(ANY_VALUE) || (actual !== undefined && expected.includes(actual));
}

/** True when every key of the combination matches the element. */
export function matchesExclusion(combination: ExclusionCombination, subject: RuleSubject): boolean {
  for (const key of EXCLUSION_KEY_NAMES) {
    if (!matchesValue(combination[key], EXCLUSION_KEYS[key](subject))) return false;
  }
  return true;
}

export function evaluateCondition(condition: Condition, s: RuleSubject): boolean {
  if ('always' in condition) return true;
  if ('elementType' in condition) return condition.elementType.includes(s.type);
  if ('model' in condition) return s.model !== null && condition.model.includes(s.model);
  if ('attributeMissing' in condition) return s.attributes[condition.attributeMissing] === undefined;
  if ('parentType' in condition) return s.parent !== null && condition.parentType.includes(s.parent.type);
  if ('parentAttribute' in condition) {
    const value = s.parent?.attributes[condition.parentAttribute];
    return value !== undefined && condition.in.includes(value);
  }
  if ('attribute' in condition) {
    const value = s.attributes[condition.attribute];
    if (value === undefined) return false;
    return 'in' in condition ? condition.in.includes(value) : value.startsWith(condition.startsWith);
  }
  if ('childCount' in condition) {
    const { type, atLeast, atMost } = condition.childCount;
    const n = type === undefined ? totalChildren(s) : (s.childCounts[type] ?? 0);
    return (atLeast === undefined || n >= atLeast) && (atMost === undefined || n <= atMost);
  }
  if ('all' in condition) return condition.all.every((c) => evaluateCondition(c, s));
  if ('any' in condition) return condition.any.some((c) => evaluateCondition(c, s));
  return !evaluateCondition(condition.not, s);
}

function totalChildren(s: RuleSubject): number {
  let n = 0;
  for (const count of Object.values(s.childCounts)) n += count ?? 0;
  return n;
}

export function evaluateRule(rule: Rule, subject: RuleSubject): RuleOutcome {
  switch (rule.kind) {
    case 'exclusion':
      return rule.combinations.some((c) => matchesExclusion(c, subject)) ? 'reject' : 'pass';
    case 'maxChildren':
      return (subject.childCounts[rule.childType] ?? 0) > rule.max ? 'reject' : 'pass';
    case 'condition':
      return evaluateCondition(rule.when, subject) ? rule.outcome : 'pass';
  }
}

export function ruleSetApplies(set: RuleSet, subject: RuleSubject): boolean {
  const { elementType, model } = set.appliesTo;
  if (elementType !== undefined && !elementType.includes(subject.type)) return false;
  if (model !== undefined && (subject.model === null || !model.includes(subject.model))) return false;
  return true;
}

export interface RuleFailure {
  readonly ruleSetId: string;
  readonly ruleId: string;
  readonly reason: string;
  /** The reason in the interface languages, when the rule carries them. */
  readonly reasons?: LocalizedText;
  readonly elementId: string;
}

/** Evaluates one set: the first accept or reject decides; passing every rule accepts. */
export function evaluateRuleSet(set: RuleSet, subject: RuleSubject): RuleFailure | null {
  for (const rule of set.rules) {
    const outcome = evaluateRule(rule, subject);
    if (outcome === 'accept') return null;
    if (outcome === 'reject') return { ruleSetId: set.id, ruleId: rule.id, reason: rule.reason, ...(rule.reasons ? { reasons: rule.reasons } : {}), elementId: subject.id };
  }
  return null;
}

// Rule sets indexed by element type, computed once per rule-set list (the lists are immutable data).
const INDEX = new WeakMap<readonly RuleSet[], ReadonlyMap<ElementType | '*', readonly RuleSet[]>>();

function index(sets: readonly RuleSet[]): ReadonlyMap<ElementType | '*', readonly RuleSet[]> {
  let map = INDEX.get(sets);
  if (!map) {
    const m = new Map<ElementType | '*', RuleSet[]>();
    for (const set of sets) {
      for (const key of set.appliesTo.elementType ?? ['*' as const]) {
        const list = m.get(key) ?? [];
        list.push(set);
        m.set(key, list);
      }
    }
    map = m;
    INDEX.set(sets, map);
  }
  return map;
}

/** The rule sets of `sets` that apply to the subject, in their order in the list. */
export function ruleSetsFor(sets: readonly RuleSet[], subject: RuleSubject): readonly RuleSet[] {
  const map = index(sets);
  const typed = map.get(subject.type) ?? [];
  const any = map.get('*') ?? [];
  const candidates = any.length === 0 ? typed : typed.length === 0 ? any : sets.filter((s) => typed.includes(s) || any.includes(s));
  return candidates.filter((s) => ruleSetApplies(s, subject));
}

/** The first failure of the applicable rule sets, or null when the element is valid. */
export function findRuleFailure(sets: readonly RuleSet[], subject: RuleSubject): RuleFailure | null {
  if (sets.length === 0) return null;
  const map = index(sets);
  const typed = map.get(subject.type);
  const any = map.get('*');
  // The common case (sets for this type only, or for any type only) walks the index without allocating.
  const candidates = typed === undefined ? any : any === undefined ? typed : ruleSetsFor(sets, subject);
  if (candidates === undefined) return null;
  for (const set of candidates) {
    if (!ruleSetApplies(set, subject)) continue;
    const failure = evaluateRuleSet(set, subject);
    if (failure) return failure;
  }
  return null;
}

export function ruleFailedError(reason: string): DomainError {
  return new DomainError('RULE_FAILED', `Rule failed: ${reason}`);
}

/** Throws 'Rule failed: {reason}' on the first rejection; returns quietly when the element is valid. */
export function assertRules(sets: readonly RuleSet[], subject: RuleSubject): void {
  const failure = findRuleFailure(sets, subject);
  if (failure) throw ruleFailedError(failure.reason);
}

export const EMPTY_RULE_BOOK: RuleBook = { version: 1, subFamilyId: null, ruleSets: [] };

/**
 * What a rule does to a model before it ships (issue 31 §3, the product administration's rule
 * editor): the engine runs over the model's whole option space (every finish × LED × control ×
 * installation the model offers) with the rules as they are and with the rules as they would be,
 * and says which combinations become invalid, which options no valid combination reaches any more
 * and which articles lose their only path. Pure: the api feeds it catalogue data.
 */
import type { LocalizedText } from '../catalogue/catalogue.types';
import { findRuleFailure } from './rules-engine';
import type { ExclusionCombination, RuleSet, RuleSubject } from './rule.types';

export type OptionAttribute = 'finish' | 'ledColourTemp' | 'control' | 'installation';
export const OPTION_ATTRIBUTES: readonly OptionAttribute[] = ['finish', 'ledColourTemp', 'control', 'installation'];

/** A model's options per attribute (codes). */
export type OptionSpace = Readonly<Record<OptionAttribute, readonly string[]>>;
export type OptionCombination = Readonly<Record<OptionAttribute, string>>;

/** An exclusion rule as the rule editor keeps it: which models (none: the whole collection), which combinations, why. */
export interface EditableExclusion {
  readonly models: readonly string[];
  readonly combinations: readonly ExclusionCombination[];
  readonly reasons: LocalizedText;
}

/** The rule set the engine reads for an exclusion made in the editor: Light elements of the models named (or all). */
export function exclusionRuleSet(id: string, rule: EditableExclusion): RuleSet {
  return {
    id: `product-admin-${id}`,
    appliesTo: { elementType: ['Light'], ...(rule.models.length > 0 ? { model: [...rule.models] } : {}) },
    rules: [{ kind: 'exclusion', id, reason: rule.reasons.en ?? rule.reasons.us ?? id, reasons: rule.reasons, combinations: rule.combinations }],
  };
}

/** Every combination of the space, in a stable order (at most `limit`; the editor's models have hundreds at most). */
export function combinationsOf(space: OptionSpace, limit = 20_000): OptionCombination[] {
  const out: OptionCombination[] = [];
  const lists = OPTION_ATTRIBUTES.map((attribute) => (space[attribute].length > 0 ? space[attribute] : ['']));
  for (const finish of lists[0]!)
    for (const ledColourTemp of lists[1]!)
      for (const control of lists[2]!)
        for (const installation of lists[3]!) {
          if (out.length >= limit) return out;
          out.push({ finish, ledColourTemp, control, installation });
        }
  return out;
}

function subjectOf(model: string, combination: Partial<OptionCombination>): RuleSubject {
  const attributes: Partial<Record<OptionAttribute, string>> = {};
  for (const attribute of OPTION_ATTRIBUTES) {
    const value = combination[attribute];
    if (value) attributes[attribute] = value;
  }
  return { id: model, type: 'Light', model, attributes, parent: null, childCounts: {} };
}

/** Whether the rules let this combination of the model through. */
export function combinationAllowed(sets: readonly RuleSet[], model: string, combination: Partial<OptionCombination>): boolean {
  return findRuleFailure(sets, subjectOf(model, combination)) === null;
}

export interface EffectArticle {
  readonly reference: string;
  readonly finish: string;
  readonly ledColourTemp: string | null;
  readonly control: string | null;
  readonly installation: string | null;
  readonly active: boolean;
}

export interface ModelRuleEffect {
  readonly model: string;
  readonly combinations: number;
  readonly validBefore: number;
  readonly validAfter: number;
  /** Combinations valid before and invalid after (at most `limit`). */
  readonly newlyInvalid: OptionCombination[];
  /** Options that some valid combination reached before and none reaches after. */
  readonly unreachable: Array<{ attribute: OptionAttribute; code: string }>;
  /** Active articles valid before whose combination is invalid after: no configuration leads to them any more. */
  readonly articlesLosingPath: string[];
}

/** The effect on one model of going from the rules `before` to the rules `after`. */
export function modelRuleEffect(
  model: string,
  space: OptionSpace,
  before: readonly RuleSet[],
  after: readonly RuleSet[],
  articles: readonly EffectArticle[],
  limit = 50,
): ModelRuleEffect {
  const all = combinationsOf(space);
  const reachedBefore = new Set<string>();
  const reachedAfter = new Set<string>();
  const newlyInvalid: OptionCombination[] = [];
  let validBefore = 0;
  let validAfter = 0;
  for (const combination of all) {
    const wasValid = combinationAllowed(before, model, combination);
    const isValid = combinationAllowed(after, model, combination);
    if (wasValid) {
      validBefore += 1;
      for (const attribute of OPTION_ATTRIBUTES) reachedBefore.add(`${attribute}:${combination[attribute]}`);
    }
    if (isValid) {
      validAfter += 1;
      for (const attribute of OPTION_ATTRIBUTES) reachedAfter.add(`${attribute}:${combination[attribute]}`);
    }
    if (wasValid && !isValid && newlyInvalid.length < limit) newlyInvalid.push(combination);
  }
  const unreachable: Array<{ attribute: OptionAttribute; code: string }> = [];
  for (const attribute of OPTION_ATTRIBUTES) {
    for (const code of space[attribute]) {
      const key = `${attribute}:${code}`;
      if (reachedBefore.has(key) && !reachedAfter.has(key)) unreachable.push({ attribute, code });
    }
  }
  const articlesLosingPath = articles
    .filter((article) => article.active)
    .filter((article) => {
      const combination = { finish: article.finish, ledColourTemp: article.ledColourTemp ?? '', control: article.control ?? '', installation: article.installation ?? '' };
      return combinationAllowed(before, model, combination) && !combinationAllowed(after, model, combination);
    })
    .map((article) => article.reference);
  return { model, combinations: all.length, validBefore, validAfter, newlyInvalid, unreachable, articlesLosingPath };
}

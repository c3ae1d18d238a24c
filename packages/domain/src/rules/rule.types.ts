/**
 * Rules of the configuration (spec configuration-domain §5 "Space rules"). Rules are DATA: plain
 * JSON the catalogue ships per subfamily, interpreted by the engine in `rules-engine.ts`. Nothing
 * here is code, so a rule file can be stored, diffed, edited in the product-admin rule editor and
 * validated with `parseRuleBook`.
 */
import type { AttributeKey, LocalizedText } from '../catalogue/catalogue.types';
import type { ElementType } from '../element-tree/element.types';

/** What one rule says about an element: accept (stop, valid), reject (throw) or pass (next rule). */
export type RuleOutcome = 'accept' | 'reject' | 'pass';

/** The keys of an exclusion list, mapped to the element's attributes by `EXCLUSION_KEYS`. */
export type ExclusionKey = 'Acabado' | 'Led' | 'Dim' | 'Instalacion1' | 'Instalacion2';

/** Any value of the key. */
export const ANY_VALUE = '*';

/**
 * One forbidden combination. A missing key or '*' matches any value; an array matches any of its
 * values. The combination matches when every key matches.
 */
export type ExclusionCombination = Readonly<Partial<Record<ExclusionKey, string | readonly string[]>>>;

/** A small boolean language over the element a rule looks at. */
export type Condition =
  | { readonly always: true }
  | { readonly elementType: readonly ElementType[] }
  | { readonly model: readonly string[] }
  | { readonly attribute: AttributeKey; readonly in: readonly string[] }
  | { readonly attribute: AttributeKey; readonly startsWith: string }
  | { readonly attributeMissing: AttributeKey }
  | { readonly parentType: readonly ElementType[] }
  | { readonly parentAttribute: AttributeKey; readonly in: readonly string[] }
  | { readonly childCount: { readonly type?: ElementType; readonly atLeast?: number; readonly atMost?: number } }
  | { readonly all: readonly Condition[] }
  | { readonly any: readonly Condition[] }
  | { readonly not: Condition };

/** Rejects when a combination of the list matches the element's finish/LED/control/installation; else passes. */
export interface ExclusionRule {
  readonly kind: 'exclusion';
  readonly id: string;
  readonly reason: string;
  /** The reason in the interface languages (shown beside a conflicting option); `reason` is the fallback. */
  readonly reasons?: LocalizedText;
  readonly combinations: readonly ExclusionCombination[];
}

/** Rejects when the element has more than `max` children of `childType`; else passes. */
export interface MaxChildrenRule {
  readonly kind: 'maxChildren';
  readonly id: string;
  readonly reason: string;
  /** The reason in the interface languages (shown beside a conflicting option); `reason` is the fallback. */
  readonly reasons?: LocalizedText;
  readonly childType: ElementType;
  readonly max: number;
}

/** When the condition holds the rule gives `outcome` (accept or reject); otherwise it passes. */
export interface ConditionRule {
  readonly kind: 'condition';
  readonly id: string;
  readonly reason: string;
  /** The reason in the interface languages (shown beside a conflicting option); `reason` is the fallback. */
  readonly reasons?: LocalizedText;
  readonly when: Condition;
  readonly outcome: 'accept' | 'reject';
}

export type Rule = ExclusionRule | MaxChildrenRule | ConditionRule;

/** Which elements a rule set applies to; an absent filter matches all. */
export interface RuleTarget {
  readonly elementType?: readonly ElementType[];
  readonly model?: readonly string[];
}

/**
 * Rules evaluated in order for one element: the first accept ends the set (valid), the first reject
 * fails it, passing every rule is valid.
 */
export interface RuleSet {
  readonly id: string;
  readonly appliesTo: RuleTarget;
  readonly rules: readonly Rule[];
}

/** The rules of one subfamily, as the catalogue ships them. */
export interface RuleBook {
  readonly version: 1;
  readonly subFamilyId: number | null;
  readonly ruleSets: readonly RuleSet[];
}

/** What the engine sees of an element: no tree, no catalogue; the tree builds it. */
export interface RuleSubject {
  readonly id: string;
  readonly type: ElementType;
  readonly model: string | null;
  readonly attributes: Readonly<Partial<Record<AttributeKey, string>>>;
  readonly parent: { readonly type: ElementType; readonly attributes: Readonly<Partial<Record<AttributeKey, string>>> } | null;
  /** Number of direct children per element type. */
  readonly childCounts: Readonly<Partial<Record<ElementType, number>>>;
}

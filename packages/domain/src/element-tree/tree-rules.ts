/**
 * The rules of the tree: each element is checked against the subfamily's rule sets (context) and the
 * rule sets of the compositions that hold it (Composition.props.rules).
 */
import { findRuleFailure, ruleFailedError } from '../rules/rules-engine';
import type { RuleFailure } from '../rules/rules-engine';
import type { RuleSet, RuleSubject } from '../rules/rule.types';
import type { TreeElement, ElementTree, ElementType } from './element.types';
import { findElement, getElement } from './tree-queries';

/** The model code of an element that carries an article, else null. */
export function modelOf(element: TreeElement): string | null {
  const props = element.props as { readonly code?: unknown };
  return typeof props.code === 'string' && props.code !== '' ? props.code : null;
}

/** What the rules engine sees of one element of the tree. */
export function ruleSubject(tree: ElementTree, id: string): RuleSubject {
  const e = getElement(tree, id);
  const childCounts: Partial<Record<ElementType, number>> = {};
  for (const childId of e.children) {
    const child = getElement(tree, childId);
    childCounts[child.type] = (childCounts[child.type] ?? 0) + 1;
  }
  const parent = e.parent === null ? undefined : findElement(tree, e.parent);
  return {
    id: e.id,
    type: e.type,
    model: modelOf(e),
    attributes: e.attributes,
    parent: parent ? { type: parent.type, attributes: parent.attributes } : null,
    childCounts,
  };
}

/** The first rule failure of one element, or null. */
export function findElementRuleFailure(tree: ElementTree, id: string, rules: readonly RuleSet[] = []): RuleFailure | null {
  const subject = ruleSubject(tree, id);
  const own = findRuleFailure(rules, subject);
  if (own) return own;
  // Rule sets carried by the compositions that hold the element (the composition's own sets apply to it too).
  let e: TreeElement | undefined = getElement(tree, id);
  while (e) {
    if (e.type === 'Composition' && e.props.rules.length > 0) {
      const failure = findRuleFailure(e.props.rules, subject);
      if (failure) return failure;
    }
    e = e.parent === null ? undefined : findElement(tree, e.parent);
  }
  return null;
}

/** Throws 'Rule failed: {reason}' when the element breaks a rule. */
export function checkElementRules(tree: ElementTree, id: string, rules: readonly RuleSet[] = []): void {
  const failure = findElementRuleFailure(tree, id, rules);
  if (failure) throw ruleFailedError(failure.reason);
}

/** Every rule failure of the tree, one per failing element, in tree order. */
export function findTreeRuleFailures(tree: ElementTree, rules: readonly RuleSet[] = []): RuleFailure[] {
  const failures: RuleFailure[] = [];
  const stack = [tree.rootId];
  while (stack.length > 0) {
    const id = stack.pop() as string;
    const failure = findElementRuleFailure(tree, id, rules);
    if (failure) failures.push(failure);
    const e = getElement(tree, id);
    for (let i = e.children.length - 1; i >= 0; i--) stack.push(e.children[i] as string);
  }
  return failures;
}

/** Throws 'Rule failed: {reason}' for the first failing element of the tree. */
export function checkTreeRules(tree: ElementTree, rules: readonly RuleSet[] = []): void {
  const [first] = findTreeRuleFailures(tree, rules);
  if (first) throw ruleFailedError(first.reason);
}

/**
 * Validation of rule files shipped by the catalogue (JSON). A malformed file is refused as a whole:
 * a rule the engine would misread is worse than no rule.
 */
import { z } from 'zod';
import { DomainError } from '../catalogue/domain-error';
import { ELEMENT_TYPES } from '../element-tree/element.types';
import type { Condition, RuleBook } from './rule.types';

const ElementTypeSchema = z.enum(ELEMENT_TYPES);
const AttributeKeySchema = z.enum(['finish', 'ledColourTemp', 'control', 'installation', 'pendantHeight']);
const Text = z.string().max(200);
const Texts = z.array(Text).max(500);
const Reasons = z.strictObject({ en: Text.optional(), us: Text.optional(), fr: Text.optional(), de: Text.optional(), it: Text.optional(), es: Text.optional() });

const ConditionSchema: z.ZodType<Condition> = z.lazy(() =>
  z.union([
    z.strictObject({ always: z.literal(true) }),
    z.strictObject({ elementType: z.array(ElementTypeSchema).max(20) }),
    z.strictObject({ model: Texts }),
    z.strictObject({ attribute: AttributeKeySchema, in: Texts }),
    z.strictObject({ attribute: AttributeKeySchema, startsWith: Text }),
    z.strictObject({ attributeMissing: AttributeKeySchema }),
    z.strictObject({ parentType: z.array(ElementTypeSchema).max(20) }),
    z.strictObject({ parentAttribute: AttributeKeySchema, in: Texts }),
    z.strictObject({
      childCount: z.strictObject({
        type: ElementTypeSchema.optional(),
        atLeast: z.number().int().min(0).optional(),
        atMost: z.number().int().min(0).optional(),
      }),
    }),
    z.strictObject({ all: z.array(ConditionSchema).max(100) }),
    z.strictObject({ any: z.array(ConditionSchema).max(100) }),
    z.strictObject({ not: ConditionSchema }),
  ]),
);

const ExclusionValue = z.union([Text, Texts]);
const ExclusionCombinationSchema = z.strictObject({
  Acabado: ExclusionValue.optional(),
  Led: ExclusionValue.optional(),
  Dim: ExclusionValue.optional(),
  Instalacion1: ExclusionValue.optional(),
  Instalacion2: ExclusionValue.optional(),
});

const RuleSchema = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('exclusion'), id: Text, reason: Text, reasons: Reasons.optional(), combinations: z.array(ExclusionCombinationSchema).max(10_000) }),
  z.strictObject({ kind: z.literal('maxChildren'), id: Text, reason: Text, reasons: Reasons.optional(), childType: ElementTypeSchema, max: z.number().int().min(0) }),
  z.strictObject({ kind: z.literal('condition'), id: Text, reason: Text, reasons: Reasons.optional(), when: ConditionSchema, outcome: z.enum(['accept', 'reject']) }),
]);

export const RuleSetSchema = z.strictObject({
  id: Text,
  appliesTo: z.strictObject({ elementType: z.array(ElementTypeSchema).max(20).optional(), model: Texts.optional() }),
  rules: z.array(RuleSchema).max(1000),
});

export const RuleBookSchema = z.strictObject({
  version: z.literal(1),
  subFamilyId: z.number().int().nullable(),
  ruleSets: z.array(RuleSetSchema).max(1000),
});

/** Nesting a rule file may have (conditions nest through all / any / not). */
export const MAX_RULE_BOOK_DEPTH = 40;

/** True when `value` nests no deeper than `limit` (checked without recursion). */
function withinDepth(value: unknown, limit: number): boolean {
  const stack: { v: unknown; d: number }[] = [{ v: value, d: 0 }];
  while (stack.length > 0) {
    const { v, d } = stack.pop() as { v: unknown; d: number };
    if (typeof v !== 'object' || v === null) continue;
    if (d > limit) return false;
    for (const child of Object.values(v)) stack.push({ v: child, d: d + 1 });
  }
  return true;
}

/** Parses a rule file; throws 'Invalid rule book: {first problem}' when it is not one. */
export function parseRuleBook(json: unknown): RuleBook {
  if (!withinDepth(json, MAX_RULE_BOOK_DEPTH)) {
    throw new DomainError('INVALID_RULE_BOOK', `Invalid rule book: nested more than ${MAX_RULE_BOOK_DEPTH} levels`);
  }
  const result = RuleBookSchema.safeParse(json);
  if (!result.success) {
    const issue = result.error.issues[0];
    const where = issue && issue.path.length > 0 ? ` at ${issue.path.join('.')}` : '';
    throw new DomainError('INVALID_RULE_BOOK', `Invalid rule book${where}: ${issue?.message ?? 'unreadable'}`);
  }
  return result.data as RuleBook;
}

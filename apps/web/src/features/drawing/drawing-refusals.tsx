/**
 * A refused value is never silent in the drawing configurators (issue 27 §2, as in the crea room): the
 * collection's rules (its exclusions: brushed brass without DALI, terracotta in warm white only…) run
 * over each element a value would go to, before it is chosen. A refused value says why in its option;
 * choosing it changes nothing and shows the rule beside the control, in the user's language, with the
 * nearest value in the list that every element takes, one press away.
 */
import { descriptionIn, findRuleFailure, segmentLength, stickModelFor, type AttributeKey, type Drawing, type Lang, type RuleSet } from '@lumen/domain';
import { Button, Select } from '@lumen/ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/** What a value goes to: segments (a stick is a light) or items (plusminus's lights). */
export interface RefusalTargets {
  readonly segments: readonly string[];
  readonly items: readonly string[];
}

/** The rule that refuses `key` = `value` on one of the targets, in the user's language; null when every one takes it. */
export function refusalOf(rules: readonly RuleSet[], drawing: Drawing, targets: RefusalTargets, key: AttributeKey, value: string, lang: Lang): string | null {
  if (rules.length === 0) return null;
  const subjects: { id: string; model: string | null; attributes: Partial<Record<AttributeKey, string>> }[] = [];
  // A strap of plusminus carries its colour only and is no light: the rules of lights are for its lights.
  if (drawing.family === 'sticks') {
    for (const segment of drawing.segments) if (targets.segments.includes(segment.id)) subjects.push({ id: segment.id, model: stickModelFor(segmentLength(segment)), attributes: segment.attributes });
  }
  for (const item of drawing.items) if (item.kind === 'light' && targets.items.includes(item.id)) subjects.push({ id: item.id, model: item.model || null, attributes: item.attributes });
  for (const subject of subjects) {
    const failure = findRuleFailure(rules, { id: subject.id, type: 'Light', model: subject.model, attributes: { ...subject.attributes, [key]: value }, parent: null, childCounts: {} });
    if (failure) return descriptionIn(failure.reasons ?? failure.reason, lang) || failure.reason;
  }
  return null;
}

export interface RefusableSelectProps {
  label: string;
  values: readonly string[];
  value: string | null;
  labelOf: (value: string) => string;
  /** Why a value is refused, or null. */
  reasonOf: (value: string) => string | null;
  onChoose: (value: string) => void;
  placeholder?: string;
  isDisabled?: boolean;
}

/** A select whose refused values say why, and whose refusal shows beside it with the nearest value that fits. */
export function RefusableSelect({ label, values, value, labelOf, reasonOf, onChoose, placeholder, isDisabled }: RefusableSelectProps) {
  const { t } = useTranslation();
  const [refused, setRefused] = useState<{ value: string; reason: string; nearest: string | null } | null>(null);
  const choose = (next: string) => {
    const reason = reasonOf(next);
    if (reason === null) {
      setRefused(null);
      onChoose(next);
      return;
    }
    const at = values.indexOf(next);
    const nearest = [...values].filter((v) => v !== next && reasonOf(v) === null).sort((a, b) => Math.abs(values.indexOf(a) - at) - Math.abs(values.indexOf(b) - at))[0] ?? null;
    setRefused({ value: next, reason, nearest });
  };
  return (
    <div className="drawing-refusable">
      <Select
        label={label}
        options={values.map((v) => {
          const reason = isDisabled ? null : reasonOf(v);
          return { value: v, label: labelOf(v), ...(reason !== null ? { description: t('crea.refusal.option', { reason }) } : {}) };
        })}
        value={value}
        {...(placeholder !== undefined ? { placeholder } : {})}
        isDisabled={isDisabled}
        onChange={choose}
      />
      {refused && (
        <div className="choice-refusal" role="alert">
          <p>{t('crea.refusal.text', { value: labelOf(refused.value), reason: refused.reason })}</p>
          {refused.nearest !== null ? (
            <Button variant="secondary" size="sm" onPress={() => choose(refused.nearest ?? '')}>
              {t('crea.refusal.nearest', { value: labelOf(refused.nearest) })}
            </Button>
          ) : (
            <p>{t('crea.refusal.none')}</p>
          )}
        </div>
      )}
    </div>
  );
}

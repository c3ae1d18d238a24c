import type { FeatureEnvironment, FlagState } from '@lumen/contracts';
import { FEATURE_ENVIRONMENTS } from '@lumen/contracts/constants';

/** One line of a recorded change: what a field was, and what it became (undefined: it did not exist). */
export type FlagDifference =
  | { kind: 'description'; before: string | undefined; after: string | undefined }
  | { kind: 'defaultValue'; before: boolean | undefined; after: boolean | undefined }
  | { kind: 'rollout'; environment: FeatureEnvironment; before: number | null | undefined; after: number | null | undefined }
  | { kind: 'emailToggle'; email: string; before: boolean | undefined; after: boolean | undefined };

/**
 * What a change changed, field by field; a change that created the flag (`before` null) lists every
 * field it set. E-mail toggles are compared by address: added, removed or switched.
 */
export function diffFlagStates(before: FlagState | null, after: FlagState): FlagDifference[] {
  const differences: FlagDifference[] = [];
  if (before?.description !== after.description) differences.push({ kind: 'description', before: before?.description, after: after.description });
  if (before?.defaultValue !== after.defaultValue) differences.push({ kind: 'defaultValue', before: before?.defaultValue, after: after.defaultValue });
  for (const environment of FEATURE_ENVIRONMENTS) {
    const was = before ? before.rollout[environment] : undefined;
    const is = after.rollout[environment];
    if (was !== is) differences.push({ kind: 'rollout', environment, before: was, after: is });
  }
  const wasToggles = new Map((before?.emailToggles ?? []).map((toggle) => [toggle.email, toggle.enabled]));
  const isToggles = new Map(after.emailToggles.map((toggle) => [toggle.email, toggle.enabled]));
  const emails = [...new Set([...wasToggles.keys(), ...isToggles.keys()])].sort((a, b) => a.localeCompare(b));
  for (const email of emails) {
    const was = wasToggles.get(email);
    const is = isToggles.get(email);
    if (was !== is) differences.push({ kind: 'emailToggle', email, before: was, after: is });
  }
  return differences;
}

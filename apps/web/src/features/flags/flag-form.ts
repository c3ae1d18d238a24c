import { FlagSettings, type FeatureEnvironment, type FieldError, type FlagDefinition } from '@lumen/contracts';
import { FEATURE_ENVIRONMENTS } from '@lumen/contracts/constants';

/** Who answers for a flag in one environment: that environment's table, or the remote flag service. */
export type RolloutSource = 'table' | 'remote';

export interface EmailToggleRow {
  /** A stable id for the row (React key, error key), not sent. */
  id: number;
  email: string;
  enabled: boolean;
}

/** What the edit form holds: rollouts as a percentage typed by a person, toggles as editable rows. */
export interface FlagFormValues {
  description: string;
  defaultValue: boolean;
  rollout: Record<FeatureEnvironment, { source: RolloutSource; percent: string }>;
  emailToggles: EmailToggleRow[];
}

/**
 * Message keys by field: `description`, `rollout.<ENV>`, `emailToggles.<row id>`, and `form` for
 * anything else the server refused.
 */
export type FlagFormErrors = Partial<Record<string, string>>;

export const DESCRIPTION_MAX = 500;

/** 0.25 → "25", 0.3333 → "33.33": a share as people type it, without binary-float noise. */
export function percentText(rollout: number): string {
  return String(Math.round(rollout * 10_000) / 100);
}

/** "25", "12,5" or "12.5" → 0.25, 0.125; null for anything that is not a share from 0 to 100. */
export function parsePercent(text: string): number | null {
  const normalised = text.trim().replace(',', '.');
  if (!/^\d{1,3}(\.\d{1,2})?$/.test(normalised)) return null;
  const value = Number(normalised);
  return value <= 100 ? Math.round(value * 100) / 10_000 : null;
}

let rowIds = 0;
export const nextRowId = () => (rowIds += 1);

export function formFromFlag(flag: FlagDefinition): FlagFormValues {
  const rollout = Object.fromEntries(
    FEATURE_ENVIRONMENTS.map((environment) => {
      const value = flag.rollout[environment];
      return [environment, value === null ? { source: 'remote', percent: '' } : { source: 'table', percent: percentText(value) }];
    }),
  ) as FlagFormValues['rollout'];
  return {
    description: flag.description,
    defaultValue: flag.defaultValue,
    rollout,
    emailToggles: flag.emailToggles.map((toggle) => ({ id: nextRowId(), email: toggle.email, enabled: toggle.enabled })),
  };
}

/** The field key of a path into FlagSettings (`emailToggles.2.email` → the row's key). */
function fieldOf(path: readonly PropertyKey[], values: FlagFormValues): string {
  const [head, index] = path;
  if (head === 'description') return 'description';
  if (head === 'rollout' && typeof index === 'string') return `rollout.${index}`;
  if (head === 'emailToggles' && typeof index === 'number') {
    const row = values.emailToggles[index];
    if (row) return `emailToggles.${row.id}`;
  }
  return 'form';
}

/**
 * Checks the form and builds the settings the api takes (the contract's schema decides, as on the
 * server), or answers the message key of every field at fault.
 */
export function settingsFromForm(values: FlagFormValues): { settings: FlagSettings } | { errors: FlagFormErrors } {
  const errors: FlagFormErrors = {};
  const rollout = {} as Record<FeatureEnvironment, number | null>;
  for (const environment of FEATURE_ENVIRONMENTS) {
    const { source, percent } = values.rollout[environment];
    if (source === 'remote') {
      rollout[environment] = null;
      continue;
    }
    const share = parsePercent(percent);
    if (share === null) errors[`rollout.${environment}`] = percent.trim() === '' ? 'formError.required' : 'flags.error.percent';
    rollout[environment] = share;
  }
  const seen = new Set<string>();
  for (const row of values.emailToggles) {
    const email = row.email.trim().toLowerCase();
    if (email === '') errors[`emailToggles.${row.id}`] = 'formError.required';
    else if (seen.has(email)) errors[`emailToggles.${row.id}`] = 'flags.error.duplicateEmail';
    seen.add(email);
  }
  if (values.description.trim().length > DESCRIPTION_MAX) errors.description = 'formError.tooLong';

  const parsed = FlagSettings.safeParse({
    description: values.description,
    defaultValue: values.defaultValue,
    rollout,
    emailToggles: values.emailToggles.map(({ email, enabled }) => ({ email, enabled })),
  });
  if (!parsed.success)
    for (const issue of parsed.error.issues) {
      const field = fieldOf(issue.path, values);
      errors[field] ??= issue.message.startsWith('formError.') ? issue.message : 'flags.error.invalid';
    }
  return Object.keys(errors).length > 0 || !parsed.success ? { errors } : { settings: parsed.data };
}

/** The api's 400 `fields` (paths like `body.emailToggles.1.email`) as the form's errors. */
export function errorsFromServer(fields: readonly FieldError[], values: FlagFormValues): FlagFormErrors {
  const errors: FlagFormErrors = {};
  for (const field of fields) {
    const path = field.path.split('.').filter((part, index) => !(index === 0 && part === 'body')).map((part) => (/^\d+$/.test(part) ? Number(part) : part));
    const key = fieldOf(path, values);
    errors[key] ??= field.message.startsWith('formError.') || field.message.startsWith('flags.') ? field.message : 'flags.error.invalid';
  }
  return errors;
}

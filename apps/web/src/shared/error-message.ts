import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { ActionFailure } from './async-action';

/**
 * The message key of the error dialog (spec §8): error.{action}.{status}, error.{action},
 * error.{status}, error — the first that exists. Without an answer (status 0) the status keys are
 * skipped and the generic message is used.
 */
export function errorMessageKey(exists: (key: string) => boolean, action: string, status: number): string {
  const candidates = status > 0 ? [`error.${action}.${status}`, `error.${action}`, `error.${status}`] : [`error.${action}`];
  return candidates.find((key) => exists(key)) ?? 'error';
}

function isActionFailure(value: unknown): value is ActionFailure {
  return typeof value === 'object' && value !== null && 'action' in value && 'error' in value;
}

/** The translated message of a failed action (what `unwrap()` rejects with), by the same key fallback. */
export function useFailureMessage() {
  const { t, i18n } = useTranslation();
  return useCallback(
    (failure: unknown): string => {
      if (!isActionFailure(failure)) return t('error');
      return t(errorMessageKey((key) => i18n.exists(key), failure.action, failure.error.ErrorCode));
    },
    [i18n, t],
  );
}

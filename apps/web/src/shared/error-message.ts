import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { ActionFailure } from './async-action';

/** Spec §8: the generic title and message when a call had no answer (timeout, network); the contact line goes with them. */
export const NO_RESPONSE_TITLE = 'error.noResponse.title';
export const NO_RESPONSE_MESSAGE = 'error.noResponse.message';

/**
 * The message key of the error dialog (spec §8): error.{action}.{status}, error.{action},
 * error.{status}, error — the first that exists. Without an answer (status 0) the generic
 * no-response message, whatever the action: an action's text speaks of what the server said.
 */
export function errorMessageKey(exists: (key: string) => boolean, action: string, status: number): string {
  if (status <= 0) return NO_RESPONSE_MESSAGE;
  const candidates = [`error.${action}.${status}`, `error.${action}`, `error.${status}`];
  return candidates.find((key) => exists(key)) ?? 'error';
}

/** The dialog's title: the generic no-response title without an answer, else the usual one. */
export function errorTitleKey(status: number): string {
  return status <= 0 ? NO_RESPONSE_TITLE : 'error.title';
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

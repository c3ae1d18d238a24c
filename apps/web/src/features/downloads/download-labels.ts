import type { DownloadItem } from '@lumen/contracts';
import type { TFunction } from 'i18next';

/** "7460 · Spec sheet (model)": a document as the user reads it. */
export function documentLabel(t: TFunction, item: Pick<DownloadItem, 'type' | 'subType' | 'model'>): string {
  const type = t(`downloads.doc.${item.type}`);
  const sub = item.subType ? ` (${t(`downloads.sub.${item.subType}`)})` : '';
  return `${item.model} · ${type}${sub}`;
}

const REASONS = new Set(['ERROR_DOWNLOAD_FILE', 'NOT_FOUND', 'VALIDATION_FAILED', 'UNAVAILABLE']);
/** Why a document failed, in words. */
export function failureReason(t: TFunction, code: string | null): string {
  return t(`downloads.reason.${code && REASONS.has(code) ? code : 'ERROR_DOWNLOAD_FILE'}`);
}

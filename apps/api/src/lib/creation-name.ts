import type { Lang } from '@lumen/contracts';
import { translationsFor } from '@lumen/i18n';
import { fillTemplate } from './mail-text';

/**
 * What a creation line's name is made of (issue 34 §3, §5): its collection's name (a proper name, the
 * same in every language) and how many luminaires it holds. Orders and invoices keep these parts, not
 * the words, so each document names the line in its reader's language.
 */
export interface CreationName {
  family: string;
  count: number;
}

/** "Multiple composition, 3 luminaires" in `lang` (the i18n templates line.creation.*); the collection alone without a count. */
export function creationNameIn(name: CreationName, lang: Lang): string {
  const t = translationsFor('common-front', lang);
  const key = name.count <= 0 ? 'line.creation.unnamed' : name.count === 1 ? 'line.creation.name_one' : 'line.creation.name_other';
  return fillTemplate(t[key] ?? key, { family: name.family, count: name.count });
}

/** A stored creation name read back from JSON (order and invoice lines): undefined unless both parts are there. */
export function creationNameOf(value: unknown): CreationName | undefined {
  if (value === null || typeof value !== 'object') return undefined;
  const { family, count } = value as Record<string, unknown>;
  return typeof family === 'string' && family !== '' && typeof count === 'number' && Number.isInteger(count) && count >= 0 ? { family, count } : undefined;
}

import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const locales = join(dirname(fileURLToPath(import.meta.url)), '../../packages/i18n/src/locales');

type Lang = 'en' | 'us' | 'fr' | 'de' | 'it' | 'es';

/**
 * The interface texts of one language (fr-eproject, then common-front, then fr-widgets, as the app
 * looks them up), so that specs select by the same words a user reads.
 */
export function texts(lang: Lang): (key: string, values?: Record<string, string>) => string {
  const read = (domain: string) => JSON.parse(readFileSync(join(locales, domain, `${lang}.json`), 'utf8')) as Record<string, string>;
  const merged = { ...read('fr-widgets'), ...read('common-front'), ...read('fr-eproject') };
  return (key, values = {}) => {
    const text = merged[key];
    if (text === undefined) throw new Error(`No text for ${key} in ${lang}`);
    return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => values[name] ?? '');
  };
}

/** A RegExp that matches a text literally. */
export function exactly(text: string, { start = true, end = true } = {}): RegExp {
  const escaped = text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`${start ? '^' : ''}${escaped}${end ? '$' : ''}`);
}

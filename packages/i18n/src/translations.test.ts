/// <reference types="vite/client" />
import { LANGS, TRANSLATION_DOMAINS } from '@lumen/contracts';
import { describe, expect, it } from 'vitest';
import { TRANSLATIONS } from './index';

/** The locale files as written (JSON.parse, and so TRANSLATIONS, keeps only the last of two equal keys). */
const SOURCES = import.meta.glob<string>('./locales/*/*.json', { query: '?raw', import: 'default', eager: true });

describe.each(TRANSLATION_DOMAINS)('translation domain %s', (domain) => {
  const english = Object.keys(TRANSLATIONS[domain].en).sort();

  it.each(LANGS)('%s has exactly the keys of en, each with a non-empty text', (lang) => {
    const file = TRANSLATIONS[domain][lang];
    expect(Object.keys(file).sort()).toEqual(english);
    for (const [key, text] of Object.entries(file)) expect(text.trim(), `${domain}/${lang}/${key}`).not.toBe('');
  });

  it.each(LANGS.filter((lang) => lang !== 'en' && lang !== 'us'))('%s is translated, not a copy of en', (lang) => {
    const file = TRANSLATIONS[domain][lang];
    const keys = Object.keys(file);
    if (keys.length === 0) return;
    const untranslated = keys.filter((key) => file[key] === TRANSLATIONS[domain].en[key] && (file[key] ?? '').length > 12);
    expect(untranslated, `${domain}/${lang}: texts identical to en`).toEqual([]);
  });

  // JSON.parse keeps the last of two equal keys without a word: the first text is then silently lost.
  it.each(LANGS)('%s names each key once in its file', (lang) => {
    const source = SOURCES[`./locales/${domain}/${lang}.json`] ?? '';
    expect(source).not.toBe('');
    const keys = [...source.matchAll(/^\s*"((?:[^"\\]|\\.)*)"\s*:/gm)].map((match) => match[1]);
    expect(keys.filter((key, index) => keys.indexOf(key) !== index)).toEqual([]);
    expect(keys).toHaveLength(Object.keys(TRANSLATIONS[domain][lang]).length);
  });

  it('keeps interpolation placeholders the same in every language', () => {
    const placeholders = (text: string) => (text.match(/\{\{\s*\w+\s*\}\}/g) ?? []).sort();
    for (const lang of LANGS)
      for (const [key, text] of Object.entries(TRANSLATIONS[domain][lang]))
        expect(placeholders(text), `${domain}/${lang}/${key}`).toEqual(placeholders(TRANSLATIONS[domain].en[key] ?? ''));
  });
});

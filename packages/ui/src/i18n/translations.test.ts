import { LANGS } from '@lumen/contracts/constants';
import { TRANSLATIONS } from '@lumen/i18n';
import { WIDGETS_NAMESPACE } from './use-widgets-translation';

const sources = import.meta.glob(['../**/*.tsx', '../**/*.ts', '!../**/*.test.ts', '!../**/*.test.tsx'], {
  query: '?raw',
  import: 'default',
  eager: true,
}) as Record<string, string>;

/** Keys built at run time from a fixed list. */
const DYNAMIC_KEYS = [
  ...['completed', 'active', 'disabled'].map((state) => `stepper.${state}`),
  ...['primary', 'secondary', 'ghost', 'link'].map((variant) => `gallery.variant.${variant}`),
  ...['profile', 'support', 'logout'].map((id) => `gallery.dropdown.${id}`),
  'formError.required',
  'formError.email',
];

function literalKeys(): string[] {
  const keys = new Set<string>();
  for (const text of Object.values(sources)) for (const match of text.matchAll(/\bt\('([\w.]+)'/g)) keys.add(match[1] as string);
  return [...keys];
}

describe(`every string of the kit is in ${WIDGETS_NAMESPACE}`, () => {
  const used = [...literalKeys(), ...DYNAMIC_KEYS];

  it('finds the keys the kit uses', () => {
    expect(used.length).toBeGreaterThan(50);
  });

  it.each(LANGS)('%s has a text for every key the kit uses', (lang) => {
    const file = TRANSLATIONS[WIDGETS_NAMESPACE][lang];
    expect(used.filter((key) => !(key in file))).toEqual([]);
  });

  it('has the spec texts in English', () => {
    const en = TRANSLATIONS[WIDGETS_NAMESPACE].en;
    expect(en['autocomplete.loading']).toBe('Loading…');
    expect(en['autocomplete.noOptions']).toBe('No options');
  });

  it('has no keys the kit does not use', () => {
    const unused = Object.keys(TRANSLATIONS[WIDGETS_NAMESPACE].en).filter((key) => !used.includes(key));
    expect(unused).toEqual([]);
  });
});

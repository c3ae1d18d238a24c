import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { copyNameOf } from './copy-name';
import { projectTitleSchema } from './input-rules';

describe('copyNameOf', () => {
  it('adds the word, then a number, and fits 50 characters', () => {
    expect(copyNameOf('Original', 'copy')).toBe('Original (copy)');
    expect(copyNameOf('Original', 'copia', 2)).toBe('Original (copia 2)');
    const long = 'L'.repeat(50);
    expect(copyNameOf(long, 'copy')).toBe(`${'L'.repeat(43)} (copy)`);
    expect(copyNameOf(long, 'copy')).toHaveLength(50);
    expect(copyNameOf(long, 'copy')).not.toBe(long);
    expect(copyNameOf(long, 'copy', 12)).toBe(`${'L'.repeat(40)} (copy 12)`);
  });

  it('drops the spaces left at the cut and never halves a character', () => {
    expect(copyNameOf(`${'a'.repeat(42)} bcdefgh`, 'copy')).toBe(`${'a'.repeat(42)} (copy)`);
    const astral = '𝒜'.repeat(25); // 50 UTF-16 units
    const copy = copyNameOf(astral, 'copy');
    expect(copy.length).toBeLessThanOrEqual(50);
    expect(copy).toBe(`${'𝒜'.repeat(21)} (copy)`);
  });

  it('is a valid title, distinct from the name and from the other numbers, for any valid title', () => {
    const title = fc.stringMatching(/^[A-Za-zÀ-ÿ0-9][A-Za-zÀ-ÿ0-9 ,.()'&+–-]{0,49}$/).filter((text) => projectTitleSchema.safeParse(text).success);
    fc.assert(
      fc.property(title, fc.integer({ min: 1, max: 500 }), (name, n) => {
        const copy = copyNameOf(name, 'Kopie', n);
        expect(projectTitleSchema.safeParse(copy).success).toBe(true);
        expect(copy).not.toBe(name.trim());
        expect(copy).not.toBe(copyNameOf(name, 'Kopie', n + 1));
      }),
    );
  });
});

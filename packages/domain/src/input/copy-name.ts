import { MAX_LENGTH } from './text-rules';

/**
 * The name of a project's copy (issue 10 §8): `<name> (<word>)` for the first copy, `<name> (<word> n)`
 * for the n-th, with the name cut (whole characters, trailing spaces dropped) so that the whole stays
 * within a project title's 50 characters. A 50-character name thus gives a copy of another name.
 * `word` is the caller's word for "copy"; the caller picks the first n whose name is free.
 */
export function copyNameOf(name: string, word: string, n = 1, maxLength: number = MAX_LENGTH.projectTitle): string {
  const suffix = n <= 1 ? ` (${word})` : ` (${word} ${n})`;
  const room = maxLength - suffix.length;
  let stem = '';
  // By code point, so that a letter outside the BMP is never cut in half.
  for (const char of name.trim()) {
    if (stem.length + char.length > room) break;
    stem += char;
  }
  return `${stem.trimEnd()}${suffix}`;
}

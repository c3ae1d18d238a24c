/**
 * Creation codes and article codes (spec configuration-domain §4, §9; platform-core §9).
 * The next creation code is the prefix (CR) + (counter + 1) padded to 9 digits: CR000000043.
 * Article codes are LW + model.
 */
import { DomainError } from '../catalogue/domain-error';

export const CREATION_CODE_PREFIX = 'CR';
export const ARTICLE_CODE_PREFIX = 'LW';
export const CREATION_CODE_DIGITS = 9;
const MAX_COUNTER = 10 ** CREATION_CODE_DIGITS - 2;

/**
 * The creation code that follows `counter`: prefix + (counter + 1) padded to 9 digits. The counter
 * must be an integer in 0..999999998 (so that the code keeps 9 digits), else COUNTER_OUT_OF_RANGE.
 */
export function nextCreationCode(counter: number, prefix: string = CREATION_CODE_PREFIX): string {
  if (!Number.isSafeInteger(counter) || counter < 0 || counter > MAX_COUNTER) {
    throw new DomainError('COUNTER_OUT_OF_RANGE', `Creation counter ${String(counter)} is out of range`);
  }
  return `${prefix}${String(counter + 1).padStart(CREATION_CODE_DIGITS, '0')}`;
}

const CREATION_CODE = /^([A-Z]{2})(\d{9})$/;

/** Reads a creation code back: its prefix and number; `undefined` when malformed. */
export function parseCreationCode(code: string): { readonly prefix: string; readonly number: number } | undefined {
  const match = CREATION_CODE.exec(code);
  if (!match) return undefined;
  return { prefix: match[1] ?? '', number: Number(match[2]) };
}

/** Article code of a model: LW + model. */
export function articleCode(model: string): string {
  return `${ARTICLE_CODE_PREFIX}${model}`;
}

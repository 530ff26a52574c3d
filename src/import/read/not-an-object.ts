import { describeValue } from '../../io/validation/describe-value.js';

/**
 * The message for a part of an export that is not of the type its format gives it (a `null`, a
 * number or a string left in a list of spans; spans that are not a list): it is skipped, and
 * named by its path in the document, so that no part of the input is left out without a word.
 */
export function notAnObject(path: string, value: unknown, expected: string): string {
  return `${path}: found ${describeValue(value)}; expected ${expected}; skipped`;
}

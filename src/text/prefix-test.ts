import { escapeRegExp } from './escape-regexp.js';

/**
 * A test of whether a text starts with any of the given prefixes, as one regular expression.
 * Import runs such a test on every attribute key of every span; `prefixes.some(startsWith)`
 * cost several times what the one anchored match does.
 */
export function startsWithAnyOf(prefixes: readonly string[]): (text: string) => boolean {
  const pattern = new RegExp(`^(?:${prefixes.map(escapeRegExp).join('|')})`, 'u');
  return (text) => pattern.test(text);
}

import { InputError } from '../../errors.js';

const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/u;

/**
 * Checks extra headers before any request is made. fetch's own error for a bad header quotes
 * the value, which is usually a token; these messages name the header by position and name only.
 */
export function assertValidHeaders(headers: Array<[string, string]>): void {
  const problems: string[] = [];
  headers.forEach(([name, value], index) => {
    if (!TOKEN.test(name)) {
      problems.push(`--header #${index + 1}: the header name is empty or has characters other than letters, digits and !#$%&'*+-.^_\`|~; expected "Name: value"`);
    } else if (/[\r\n\0]/u.test(value)) {
      problems.push(`--header #${index + 1} (${name}): the value has a line break or NUL character; expected a single-line value`);
    }
  });
  if (problems.length > 0) throw new InputError(problems);
}

/** How a found value is named in error messages: short, typed, never the whole value. */
export function describeValue(value: unknown): string {
  if (value === undefined) return 'nothing';
  if (value === null) return 'null';
  if (typeof value === 'string') {
    const shown = value.length > 40 ? `${value.slice(0, 37)}...` : value;
    return JSON.stringify(shown);
  }
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) return `a list of ${value.length}`;
  if (typeof value === 'object') return 'an object';
  return typeof value;
}

/** The most characters of a value any message quotes (docs/contract.md §1). */
export const MAX_QUOTED_CHARACTERS = 200;

/** A value's text as a message quotes it: whole up to 200 characters, else its head and its length. */
export function quotedText(text: string): string {
  return text.length > MAX_QUOTED_CHARACTERS
    ? `${text.slice(0, MAX_QUOTED_CHARACTERS)}… (${text.length} characters)`
    : text;
}

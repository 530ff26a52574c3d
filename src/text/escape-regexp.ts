/** `text` as a regular expression source that matches it literally (every syntax character escaped). */
export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/gu, '\\$&');
}

/** Words as alternatives of one pattern, longest first; with `wholeWords`, a Latin end matches only at a word boundary ("or" is not in "for"). */
export function wordAlternatives(words: readonly string[], wholeWords = true): string {
  const edge = (latin: boolean, pattern: string): string => (wholeWords && latin ? pattern : '');
  const alternatives = [...new Set(words.filter((word) => word !== ''))]
    .sort((a, b) => b.length - a.length)
    .map(
      (word) =>
        `${edge(/^[a-z0-9]/u.test(word), '(?<![a-z0-9])')}${escapeRegExp(word)}${edge(/[a-z0-9]$/u.test(word), '(?![a-z0-9])')}`,
    );
  return alternatives.length === 0 ? '(?!)' : alternatives.join('|');
}

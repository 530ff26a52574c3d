/** `text` as a regular expression source that matches it literally (every syntax character escaped). */
export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/gu, '\\$&');
}

/**
 * Words as alternatives of one pattern, longest first; with `wholeWords`, a Latin end matches only
 * at a word boundary ("or" is not in "for"). The words that start with a Latin letter or digit share
 * one leading boundary test, `(?<![a-z0-9])(?:…)`, rather than one each: a pattern of a few hundred
 * alternatives each opening with a lookbehind is scanned several times slower. Only words that start
 * alike can match at the same place, so the two groups never compete and longest-first holds.
 */
export function wordAlternatives(words: readonly string[], wholeWords = true): string {
  const sorted = [...new Set(words.filter((word) => word !== ''))].sort((a, b) => b.length - a.length);
  if (sorted.length === 0) return '(?!)';
  const literal = (word: string): string =>
    `${escapeRegExp(word)}${wholeWords && LATIN_EDGE.test(word.at(-1) as string) ? '(?![a-z0-9])' : ''}`;
  if (!wholeWords) return sorted.map(literal).join('|');
  const latin = sorted.filter((word) => LATIN_EDGE.test(word[0] as string)).map(literal);
  const other = sorted.filter((word) => !LATIN_EDGE.test(word[0] as string)).map(literal);
  return [...(latin.length === 0 ? [] : [`(?<![a-z0-9])(?:${latin.join('|')})`]), ...other].join('|');
}

const LATIN_EDGE = /^[a-z0-9]$/u;

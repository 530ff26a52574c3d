/** `text` as a regular expression source that matches it literally (every syntax character escaped). */
export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/gu, '\\$&');
}

/**
 * Words as one pattern that prefers the longest word at each place; with `wholeWords`, a Latin end
 * matches only at a word boundary ("or" is not in "for"). The words that start with a Latin letter or
 * digit share one leading boundary test, `(?<![a-z0-9])(?:…)`, rather than one each: a pattern of a
 * few hundred alternatives each opening with a lookbehind is scanned several times slower. Only words
 * that start alike can match at the same place, so the two groups never compete.
 *
 * Each group is written as a tree of shared beginnings ("not (?:confirmed|responsible)" rather than
 * "not confirmed|not responsible"): the engine reads a shared beginning once, not once per word, which
 * halves the time of a scan over the lexicon (CHANGELOG.md). It matches what the words listed longest
 * first match, in the same order of preference: two words that match at one place are one the
 * beginning of the other, and the tree tries going on before it tries ending.
 */
export function wordAlternatives(words: readonly string[], wholeWords = true): string {
  const distinct = [...new Set(words.filter((word) => word !== ''))];
  if (distinct.length === 0) return '(?!)';
  if (!wholeWords) return prefixTree(distinct, false);
  const latin = distinct.filter((word) => LATIN_EDGE.test(word[0] as string));
  const other = distinct.filter((word) => !LATIN_EDGE.test(word[0] as string));
  return [
    ...(latin.length === 0 ? [] : [`(?<![a-z0-9])${prefixTree(latin, true)}`]),
    ...(other.length === 0 ? [] : [prefixTree(other, true)]),
  ].join('|');
}

const LATIN_EDGE = /^[a-z0-9]$/u;

/** A word ends at this node of the tree. */
const WORD_END = '';

interface TreeNode extends Map<string, TreeNode> {}

/** The words (at least one) as a pattern of their tree of beginnings, a character (code point) a node. */
function prefixTree(words: readonly string[], wholeWords: boolean): string {
  const root: TreeNode = new Map();
  for (const word of words) {
    let node = root;
    for (const character of word) {
      let next = node.get(character);
      if (next === undefined) node.set(character, (next = new Map()));
      node = next;
    }
    node.set(WORD_END, new Map());
  }
  return nodePattern(root, '', wholeWords);
}

/** The pattern of what may follow at `node`, reached by `last`: going on first, then ending (so the longest wins). */
function nodePattern(node: TreeNode, last: string, wholeWords: boolean): string {
  const branches: string[] = [];
  for (const [character, next] of node)
    if (character !== WORD_END) branches.push(`${escapeRegExp(character)}${nodePattern(next, character, wholeWords)}`);
  if (node.has(WORD_END)) branches.push(wholeWords && LATIN_EDGE.test(last) ? '(?![a-z0-9])' : '');
  return branches.length === 1 ? (branches[0] as string) : `(?:${branches.join('|')})`;
}

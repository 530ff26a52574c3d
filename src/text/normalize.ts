/**
 * Text matching for keywords, markers and forbidden text is substring search on
 * normalised text (docs/contract.md §2): invisible characters dropped, Unicode NFKC, then lower
 * case, then every run of white space collapsed to one space, then spaces between two CJK
 * characters removed. NFKC folds full-width forms, so `ＣＰＵ` matches `cpu`.
 */
export function normalizeText(text: string): string {
  return withoutLineBreaks(normalizeWithLineBreaks(text));
}

/**
 * normalizeText, except that a run of white space holding a line break becomes one "\n" instead
 * of a space, and is kept even between two CJK characters: assertion-aware matching ends a
 * clause at a line end, and Chinese lines often end without punctuation.
 */
export function normalizeWithLineBreaks(text: string): string {
  // Only runs that change are replaced (two or more white-space characters, or a single one
  // that is not a plain space): the same result as replacing every run, without rewriting
  // each single space between words, which is most of the cost on long answers.
  const folded = foldCase(text);
  // Runs holding a line break become "\n" first, then the other runs a space: two native replacements, no callback per run.
  const lines = LINE_BREAK_TEST.test(folded) ? folded.replace(LINE_BREAK_RUN, '\n') : folded;
  return withoutCjkSpaces(lines.replace(WHITE_SPACE_RUN, ' '));
}

/**
 * Zero-width characters and soft hyphens are invisible to a reader, so text split by them
 * ("数据\u200B库宕机", "data\u00ADbase") must still match. Removed before the white-space
 * collapse, because U+FEFF counts as white space there. Tested first: most text has none.
 */
function foldCase(text: string): string {
  const visible = INVISIBLE_TEST.test(text) ? text.replace(INVISIBLE, '') : text;
  return visible.normalize('NFKC').toLowerCase();
}

/**
 * Chinese and Japanese put no spaces between words, so a space between two CJK characters
 * carries no meaning and only hides text ("数据库 宕机"). Latin words keep their spaces.
 */
function withoutCjkSpaces(collapsed: string): string {
  return CJK_SPACE_TEST.test(collapsed) ? collapsed.replace(CJK_SPACE, '') : collapsed;
}

/** normalizeWithLineBreaks' result as normalizeText gives it: line breaks between CJK characters dropped, the others spaces. */
export function withoutLineBreaks(normalizedWithLines: string): string {
  let at = normalizedWithLines.indexOf('\n');
  if (at === -1) return normalizedWithLines;
  // Built piece by piece: answers hold a few line breaks, and looking at the two characters
  // around each is cheaper than a regular expression over the whole text.
  let out = '';
  let from = 0;
  while (at !== -1) {
    out += normalizedWithLines.slice(from, at);
    if (!(isCjkBefore(normalizedWithLines, at) && isCjkAfter(normalizedWithLines, at + 1))) out += ' ';
    from = at + 1;
    at = normalizedWithLines.indexOf('\n', from);
  }
  return out + normalizedWithLines.slice(from);
}


/** The character that ends just before `index` (a surrogate pair read whole). */
function isCjkBefore(text: string, index: number): boolean {
  if (index === 0) return false;
  const low = text.charCodeAt(index - 1);
  if (low < FIRST_CJK) return false;
  const start = low >= 0xdc00 && low <= 0xdfff && index >= 2 ? index - 2 : index - 1;
  return CJK_CHARACTER.test(text.slice(start, index));
}

function isCjkAfter(text: string, index: number): boolean {
  if (index >= text.length) return false;
  const code = text.codePointAt(index) ?? 0;
  return code >= FIRST_CJK && CJK_CHARACTER.test(String.fromCodePoint(code));
}

/** Runs of white space other than single spaces, line breaks excepted (they are made "\n" first). */
const WHITE_SPACE_RUN = /[^\S\n]{2,}|[^\S \n]/gu;
const LINE_BREAK_TEST = /[\n\r\u2028\u2029]/u;
/** A run of white space holding at least one line break. */
const LINE_BREAK_RUN = /[^\S\n\r\u2028\u2029]*[\n\r\u2028\u2029]\s*/gu;

const INVISIBLE_TEST = /[\u00AD\u200B-\u200D\u2060\uFEFF]/u;
const INVISIBLE = /[\u00AD\u200B-\u200D\u2060\uFEFF]/gu;
const CJK = '\\p{Script=Han}\\p{Script=Hiragana}\\p{Script=Katakana}\\p{Script=Hangul}';
/** Hangul Jamo, U+1100, is the lowest code point of the four scripts: below it, no look-up is needed. */
const FIRST_CJK = 0x1100;
const CJK_CHARACTER = new RegExp(`^[${CJK}]$`, 'u');
const CJK_SPACE_TEST = new RegExp(`[${CJK}] (?=[${CJK}])`, 'u');
/** The space only: the CJK character before it is matched by a look-behind, so runs like "数 据 库" fold in one pass. */
const CJK_SPACE = new RegExp(`(?<=[${CJK}]) (?=[${CJK}])`, 'gu');

/** True when `needle` occurs in `haystack` once both are normalised. An empty needle never matches. */
export function containsNormalized(normalizedHaystack: string, needle: string): boolean {
  const normalizedNeedle = normalizedNeedleOf(needle);
  return normalizedNeedle.length > 0 && normalizedHaystack.includes(normalizedNeedle);
}

/**
 * Needles (keywords, markers, forbidden texts) come from the case file and the contract and
 * are looked for in every trace, so each is normalised once. The cache is bounded: it is
 * emptied when full, which only costs normalising again.
 */
const normalizedNeedles = new Map<string, string>();
const MAX_CACHED_NEEDLES = 10_000;

export function normalizedNeedleOf(needle: string): string {
  let normalized = normalizedNeedles.get(needle);
  if (normalized === undefined) {
    normalized = normalizeText(needle).trim();
    if (normalizedNeedles.size >= MAX_CACHED_NEEDLES) normalizedNeedles.clear();
    normalizedNeedles.set(needle, normalized);
  }
  return normalized;
}

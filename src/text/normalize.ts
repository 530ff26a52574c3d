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
  return foldWhiteSpace(foldCase(text));
}

/**
 * Zero-width characters and soft hyphens are invisible to a reader, so text split by them
 * ("数据\u200B库宕机", "data\u00ADbase") must still match. Removed before the white-space
 * collapse, because U+FEFF counts as white space there. Tested first: most text has none.
 */
function foldCase(text: string): string {
  if (isPlainText(text)) return text.toLowerCase();
  const visible = INVISIBLE_TEST.test(text) ? text.replace(INVISIBLE, '') : text;
  return visible.normalize('NFKC').toLowerCase();
}

/**
 * True when the text holds only characters that NFKC leaves as they are, none of them invisible:
 * ASCII, CJK ideographs (U+4E00–U+9FFF), 、。《》「」『』【】 and dashes and curly quotes. No
 * two of them compose, so NFKC leaves the whole text as it is. Most answers are English, or
 * Chinese with ASCII punctuation: one native test then replaces the invisible-character test and
 * NFKC's own.
 */
export function isPlainText(text: string): boolean {
  return !NOT_PLAIN.test(text);
}

const NOT_PLAIN = /[^\x00-\x7f\u2013\u2014\u2018\u2019\u201c\u201d\u3001\u3002\u300a-\u3011\u4e00-\u9fff]/;

const CJK = '\\p{Script=Han}\\p{Script=Hiragana}\\p{Script=Katakana}\\p{Script=Hangul}';

/**
 * The white-space rules: every maximal run of white space that holds a line break (\n, \r,
 * U+2028, U+2029) becomes one "\n"; every other run becomes one space, or nothing when it stands
 * between two CJK characters (Chinese and Japanese put no spaces between words, so such a space
 * carries no meaning and only hides text: "数据库 宕机"; Latin words keep their spaces).
 *
 * One regular expression finds only the runs that change (FOLDED_RUN): most white space is a lone
 * space or "\n" already, passed over in native code; the result is one flat string, not a rope.
 */
function foldWhiteSpace(text: string): string {
  return text.replace(FOLDED_RUN, foldRun);
}

/**
 * The runs of white space that change, matched whole: one that starts with a white-space character
 * other than a space or "\n" (ODD_WHITE_SPACE), one of two characters or more, or a lone space that
 * may stand between two CJK characters (UTF-16 codes from FIRST_CJK up, without the `u` flag, which
 * is faster; foldRun keeps a space not between two). Each alternative starts with its own class: the
 * engine tries far fewer at each character than with \s{2,} and [^\S \n].
 */
const WHITE_SPACE = '\\t\\n\\v\\f\\r \\u00a0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000\\ufeff';
const ODD_WHITE_SPACE = '\\t\\v\\f\\r\\u00a0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000\\ufeff';
const FOLDED_RUN = new RegExp(
  `[${ODD_WHITE_SPACE}][${WHITE_SPACE}]*|[ \\n](?:[${WHITE_SPACE}]+|(?<=[\\u1100-\\uffff] )(?=[\\u1100-\\uffff]))`,
  'g',
);

/** What a run of white space (see FOLDED_RUN) at `at` in `text` becomes. */
function foldRun(run: string, at: number, text: string): string {
  for (let index = 0; index < run.length; index += 1) if (isLineBreakCode(run.charCodeAt(index))) return '\n';
  return isCjkBefore(text, at) && isCjkAfter(text, at + run.length) ? '' : ' ';
}

const CODE_LINE_FEED = 0x0a;

function isLineBreakCode(code: number): boolean {
  return code === CODE_LINE_FEED || code === 0x0d || code === 0x2028 || code === 0x2029;
}

/** normalizeWithLineBreaks' result as normalizeText gives it: line breaks between CJK characters dropped, the others spaces. */
export function withoutLineBreaks(normalizedWithLines: string): string {
  // Most texts (every keyword and marker, many answers) hold none: no regular expression is run on them.
  if (!normalizedWithLines.includes('\n')) return normalizedWithLines;
  return normalizedWithLines.replace(/\n/g, (_, at: number) =>
    isCjkBefore(normalizedWithLines, at) && isCjkAfter(normalizedWithLines, at + 1) ? '' : ' ',
  );
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

// Without the `u` flag, which reads the text faster: all of them are in the BMP.
const INVISIBLE_TEST = /[\u00AD\u200B-\u200D\u2060\uFEFF]/;
const INVISIBLE = /[\u00AD\u200B-\u200D\u2060\uFEFF]/g;
/** Hangul Jamo, U+1100, is the lowest code point of the four scripts: below it, no look-up is needed. */
const FIRST_CJK = 0x1100;
const CJK_CHARACTER = new RegExp(`^[${CJK}]$`, 'u');

/** True when `needle` occurs in `haystack` once both are normalised. An empty needle never matches. */
export function containsNormalized(normalizedHaystack: string, needle: string): boolean {
  const normalizedNeedle = normalizedNeedleOf(needle);
  return normalizedNeedle.length > 0 && normalizedHaystack.includes(normalizedNeedle);
}

/** A needle (keyword, marker, forbidden text) as it is looked for: normalised and trimmed. Short: normalised again for each trace, no state kept. */
export function normalizedNeedleOf(needle: string): string {
  return normalizeText(needle).trim();
}

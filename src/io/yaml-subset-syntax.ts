import { jsYaml } from './js-yaml.js';

/**
 * The rules of the common subset (yaml-common-subset.ts) apart from its layout, which its
 * transcription to JSON (yaml-subset-as-json.ts) goes by: the keys it accepts, the plain scalars'
 * values in the YAML 1.2 core schema, and the sentinel thrown at what is left to the other parsers.
 */

export const NOT_IN_SUBSET = Symbol('not in the subset');

export function notInSubset(): never {
  // eslint-disable-next-line @typescript-eslint/only-throw-error -- a private sentinel, caught where the subset is read
  throw NOT_IN_SUBSET;
}

/**
 * Case files nest a few levels; deeper files are left to the fast parser, which the nesting
 * check (yaml-depth.ts, limit MAX_YAML_NESTING_DEPTH) guards, well before that limit.
 */
export const MAX_SUBSET_DEPTH = 32;

export const SPACE = 0x20;
export const HASH = 0x23;
export const DASH = 0x2d;
export const COLON = 0x3a;

/**
 * Where a walk over the subset's lines stands (the transcription, yaml-subset-as-json.ts, and the
 * locator of its mistakes, yaml-subset-locate.ts, walk alike): the current line with content other
 * than a comment.
 */
export interface LineWalk {
  readonly text: string;
  lineStart: number;
  /** Where the line ends: its line break, or the text's end. */
  lineEnd: number;
  /** Where its content starts, and the column that is. */
  content: number;
  indent: number;
  /** No such line is left; the places above are the text's end, and the indent is -1. */
  atEnd: boolean;
}

/**
 * Moves `walk` to the first line at or after `from` with content other than a comment (spaces
 * only are no content). `comment(at, end)` is told of each comment line passed over.
 */
export function seekContentLine(
  walk: LineWalk,
  from: number,
  comment: ((at: number, end: number) => void) | null,
): void {
  const { text } = walk;
  let start = from;
  while (start < text.length) {
    let end = text.indexOf('\n', start);
    if (end === -1) end = text.length;
    let at = start;
    while (at < end && text.charCodeAt(at) === SPACE) at += 1;
    if (at < end && text.charCodeAt(at) === HASH) comment?.(at, end);
    else if (at < end) {
      walk.lineStart = start;
      walk.lineEnd = end;
      walk.content = at;
      walk.indent = at - start;
      walk.atEnd = false;
      return;
    }
    start = end + 1;
  }
  walk.atEnd = true;
  walk.lineStart = text.length;
  walk.lineEnd = text.length;
  walk.content = text.length;
  walk.indent = -1;
}

/**
 * Where a plain key starting at `at` ends (a letter, `_` or `$`, then also digits, `.` and `-`),
 * or `at` when none starts there: a loop, as keys are short and a regular expression's call
 * costs more than reading them.
 */
export function keyCharsEnd(text: string, at: number): number {
  const first = text.charCodeAt(at);
  const lowerFirst = first | 0x20;
  if (!((lowerFirst >= 0x61 && lowerFirst <= 0x7a) || first === 0x5f || first === 0x24)) return at;
  let index = at + 1;
  for (;;) {
    const code = text.charCodeAt(index);
    const lower = code | 0x20;
    if ((lower >= 0x61 && lower <= 0x7a) || (code >= 0x30 && code <= 0x39) || code === 0x5f || code === 0x24)
      index += 1;
    else if (code === 0x2e || code === 0x2d) index += 1;
    else return index;
  }
}

/**
 * Index just after the `:` of a block mapping's plain key starting at `at` (followed by a space
 * or the line end, which is at `lineEnd`), else -1.
 */
export function plainKeyEnd(text: string, at: number, lineEnd: number): number {
  const colon = keyCharsEnd(text, at);
  if (colon === at || colon >= lineEnd || text.charCodeAt(colon) !== COLON) return -1;
  const after = colon + 1;
  return after === lineEnd || text.charCodeAt(after) === SPACE ? after : -1;
}

/** Keys that are not text in the core schema, or not safe as an object key. */
export const KEY_WORDS = /^(?:true|false|null|__proto__)$/iu;

/** A `\uD800`-`\uDFFF` escape: a lone surrogate written as an escape is left to the fast parser. */
export const LONE_SURROGATE_ESCAPE = /\\u[dD][89a-fA-F]/u;

/** Plain scalars the core schema resolves to other than text. */
export const BOOL_OR_NULL: ReadonlyMap<string, boolean | null> = new Map([
  ['true', true],
  ['True', true],
  ['TRUE', true],
  ['false', false],
  ['False', false],
  ['FALSE', false],
  ['null', null],
  ['Null', null],
  ['NULL', null],
  ['~', null],
]);
/** Decimal numbers whose value is plainly Number(text); other numeric forms are asked of the fast parser. */
const SIMPLE_NUMBER = /^-?(?:0|[1-9][0-9]{0,14})(?:\.[0-9]{1,15})?$/u;
/** The first characters of the core schema's non-text plain scalars (numbers, `.inf`, `.nan`, `~`). */
const MAYBE_NOT_TEXT = /^[-+.0-9~]/u;
/** Characters a plain scalar cannot start with (YAML indicators); `-` is handled apart. */
const INDICATOR_START = /^[?:,[\]{}#&*!|>'"%@`]/u;

/** A plain scalar's value in the YAML 1.2 core schema. */
export function resolvePlain(raw: string): unknown {
  const first = raw.charCodeAt(0);
  // Text that starts with a letter (or any character past ASCII) is text, unless it is one of the words.
  if ((first >= 0x61 && first <= 0x7a) || (first >= 0x41 && first <= 0x5a) || first > 0x7f) {
    const word = raw.length <= 5 ? BOOL_OR_NULL.get(raw) : undefined;
    return word === undefined ? raw : word;
  }
  if (raw === '') notInSubset();
  if (INDICATOR_START.test(raw)) notInSubset();
  if (first === DASH && (raw.length === 1 || raw.charCodeAt(1) === SPACE)) notInSubset();
  const word = BOOL_OR_NULL.get(raw);
  if (word !== undefined) return word;
  if (!MAYBE_NOT_TEXT.test(raw)) return raw;
  if (SIMPLE_NUMBER.test(raw)) {
    const number = Number(raw);
    // `-0` is negative zero in the fast parser; left to it.
    if (number !== 0 || raw.charCodeAt(0) !== DASH) return number;
  }
  // Other numeric forms (`1e3`, `0x1F`, `0o17`, `+5`, `.inf`) and text that only starts like a
  // number (`14:05`, `1_000`, `50/50`): the fast parser resolves the scalar alone, as it would in place.
  if (raw.startsWith('--') || raw.startsWith('..')) notInSubset();
  try {
    const { CORE_SCHEMA, load } = jsYaml();
    return load(raw, { schema: CORE_SCHEMA, maxAliases: 0 });
  } catch {
    return notInSubset();
  }
}

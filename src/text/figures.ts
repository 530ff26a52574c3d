import { codeAt } from './code-at.js';
import { isWordCode } from './sentences.js';

/**
 * Figures in text (docs/contract.md §4, numeric-grounding): numbers with a unit, read from text
 * already normalised by normalizeText (NFKC, lower case, one space per run of white space), so
 * full-width digits and `％` are plain already.
 *
 * Two readings share one scanner: `answerFigures` is strict (only a number with a unit or %, and
 * never part of a date, a time of day, a version, an id or a ratio), because every figure it finds
 * must be grounded; the evidence reading (`ungroundedInEvidence`) is lenient (every number, with
 * its unit when it has one, or a unit taken from a key such as `latency_ms`), because anything it
 * misses could raise a false alarm.
 */

export type UnitFamily = 'percent' | 'time' | 'size' | 'count' | 'multiple';

export interface NumberToken {
  start: number;
  /** Where the number's digits end (before any unit). */
  numberEnd: number;
  /** Where the token ends: after its unit, when it has one. */
  end: number;
  /** The number as written, thousands separators removed (`1,150` → 1150). */
  written: number;
  /** Digits after the decimal point as written: the precision a match is judged at. */
  decimals: number;
  /** 万 (10⁴) or 亿 (10⁸) after the number, else 1. */
  multiplier: number;
  /** The unit as written, normalised; null for a bare number. */
  unit: string | null;
  family: UnitFamily | null;
  /** How many units of the family's base (ms, bytes, percent, one) one `unit` is; two for KB/MB/GB/TB (1000ⁿ and 1024ⁿ). */
  factors: readonly number[];
}

export interface Figure extends NumberToken {
  /** The figure as it reads in the answer, e.g. "97.4%" or "176–183 秒". */
  text: string;
}

interface UnitDefinition {
  family: UnitFamily;
  factors: readonly number[];
}

type UnitRow = readonly [UnitFamily, readonly number[], readonly string[]];

/** Every unit spelling the scanner knows, normalised (lower case), with its family and sizes. */
const UNIT_SPELLINGS: readonly UnitRow[] = [
  ['percent', [1], ['%', 'percent', 'pct']],
  ['time', [1], ['ms', 'msec', 'millisecond', 'milliseconds', '毫秒']],
  ['time', [1e3], ['s', 'sec', 'secs', 'second', 'seconds', '秒', '秒钟']],
  ['time', [6e4], ['min', 'mins', 'minute', 'minutes', '分钟']],
  ['time', [36e5], ['h', 'hr', 'hrs', 'hour', 'hours', '小时']],
  ['size', [1], ['byte', 'bytes']],
  // kb, mb, gb, tb are read as 1000ⁿ or 1024ⁿ bytes; kib, mib, gib, tib as 1024ⁿ only.
  ...['k', 'm', 'g', 't'].flatMap((prefix, index): UnitRow[] => [
    ['size', [1000 ** (index + 1), 1024 ** (index + 1)], [`${prefix}b`]],
    ['size', [1024 ** (index + 1)], [`${prefix}ib`]],
  ]),
  // Counted things. One family: "1,150 次/秒" and "1,150 req/s" state the same figure.
  ['count', [1], ['connection', 'conn', 'request', 'req', 'error', 'pod', 'replica', 'thread'].flatMap(withPlural)],
  ['count', [1], ['qps', 'rps', 'tps', '次', '个', '条', '台']],
  // A rate written with no counted noun ("4,800/s") is a count per unit of time.
  ['count', [1], ['/s', '/sec', '/秒', '/min', '/分钟', '/h', '/小时']],
  ['multiple', [1], ['倍']],
];

function withPlural(word: string): string[] {
  return [word, `${word}s`];
}

/** A standalone 万/亿 ("3 万") counts things. */
const MULTIPLIER_ONLY: UnitDefinition = { family: 'count', factors: [1] };

const UNIT_TABLE = new Map(
  UNIT_SPELLINGS.flatMap(([family, factors, words]) => words.map((word) => [word, { family, factors }] as const)),
);
/** Units after a count that make it a rate ("次/秒", "req/s"): part of the figure, not another one. */
const RATE_UNITS = new Set([...UNIT_TABLE.keys()].filter((word) => word.startsWith('/')).map((word) => word.slice(1)));
const UNIT_WORDS = [...UNIT_TABLE.keys()]
  .filter((word) => word !== '%' && !word.startsWith('/'))
  .sort((one, other) => other.length - one.length);
const LATIN_UNITS = UNIT_WORDS.filter((word) => /^[a-z]+$/u.test(word));
const CJK_UNITS = UNIT_WORDS.filter((word) => !LATIN_UNITS.includes(word));
/**
 * A unit spelling, after an optional slash (a rate, "/ s"): `%`, a Latin word that ends there
 * ("5 services" has none) or the longest CJK unit there. Sticky, tried at one position.
 */
const UNIT_WORD_AT = new RegExp(`(?:/ ?)?(?:%|(?:${LATIN_UNITS.join('|')})(?![a-z0-9_])|${CJK_UNITS.join('|')})`, 'y');

/** A date (2024-06-11, with a time) or, failing that, a time of day (14:05:10). */
const DATE_OR_TIME_AT =
  /\d{4}-\d{1,2}-\d{1,2}(?:[t ]\d{1,2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:z|[+-]\d{2}:?\d{2})?)?|\d{1,2}:\d{2}(?::\d{2})?(?:\.\d+)?/uy;

const CODE_0 = 48;
const CODE_9 = 57;
const CODE_A = 97;
const CODE_Z = 122;
const CODE_SPACE = 32;
const CODE_HASH = 35;
const CODE_DOLLAR = 36;
const CODE_POINT = 46;
const CODE_COMMA = 44;
const CODE_DASH = 45;
const CODE_EN_DASH = 0x2013; // –
const CODE_COLON = 58;
const CODE_SLASH = 47;
const CODE_AT = 64;
const CODE_UNDERSCORE = 95;
const CODE_WAN = 0x4e07; // 万
const CODE_YI = 0x4ebf; // 亿

function isDigitAt(text: string, at: number): boolean {
  const code = codeAt(text, at);
  return code >= CODE_0 && code <= CODE_9;
}

function isLetterAt(text: string, at: number): boolean {
  const code = codeAt(text, at);
  return code >= CODE_A && code <= CODE_Z;
}

/** a–z, 0–9 or _; -1 (past either end of the text) is none. */
function isIdentifierCode(code: number): boolean {
  return isWordCode(code) || code === CODE_UNDERSCORE;
}

/**
 * Every number of a text (lower case) with what follows it, dates and times of day left out (a
 * date or time is never a figure, and its parts must not ground one), and numbers glued to a name
 * left out too (p99, v2, 5xx, 3f9c). Hand-written rather than one regular expression: this runs
 * over every evidence text of every trace, and character tests cost a fraction of regex calls.
 */
export function scanNumbers(text: string): NumberToken[] {
  const tokens: NumberToken[] = [];
  visitNumbers(text, (token) => {
    tokens.push({ ...token });
    return true;
  });
  return tokens;
}

/**
 * scanNumbers' tokens, in order, handed to `visit` one at a time; the scan stops when `visit`
 * returns false, so that a caller looking for something in the numbers reads only as far as it must.
 * The token is one object, filled anew for each number: the evidence of a trace holds hundreds of
 * numbers, most of them looked at once and dropped, so none is allocated; a visitor that keeps a
 * token copies it.
 */
function visitNumbers(text: string, visit: (token: NumberToken) => boolean): void {
  const token: NumberToken = {
    start: 0,
    numberEnd: 0,
    end: 0,
    written: 0,
    decimals: 0,
    multiplier: 1,
    unit: null,
    family: null,
    factors: BARE_FACTORS,
  };
  const length = text.length;
  let at = 0;
  while (at < length) {
    // The regular expression engine finds the next digit: the text between numbers, most of it,
    // is then passed over in native code rather than one character at a time here.
    NEXT_DIGIT.lastIndex = at;
    if (!NEXT_DIGIT.test(text)) return;
    const start = NEXT_DIGIT.lastIndex - 1;
    if (start >= length) return;
    let end = start;
    while (isDigitAt(text, end)) end += 1;
    const integerDigits = end - start;
    // A date or a time of day is skipped whole, so that none of its parts reads as a number.
    if (
      (integerDigits === 4 && codeAt(text, end) === CODE_DASH) ||
      (integerDigits <= 2 && codeAt(text, end) === CODE_COLON)
    ) {
      const skipTo = dateOrTimeEnd(text, start);
      if (skipTo > 0) {
        at = skipTo;
        continue;
      }
    }
    let separated = false;
    if (integerDigits <= 3) {
      while (
        codeAt(text, end) === CODE_COMMA &&
        isDigitAt(text, end + 1) &&
        isDigitAt(text, end + 2) &&
        isDigitAt(text, end + 3) &&
        !isDigitAt(text, end + 4)
      ) {
        end += 4;
        separated = true;
      }
    }
    let decimals = 0;
    if (codeAt(text, end) === CODE_POINT && isDigitAt(text, end + 1)) {
      let fraction = end + 1;
      while (isDigitAt(text, fraction)) fraction += 1;
      decimals = fraction - end - 1;
      end = fraction;
    }
    const numberEnd = end;
    at = numberEnd;
    // Character codes, not characters: charAt makes a string of every CJK character it reads.
    const before = codeAt(text, start - 1);
    if (isIdentifierCode(before) || before === CODE_HASH || before === CODE_DOLLAR || before === CODE_AT) continue;
    if (before === CODE_POINT && isWordCode(codeAt(text, start - 2))) continue;
    const digits = text.slice(start, numberEnd);
    const written = Number(separated ? digits.replaceAll(',', '') : digits);
    const unit = unitAfter(text, numberEnd);
    // A number glued to letters that are no unit is part of a name: 5xx, 3f9c, 8g.
    if (unit === null && (isLetterAt(text, numberEnd) || codeAt(text, numberEnd) === CODE_UNDERSCORE)) continue;
    if (unit !== null) at = unit.end;
    token.start = start;
    token.numberEnd = numberEnd;
    token.end = unit === null ? numberEnd : unit.end;
    token.written = written;
    token.decimals = decimals;
    token.multiplier = unit?.multiplier ?? 1;
    token.unit = unit?.unit ?? null;
    token.family = unit?.definition.family ?? null;
    token.factors = unit?.definition.factors ?? BARE_FACTORS;
    if (!visit(token)) return;
  }
}

/** Where the next digit is: `test` from `lastIndex` on, which builds no match. */
const NEXT_DIGIT = /[0-9]/g;

/** The factors of a bare number: shared, never changed. */
const BARE_FACTORS: readonly number[] = [1];

interface UnitFound {
  unit: string;
  definition: UnitDefinition;
  multiplier: number;
  end: number;
}

/** The 万 (10⁴) or 亿 (10⁸) after a number (after at most one space), else 1. */
function multiplierAfter(text: string, from: number): number {
  const code = codeAt(text, codeAt(text, from) === CODE_SPACE ? from + 1 : from);
  return code === CODE_WAN ? 1e4 : code === CODE_YI ? 1e8 : 1;
}

/** The unit written at `at` (after at most one space, and an optional 万/亿); null when there is none. */
function unitAfter(text: string, from: number): UnitFound | null {
  let at = codeAt(text, from) === CODE_SPACE ? from + 1 : from;
  const multiplier = multiplierAfter(text, from);
  const multiplierText = multiplier === 1 ? null : text.charAt(at);
  if (multiplierText !== null) at += 1;
  const multiplierEnd = at;
  if (multiplierText !== null && codeAt(text, at) === CODE_SPACE) at += 1;
  const unit = unitWordAt(text, at);
  if (unit === null) {
    return multiplierText === null
      ? null
      : { unit: multiplierText, definition: MULTIPLIER_ONLY, multiplier, end: multiplierEnd };
  }
  const definition = UNIT_TABLE.get(unit.word) as UnitDefinition;
  let end = unit.end;
  if (definition.family === 'count' && !unit.word.startsWith('/')) {
    // A count per unit of time ("次/秒", "req / s") is one figure.
    const rate = unitWordAt(text, codeAt(text, end) === CODE_SPACE ? end + 1 : end);
    if (rate?.word.startsWith('/')) end = rate.end;
  }
  return { unit: unit.word, definition, multiplier, end };
}

/**
 * The unit spelling at `at` and its end; null when there is none. A rate with no counted noun
 * ("/s", "/ 秒") is one only when the longest unit after its slash is a time unit: "/秒钟" is none.
 */
function unitWordAt(text: string, at: number): { word: string; end: number } | null {
  UNIT_WORD_AT.lastIndex = at;
  if (!UNIT_WORD_AT.test(text)) return null;
  const end = UNIT_WORD_AT.lastIndex;
  if (codeAt(text, at) !== CODE_SLASH) return { word: text.slice(at, end), end };
  const unit = text.slice(codeAt(text, at + 1) === CODE_SPACE ? at + 2 : at + 1, end);
  return RATE_UNITS.has(unit) ? { word: `/${unit}`, end } : null;
}

/** The end of a date (2024-06-11, with a time) or time of day (14:05:10) starting at `start`; 0 when there is none. */
function dateOrTimeEnd(text: string, start: number): number {
  DATE_OR_TIME_AT.lastIndex = start;
  return DATE_OR_TIME_AT.test(text) ? DATE_OR_TIME_AT.lastIndex : 0;
}

/** Between two numbers of a range ("176–183 秒", "10 to 20 ms"): the first takes the second's unit. */
const RANGE_BETWEEN = /^\s?(?:-|–|—|~|～|to|至|到)\s?$/u;
const CODE_ORDINAL = 0x7b2c; // 第
const SELF_REFERENCE_AFTER = /^\s?(?:建议|步骤|措施|方案|原因|方面|问题|结论|可能|要点|选项)/u;
/** Markers that make a figure approximate, before it ("约 30 秒", "about 95%") or after it ("30 秒左右"). */
const APPROXIMATE_BEFORE = ['约', '~', '～', '≈', '约为', '大约', '大概', '将近', '接近', '差不多'];
const APPROXIMATE_WORDS = new Set('about around approximately approx roughly nearly almost circa ca'.split(' '));

/**
 * The figures of a final answer that must be grounded: numbers with a unit or %, not approximate,
 * not part of a date, a time of day, a version (v1.2.3, 1.2.3), an id (ev-2, RB-PAY-014, a hash) or
 * a ratio (50/50), not an ordinal.
 */
export function answerFigures(normalizedAnswer: string): Figure[] {
  const figures: Figure[] = [];
  const tokens = scanNumbers(normalizedAnswer);
  for (let index = 0; index < tokens.length; index += 1) {
    const token = tokens[index] as NumberToken;
    let measured = token;
    let rangeStart = token.start;
    let rangeEnd = false;
    if (token.family === null) {
      // The first number of a range takes the unit of the second.
      const next = tokens[index + 1];
      if (next === undefined || next.family === null || !isRangeBetween(normalizedAnswer, token.end, next.start))
        continue;
      measured = {
        ...token,
        end: next.end,
        unit: next.unit,
        family: next.family,
        factors: next.factors,
        multiplier: next.multiplier,
      };
    } else if (index > 0) {
      const previous = tokens[index - 1] as NumberToken;
      if (previous.family === null && isRangeBetween(normalizedAnswer, previous.end, token.start)) {
        rangeStart = previous.start;
        rangeEnd = true;
      }
    }
    // The second number of a range follows a dash after a digit, which elsewhere marks an id or a date.
    if (!(rangeEnd ? standsAloneAfter(normalizedAnswer, token) : standsAlone(normalizedAnswer, token))) continue;
    if (isDecade(token) || isApproximate(normalizedAnswer, rangeStart, measured.end)) continue;
    if (isOrdinalOrListCount(normalizedAnswer, rangeStart, measured)) continue;
    // A literal, not a spread: every figure has one shape, which the grounding tests read many times.
    figures.push({
      start: measured.start,
      numberEnd: measured.numberEnd,
      end: measured.end,
      written: measured.written,
      decimals: measured.decimals,
      multiplier: measured.multiplier,
      unit: measured.unit,
      family: measured.family,
      factors: measured.factors,
      text: normalizedAnswer.slice(token.start, measured.end),
    });
  }
  return figures;
}

/** A range connector alone between two numbers; short by nature, so longer gaps are never tested. */
function isRangeBetween(text: string, from: number, to: number): boolean {
  return to - from <= MAX_RANGE_GAP && RANGE_BETWEEN.test(text.slice(from, to));
}

const MAX_RANGE_GAP = 4;

/** What joins a number to a word before it: `ev-2`, `/v2`, `0/2`, `10:42`, `1.2.3`. */
const JOINERS = new Set([CODE_DASH, CODE_EN_DASH, CODE_SLASH, CODE_COLON, CODE_POINT]);

/**
 * False for a number that is part of a larger token: an id or path (`ev-2`, `/v2`), a ratio
 * (`0/2`, `50/50`), a version (`1.2.3`), or one followed by more of the same (`1.2.3`, `10:42`).
 */
function standsAlone(text: string, token: NumberToken): boolean {
  // Character codes, not characters: charAt makes a string of every CJK character it reads.
  if (JOINERS.has(codeAt(text, token.start - 1)) && isWordCode(codeAt(text, token.start - 2))) return false;
  return standsAloneAfter(text, token);
}

function standsAloneAfter(text: string, token: NumberToken): boolean {
  const after = codeAt(text, token.numberEnd);
  return !(
    (after === CODE_SLASH || after === CODE_COLON || after === CODE_POINT) &&
    isDigitAt(text, token.numberEnd + 1)
  );
}

/** Ordinals and list counts are no measurements: "第 3 次", "3 条建议". */
function isOrdinalOrListCount(text: string, start: number, figure: NumberToken): boolean {
  if (codeAt(text, start - 1) === CODE_ORDINAL || codeAt(text, start - 2) === CODE_ORDINAL) return true;
  return figure.family === 'count' && SELF_REFERENCE_AFTER.test(text.slice(figure.end, figure.end + 4));
}

/** "the 1990s" is a decade, not 1990 seconds. */
function isDecade(token: NumberToken): boolean {
  return (
    token.unit === 's' &&
    token.end === token.numberEnd + 1 &&
    token.decimals === 0 &&
    token.written >= 1800 &&
    token.written <= 2100
  );
}

function isApproximate(text: string, start: number, end: number): boolean {
  // Before: at most one space, then a marker ending right there.
  let before = start;
  if (codeAt(text, before - 1) === CODE_SPACE) before -= 1;
  if (APPROXIMATE_BEFORE.some((marker) => text.endsWith(marker, before))) return true;
  let wordEnd = before;
  if (codeAt(text, before - 1) === CODE_POINT) wordEnd -= 1;
  let wordStart = wordEnd;
  while (wordStart > 0 && isLetterAt(text, wordStart - 1)) wordStart -= 1;
  if (wordStart < wordEnd && APPROXIMATE_WORDS.has(text.slice(wordStart, wordEnd))) return true;
  // After: at most one space, then 左右, 上下 or "or so".
  const after = codeAt(text, end) === CODE_SPACE ? end + 1 : end;
  return (
    text.startsWith('左右', after) ||
    text.startsWith('上下', after) ||
    (text.startsWith('or so', after) && !isLetterAt(text, after + 5))
  );
}

/** Keys whose name carries the unit of their value (`latency_ms`, `cpu_percent`, `used_bytes`, `durationseconds`), read as that unit. */
const KEY_UNIT =
  /(?:^|[_\-.])(ms|millis|milliseconds|s|sec|secs|seconds|mins|minutes|hours|percent|pct|bytes|kb|mb|gb)$|(millis|milliseconds|seconds|minutes|hours|percent|bytes)$/u;
const KEY_UNIT_SPELLING: Record<string, string> = { millis: 'ms', milliseconds: 'ms' };
const MAX_KEY_GAP = 4;
const MAX_KEY_LENGTH = 64;

/**
 * Evidence text (already in lower case) as the scanner reads it: NFKC only where it can change
 * something (full-width digits, `％`); most evidence is ASCII, and NFKC over all of it would cost
 * more than the scan.
 */
export function evidenceFormOfLowered(lowered: string): string {
  return NEEDS_NFKC.test(lowered) ? lowered.normalize('NFKC') : lowered;
}

/** Full-width digits, %, point and comma: the only compatibility forms that change a number or its unit's reading. */
const NEEDS_NFKC = /[\uff05\uff0c\uff0e\uff10-\uff19\uff21-\uff3a\uff41-\uff5a]/u;

/**
 * The figures of `figures` that no number of the evidence text (see evidenceForm) grounds, in
 * their order, as numberGrounds judges each against one evidence number. A number without a unit
 * directly after it takes the unit its key names, when it is the value of one (`"cpu_percent":
 * 97.4`, `acquire_seconds=30`, `max.poll.interval.ms (300000)`). The text is read only until
 * every figure is grounded, and no index of its numbers is built.
 */
export function ungroundedInEvidence(figures: readonly Figure[], text: string): Figure[] {
  const ranges = figures.map(groundingRange);
  const grounded = figures.map(() => false);
  let left = figures.length;
  visitNumbers(text, (token) => {
    // A bare number takes the unit its key names, when it is the value of one.
    const keyed = token.family === null ? keyUnitBefore(text, token.start) : undefined;
    const unit = keyed ?? token;
    for (let index = 0; index < figures.length; index += 1) {
      if (grounded[index] === true) continue;
      if (numberGrounds(token, unit, figures[index] as Figure, ranges[index] as GroundingRange)) {
        grounded[index] = true;
        left -= 1;
      }
    }
    return left > 0;
  });
  return figures.filter((_figure, index) => grounded[index] !== true);
}

/**
 * Whether an evidence number, read in `unit` (its own, or the one its key names), grounds the
 * figure, at the figure's precision: converted to the figure's unit it rounds to the figure as
 * written (97.4% ← 97.4%, 2.1 s ← 2,100 ms, 1.2 GB ← 1,229 MB, 97% ← 97.4%); a bare number equal
 * to the figure's number grounds a figure of any unit ("cpu=97.4" grounds "CPU 97.4%"), and a
 * percent also as a fraction (0.974 grounds 97.4%).
 */
function numberGrounds(
  token: NumberToken,
  unit: Pick<NumberToken, 'family' | 'factors'>,
  figure: Figure,
  range: GroundingRange,
): boolean {
  const value = token.written * token.multiplier;
  if (unit.family === null) return bareValueGrounds(value, figure, range);
  if (unit.family !== figure.family) return false;
  for (const factor of unit.factors) if (familyValueGrounds(value * factor, figure, range)) return true;
  return false;
}

/** The figures of `figures` that none of `tokens` (numbers read in their own units) grounds (numberGrounds). */
export function ungroundedByNumbers(figures: readonly Figure[], tokens: readonly NumberToken[]): Figure[] {
  return figures.filter((figure) => {
    const range = groundingRange(figure);
    return !tokens.some((token) => numberGrounds(token, token, figure, range));
  });
}

/** A numeric value under a key that names its unit, as a token; null when the key names none. */
export function keyedNumber(key: string, value: number): NumberToken | null {
  const unit = keyUnit(key.toLowerCase());
  const definition = unit === null ? undefined : UNIT_TABLE.get(unit);
  if (definition === undefined || !Number.isFinite(value)) return null;
  const text = String(value);
  const point = text.indexOf('.');
  return {
    start: 0,
    numberEnd: 0,
    end: 0,
    written: Math.abs(value),
    decimals: point < 0 ? 0 : text.length - point - 1,
    multiplier: 1,
    unit,
    family: definition.family,
    factors: definition.factors,
  };
}

/** The unit a key's name ends with, as UNIT_TABLE spells it; null when it names none. */
function keyUnit(key: string): string | null {
  const match = KEY_UNIT.exec(key);
  if (match === null) return null;
  const unit = (match[1] ?? match[2]) as string;
  return KEY_UNIT_SPELLING[unit] ?? unit;
}

/** `"`, `'`, `:`, `=`, `(` or a space: what may stand between a key and its value. */
function isKeyGapCode(code: number): boolean {
  return code === 0x22 || code === 0x27 || code === CODE_COLON || code === 0x3d || code === 0x28 || code === CODE_SPACE;
}

/** The unit the key before a bare evidence number names, when the number is the value of one. */
function keyUnitBefore(text: string, start: number): UnitDefinition | undefined {
  let at = start;
  const gapEnd = Math.max(0, start - MAX_KEY_GAP);
  while (at > gapEnd && isKeyGapCode(text.charCodeAt(at - 1))) at -= 1;
  if (at === start) return undefined;
  let keyStart = at;
  while (keyStart > 0 && isKeyCode(text.charCodeAt(keyStart - 1)) && at - keyStart < MAX_KEY_LENGTH) keyStart -= 1;
  const unit = keyStart === at ? null : keyUnit(text.slice(keyStart, at));
  return unit === null ? undefined : UNIT_TABLE.get(unit);
}

function isKeyCode(code: number): boolean {
  return isIdentifierCode(code) || code === CODE_POINT || code === CODE_DASH;
}

/** The values that round to the figure as written, at its precision. */
interface GroundingRange {
  low: number;
  high: number;
}

function groundingRange(figure: Figure): GroundingRange {
  const written = figure.written;
  const tolerance = 0.5 * 10 ** -figure.decimals + 1e-9 * Math.abs(written);
  return { low: written - tolerance, high: written + tolerance };
}

/** A bare evidence value (its 万/亿 applied) grounds the figure: equal to its number, or for a percent, as a fraction. */
function bareValueGrounds(value: number, figure: Figure, range: GroundingRange): boolean {
  const scaled = value / figure.multiplier;
  if (scaled >= range.low && scaled <= range.high) return true;
  return figure.family === 'percent' && value * 100 >= range.low && value * 100 <= range.high;
}

/** An evidence value of the figure's family, in the family's base unit, grounds the figure. */
function familyValueGrounds(baseValue: number, figure: Figure, range: GroundingRange): boolean {
  for (const factor of figure.factors) {
    const scale = factor * figure.multiplier;
    if (baseValue >= range.low * scale && baseValue <= range.high * scale) return true;
  }
  return false;
}

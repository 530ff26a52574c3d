/**
 * Figures in text (docs/contract.md §4, numeric-grounding): numbers with a unit, read from text
 * already normalised by normalizeText (NFKC, lower case, one space per run of white space), so
 * full-width digits and `％` are plain already.
 *
 * Two readings share one scanner: `answerFigures` is strict (only a number with a unit or %, and
 * never part of a date, a time of day, a version, an id or a ratio), because every figure it finds
 * must be grounded; `evidenceNumbers` is lenient (every number, with its unit when it has one, or a
 * unit taken from a key such as `latency_ms`), because anything it misses could raise a false alarm.
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

const KILO = [1e3, 1024];
const MEGA = [1e6, 1024 ** 2];
const GIGA = [1e9, 1024 ** 3];
const TERA = [1e12, 1024 ** 4];

/** Every unit spelling the scanner knows, normalised (lower case). */
const UNITS: Record<string, UnitDefinition> = {
  '%': { family: 'percent', factors: [1] },
  percent: { family: 'percent', factors: [1] },
  pct: { family: 'percent', factors: [1] },

  ms: { family: 'time', factors: [1] },
  msec: { family: 'time', factors: [1] },
  millisecond: { family: 'time', factors: [1] },
  milliseconds: { family: 'time', factors: [1] },
  毫秒: { family: 'time', factors: [1] },
  s: { family: 'time', factors: [1e3] },
  sec: { family: 'time', factors: [1e3] },
  secs: { family: 'time', factors: [1e3] },
  second: { family: 'time', factors: [1e3] },
  seconds: { family: 'time', factors: [1e3] },
  秒: { family: 'time', factors: [1e3] },
  秒钟: { family: 'time', factors: [1e3] },
  min: { family: 'time', factors: [6e4] },
  mins: { family: 'time', factors: [6e4] },
  minute: { family: 'time', factors: [6e4] },
  minutes: { family: 'time', factors: [6e4] },
  分钟: { family: 'time', factors: [6e4] },
  h: { family: 'time', factors: [36e5] },
  hr: { family: 'time', factors: [36e5] },
  hrs: { family: 'time', factors: [36e5] },
  hour: { family: 'time', factors: [36e5] },
  hours: { family: 'time', factors: [36e5] },
  小时: { family: 'time', factors: [36e5] },

  byte: { family: 'size', factors: [1] },
  bytes: { family: 'size', factors: [1] },
  kb: { family: 'size', factors: KILO },
  mb: { family: 'size', factors: MEGA },
  gb: { family: 'size', factors: GIGA },
  tb: { family: 'size', factors: TERA },
  kib: { family: 'size', factors: [1024] },
  mib: { family: 'size', factors: [1024 ** 2] },
  gib: { family: 'size', factors: [1024 ** 3] },
  tib: { family: 'size', factors: [1024 ** 4] },

  // Counted things. One family: "1,150 次/秒" and "1,150 req/s" state the same figure.
  connection: { family: 'count', factors: [1] },
  connections: { family: 'count', factors: [1] },
  conn: { family: 'count', factors: [1] },
  conns: { family: 'count', factors: [1] },
  request: { family: 'count', factors: [1] },
  requests: { family: 'count', factors: [1] },
  req: { family: 'count', factors: [1] },
  reqs: { family: 'count', factors: [1] },
  qps: { family: 'count', factors: [1] },
  rps: { family: 'count', factors: [1] },
  tps: { family: 'count', factors: [1] },
  error: { family: 'count', factors: [1] },
  errors: { family: 'count', factors: [1] },
  pod: { family: 'count', factors: [1] },
  pods: { family: 'count', factors: [1] },
  replica: { family: 'count', factors: [1] },
  replicas: { family: 'count', factors: [1] },
  thread: { family: 'count', factors: [1] },
  threads: { family: 'count', factors: [1] },
  次: { family: 'count', factors: [1] },
  个: { family: 'count', factors: [1] },
  条: { family: 'count', factors: [1] },
  台: { family: 'count', factors: [1] },
  // A rate written with no counted noun ("4,800/s") is a count per unit of time.
  '/s': { family: 'count', factors: [1] },
  '/sec': { family: 'count', factors: [1] },
  '/秒': { family: 'count', factors: [1] },
  '/min': { family: 'count', factors: [1] },
  '/分钟': { family: 'count', factors: [1] },
  '/h': { family: 'count', factors: [1] },
  '/小时': { family: 'count', factors: [1] },

  倍: { family: 'multiple', factors: [1] },
};

/** A standalone 万/亿 ("3 万") counts things. */
const MULTIPLIER_ONLY: UnitDefinition = { family: 'count', factors: [1] };
const MULTIPLIERS: Record<string, number> = { 万: 1e4, 亿: 1e8 };

function alternation(spellings: readonly string[]): string {
  return [...spellings]
    .sort((a, b) => b.length - a.length)
    .map((spelling) => spelling.replace(/[.*+?^${}()|[\]\\/]/gu, '\\$&'))
    .join('|');
}

const LATIN_UNITS = Object.keys(UNITS).filter((unit) => /^\/?[a-z]+$/u.test(unit));
const OTHER_UNITS = Object.keys(UNITS).filter((unit) => !/^\/?[a-z]+$/u.test(unit));

/** What follows a number: an optional 万/亿, then a unit; a Latin unit must end the word ("5 services" has none). */
const UNIT_AFTER = new RegExp(
  `\\s?(?:([万亿])\\s?)?(?:(${alternation(LATIN_UNITS)})(?![a-z0-9_])|(${alternation(OTHER_UNITS)}))?`,
  'uy',
);
/** A rate's time unit after the counted noun ("次/秒", "req/s"): part of the figure, not another one. */
const RATE_AFTER = /\s?\/\s?(?:s|sec|秒|min|分钟|h|小时)(?![a-z0-9_])/uy;
const NUMBER = /\d+(?:,\d{3})*(?:\.\d+)?/gu;
const DATE_TIME_AT = /\d{4}-\d{1,2}-\d{1,2}(?:[t ]\d{1,2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:z|[+-]\d{2}:?\d{2})?)?/uy;
const TIME_AT = /\d{1,2}:\d{2}(?::\d{2})?(?:\.\d+)?/uy;

const LATIN_OR_DIGIT = /[a-z0-9]/u;
const IDENTIFIER_CHARACTER = /[a-z0-9_]/u;
const IDENTIFIER_START = /[a-z_]/u;

/**
 * Every number of a text with what follows it, dates and times of day left out (a date or time is
 * never a figure, and its parts must not ground one). Numbers glued to a Latin letter, `_`, `#`,
 * `$`, `@` before them (p99, v2, ev-2 is handled by the strict reading) are left out too.
 */
export function scanNumbers(text: string): NumberToken[] {
  const tokens: NumberToken[] = [];
  NUMBER.lastIndex = 0;
  for (let match = NUMBER.exec(text); match !== null; match = NUMBER.exec(text)) {
    const start = match.index;
    const skipTo = dateOrTimeEnd(text, start);
    if (skipTo > 0) {
      NUMBER.lastIndex = skipTo;
      continue;
    }
    const before = text.charAt(start - 1);
    if (IDENTIFIER_CHARACTER.test(before) || before === '#' || before === '$' || before === '@') continue;
    if (before === '.' && LATIN_OR_DIGIT.test(text.charAt(start - 2))) continue;
    const raw = match[0];
    const plain = raw.includes(',') ? raw.replaceAll(',', '') : raw;
    const point = plain.indexOf('.');
    let end = start + raw.length;
    UNIT_AFTER.lastIndex = end;
    const unitMatch = UNIT_AFTER.exec(text);
    const multiplierText = unitMatch?.[1];
    const unitText = unitMatch?.[2] ?? unitMatch?.[3];
    let unit: string | null = null;
    let definition: UnitDefinition | null = null;
    if (unitText !== undefined) {
      unit = unitText;
      definition = UNITS[unitText] ?? null;
    } else if (multiplierText !== undefined) {
      unit = multiplierText;
      definition = MULTIPLIER_ONLY;
    }
    // A number glued to letters that are no unit is part of a name: 5xx, 3f9c, 8g.
    if (unit === null && IDENTIFIER_START.test(text.charAt(end))) continue;
    if (unitMatch !== null && (unitText !== undefined || multiplierText !== undefined)) {
      end = UNIT_AFTER.lastIndex;
      RATE_AFTER.lastIndex = end;
      if (definition?.family === 'count' && !unit?.startsWith('/') && RATE_AFTER.test(text)) end = RATE_AFTER.lastIndex;
    }
    tokens.push({
      start,
      numberEnd: start + raw.length,
      end,
      written: Number(plain),
      decimals: point < 0 ? 0 : plain.length - point - 1,
      multiplier: multiplierText === undefined ? 1 : (MULTIPLIERS[multiplierText] ?? 1),
      unit,
      family: definition?.family ?? null,
      factors: definition?.factors ?? [1],
    });
    if (end > NUMBER.lastIndex) NUMBER.lastIndex = end;
  }
  return tokens;
}

/** The end of a date (2024-06-11, with a time) or time of day (14:05:10) starting at `start`; 0 when there is none. */
function dateOrTimeEnd(text: string, start: number): number {
  DATE_TIME_AT.lastIndex = start;
  if (DATE_TIME_AT.test(text)) return DATE_TIME_AT.lastIndex;
  TIME_AT.lastIndex = start;
  if (TIME_AT.test(text)) return TIME_AT.lastIndex;
  return 0;
}

/** Between two numbers of a range ("176–183 秒", "10 to 20 ms"): the first takes the second's unit. */
const RANGE_BETWEEN = /^\s?(?:-|–|—|~|～|to|至|到)\s?$/u;
/** Ordinals and list counts are no measurements: "第 3 次", "3 条建议". */
const ORDINAL_BEFORE = '第';
const SELF_REFERENCE_AFTER = /^\s?(?:建议|步骤|措施|方案|原因|方面|问题|结论|可能|要点|选项)/u;
/** Markers that make a figure approximate, before it ("约 30 秒", "about 95%") or after it ("30 秒左右"). */
const APPROXIMATE_BEFORE =
  /(?:约为?|大约|大概|将近|接近|差不多|~|～|≈|(?:^|[^a-z])(?:about|around|approximately|approx\.?|roughly|nearly|almost|circa|ca\.))\s?$/u;
const APPROXIMATE_AFTER = /^\s?(?:左右|上下|or so)/u;
const APPROXIMATE_WINDOW = 16;

/**
 * The figures of a final answer that must be grounded: numbers with a unit or %, not approximate,
 * not part of a date, a time of day, a version (v1.2.3, 1.2.3), an id (ev-2, RB-PAY-014, a hash) or
 * a ratio (50/50), not an ordinal.
 */
export function answerFigures(normalizedAnswer: string): Figure[] {
  const tokens = scanNumbers(normalizedAnswer);
  const figures: Figure[] = [];
  for (let index = 0; index < tokens.length; index += 1) {
    const token = tokens[index] as NumberToken;
    const next = tokens[index + 1];
    let measured = token;
    let rangeStart = token.start;
    let rangeEnd = false;
    if (token.family === null) {
      // The first number of a range takes the unit of the second.
      if (next === undefined || next.family === null || !RANGE_BETWEEN.test(normalizedAnswer.slice(token.end, next.start))) continue;
      if (!standsAlone(normalizedAnswer, token)) continue;
      measured = { ...token, end: next.end, unit: next.unit, family: next.family, factors: next.factors, multiplier: next.multiplier };
    } else if (index > 0) {
      const previous = tokens[index - 1] as NumberToken;
      if (previous.family === null && RANGE_BETWEEN.test(normalizedAnswer.slice(previous.end, token.start))) {
        rangeStart = previous.start;
        rangeEnd = true;
      }
    }
    // The second number of a range follows a dash after a digit, which elsewhere marks an id or a date.
    if (!(rangeEnd ? standsAloneAfter(normalizedAnswer, token) : standsAlone(normalizedAnswer, token))) continue;
    if (isDecade(token)) continue;
    if (isApproximate(normalizedAnswer, rangeStart, measured.end)) continue;
    if (normalizedAnswer.charAt(rangeStart - 1) === ORDINAL_BEFORE || normalizedAnswer.charAt(rangeStart - 2) === ORDINAL_BEFORE) continue;
    if (measured.family === 'count' && SELF_REFERENCE_AFTER.test(normalizedAnswer.slice(measured.end, measured.end + 4))) continue;
    figures.push({ ...measured, text: normalizedAnswer.slice(token.start, measured.end) });
  }
  return figures;
}

/**
 * False for a number that is part of a larger token: an id or path (`ev-2`, `/v2`), a ratio
 * (`0/2`, `50/50`), a version (`1.2.3`), or one followed by more of the same (`1.2.3`, `10:42`).
 */
function standsAlone(text: string, token: NumberToken): boolean {
  const before = text.charAt(token.start - 1);
  const beforeThat = text.charAt(token.start - 2);
  if ((before === '-' || before === '–' || before === '/' || before === ':' || before === '.') && LATIN_OR_DIGIT.test(beforeThat)) return false;
  return standsAloneAfter(text, token);
}

function standsAloneAfter(text: string, token: NumberToken): boolean {
  const after = text.charAt(token.numberEnd);
  if ((after === '/' || after === ':' || after === '.') && /\d/u.test(text.charAt(token.numberEnd + 1))) return false;
  return true;
}

/** "the 1990s" is a decade, not 1990 seconds. */
function isDecade(token: NumberToken): boolean {
  return token.unit === 's' && token.end === token.numberEnd + 1 && token.decimals === 0 && token.written >= 1800 && token.written <= 2100;
}

function isApproximate(text: string, start: number, end: number): boolean {
  return (
    APPROXIMATE_BEFORE.test(text.slice(Math.max(0, start - APPROXIMATE_WINDOW), start)) ||
    APPROXIMATE_AFTER.test(text.slice(end, end + APPROXIMATE_WINDOW))
  );
}

/** Keys whose name carries the unit of their value (`latency_ms`, `cpu_percent`, `used_bytes`), read as that unit. */
const KEY_UNIT = /(?:^|[_\-.])(ms|millis|milliseconds|s|sec|secs|seconds|mins|minutes|hours|percent|pct|bytes|kb|mb|gb)$|(millis|milliseconds|seconds|minutes|hours|percent|bytes)$/u;
const KEY_UNIT_SPELLING: Record<string, string> = { millis: 'ms', milliseconds: 'ms' };
const MAX_KEY_GAP = 4;

/**
 * Every number of an evidence text. A number without a unit directly after it takes the unit its
 * key names, when it is the value of one (`"cpu_percent": 97.4`, `acquire_seconds=30`).
 */
export function evidenceNumbers(normalizedEvidence: string): NumberToken[] {
  const tokens = scanNumbers(normalizedEvidence);
  for (let index = 0; index < tokens.length; index += 1) {
    const token = tokens[index] as NumberToken;
    if (token.family !== null) continue;
    const unit = keyUnitBefore(normalizedEvidence, token.start);
    const definition = unit === null ? undefined : UNITS[KEY_UNIT_SPELLING[unit] ?? unit];
    if (definition !== undefined) tokens[index] = { ...token, unit, family: definition.family, factors: definition.factors };
  }
  return tokens;
}

function keyUnitBefore(text: string, start: number): string | null {
  let at = start;
  const gapEnd = Math.max(0, start - MAX_KEY_GAP);
  while (at > gapEnd && /["':=( ]/u.test(text.charAt(at - 1))) at -= 1;
  if (at === start) return null;
  let keyStart = at;
  while (keyStart > 0 && /[a-z0-9_.-]/u.test(text.charAt(keyStart - 1)) && at - keyStart < 64) keyStart -= 1;
  if (keyStart === at) return null;
  const match = KEY_UNIT.exec(text.slice(keyStart, at));
  return match === null ? null : (match[1] ?? match[2] ?? null);
}

/** Base-unit values of a token (its written number × multiplier × each factor). */
function baseValues(token: NumberToken): number[] {
  return token.factors.map((factor) => token.written * token.multiplier * factor);
}

/**
 * Whether an evidence number states the figure, at the figure's precision: converted to the
 * figure's unit, it rounds to the figure as written (97.4% ← 97.4%, 0.974 ← as a fraction,
 * 2.1 s ← 2,100 ms, 1.2 GB ← 1,229 MB, 97% ← 97.4%). A bare evidence number grounds a figure of any
 * unit when it equals the figure's number ("cpu=97.4" grounds "CPU 97.4%").
 */
export function groundsFigure(figure: Figure, evidence: NumberToken): boolean {
  const tolerance = 0.5 * 10 ** -figure.decimals + 1e-9 * Math.abs(figure.written);
  const close = (value: number): boolean => Math.abs(value - figure.written) <= tolerance;
  if (evidence.family === null) {
    const value = evidence.written * evidence.multiplier;
    return close(value / figure.multiplier) || (figure.family === 'percent' && close(value * 100));
  }
  if (evidence.family !== figure.family) return false;
  for (const evidenceBase of baseValues(evidence)) {
    for (const factor of figure.factors) {
      if (close(evidenceBase / (factor * figure.multiplier))) return true;
    }
  }
  return false;
}

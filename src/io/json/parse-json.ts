import { createRequire } from 'node:module';
import type * as LosslessJson from 'lossless-json';
import { isStackOverflow } from '../errors.js';
import { textPositions } from './text-position.js';

/**
 * The lossless JSON parser, required when used (synchronously, as its callers are), not imported:
 * it is needed only for a text JSON.parse refuses or one with a long integer, and loading it is a
 * visible part of a small run's start-up.
 */
function lossless(): typeof LosslessJson {
  return createRequire(import.meta.url)('lossless-json') as typeof LosslessJson;
}

/**
 * The one JSON parser of the harness's inputs. A failure names where the text breaks, by line
 * and column, in two forms: `message` (`Comma ',' expected … at line 2, column 5`) and
 * `problem`, the same after `not valid JSON: `.
 */
export type ParsedJson =
  | { ok: true; value: unknown }
  | {
      ok: false;
      problem: string;
      message: string;
      line: number | null;
      column: number | null;
      /** The parser ran out of stack: the text may be valid JSON nested very deeply. */
      tooDeep?: boolean;
    };

/** Strict JSON (fixtures, reports, case files, response bodies): numbers as JSON.parse reads them. */
export function parseJson(text: string): ParsedJson {
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch (error) {
    // The lossless parser is used only to say where the text breaks: V8's messages often do not.
    return syntaxFailure(text, error, true);
  }
}

/**
 * JSON text to values without losing a digit of a 64-bit integer (trace exports): `JSON.parse`
 * rounds 1777555053780274700 to 1777555053780274800, and exporters write nanosecond timestamps
 * and int64 attributes as bare numbers often enough that this matters. Integers beyond 2^53
 * become bigint; of duplicate keys the last wins, as with JSON.parse.
 */
export function parseLosslessJson(text: string): ParsedJson {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    // The built-in parser's messages do not always say where; the lossless one's always do.
    return parseLosslesslyOrFail(text);
  }
  // Otherwise (a long integer, or nesting too deep to walk) the text decides.
  if (numbersAreExact(value, 0) || !POSSIBLY_UNSAFE_INTEGER.test(text)) return { ok: true, value };
  const exact = parseLosslesslyOrFail(text);
  // Valid JSON nested deeper than the lossless parser's stack reaches is still valid JSON: its
  // values as JSON.parse read them, for the reader to refuse by its depth, naming the place.
  return exact.ok || !exact.tooDeep ? exact : { ok: true, value };
}

function parseLosslesslyOrFail(text: string): ParsedJson {
  try {
    return {
      ok: true,
      value: lossless().parse(text, null, {
        parseNumber: parseNumberLosslessly,
        onDuplicateKey: ({ newValue }) => newValue,
      }),
    };
  } catch (error) {
    if (isStackOverflow(error)) return { ...syntaxFailure(text, error, false), tooDeep: true };
    return syntaxFailure(text, error, false);
  }
}

/**
 * Whether every number JSON.parse read is one the lossless parse gives alike, so that its value
 * can be taken as it is: a safe integer or a finite fraction (a double of 2^53 or more is an
 * integer, which the lossless parse may keep as a bigint). The walk goes over the parsed values,
 * a few per span, instead of a scan of the text, most of which is long strings (an agent's
 * messages): on an agent export the scan cost half as much again as the parse. Nesting deeper
 * than MAX_WALK_DEPTH counts as not exact: there the lossless parse may run out of stack, and
 * what happens then is left as it was.
 */
function numbersAreExact(value: unknown, depth: number): boolean {
  if (typeof value === 'number') return Math.abs(value) < TWO_TO_THE_53;
  if (typeof value !== 'object' || value === null) return true;
  if (depth >= MAX_WALK_DEPTH) return false;
  if (Array.isArray(value)) {
    for (const item of value) if (!numbersAreExact(item, depth + 1)) return false;
    return true;
  }
  for (const key in value) if (!numbersAreExact((value as Record<string, unknown>)[key], depth + 1)) return false;
  return true;
}

const TWO_TO_THE_53 = 2 ** 53;
/** Texts up to this many characters are parsed again by the lossless parser to word a syntax error. */
const REPARSE_LIMIT = 1024 * 1024;
const MAX_WALK_DEPTH = 64;

/**
 * A JSON object or array embedded in a string attribute ("any"-typed values such as
 * `gen_ai.input.messages` or tool arguments), or undefined when the string is not one. A string
 * holding a long integer stays a string rather than be parsed with a rounded number.
 */
export function parseEmbeddedJson(text: string): unknown {
  const trimmed = text.trimStart();
  if (!trimmed.startsWith('{') && !trimmed.startsWith('[')) return undefined;
  return POSSIBLY_UNSAFE_INTEGER.test(text) ? undefined : parseJsonOrUndefined(text);
}

/** The value of a JSON text, or undefined (which no JSON text is) when it is not one; the error's words are not needed. */
export function parseJsonOrUndefined(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * An integer literal of 16 digits or more, where a JSON value may start. Text without one parses
 * safely with the built-in parser, which is an order of magnitude faster than a lossless one;
 * digits inside strings can only cause a needless slow parse, never a wrong one.
 */
const POSSIBLY_UNSAFE_INTEGER = /(?:^|[[:,])\s*-?\d{16}/u;

function parseNumberLosslessly(text: string): number | bigint {
  const { isInteger, isSafeNumber } = lossless();
  return isInteger(text) && !isSafeNumber(text) ? BigInt(text) : Number(text);
}

/** With `reparse`, the lossless parser is run for a message that says where (its messages always do). */
function syntaxFailure(text: string, original: unknown, reparse: boolean): Extract<ParsedJson, { ok: false }> {
  let raw = original instanceof Error ? original.message : String(original);
  // The lossless parser builds its whole value before it fails, several times the text in memory
  // (2 GB for a 60 MiB fixture): a large text's position is V8's, read from its message.
  if (reparse && text.length <= REPARSE_LIMIT) {
    try {
      lossless().parse(text);
    } catch (error) {
      if (error instanceof Error) raw = error.message;
    }
  }
  const position = /at position (\d+)/u.exec(raw);
  const where = position?.[1] === undefined ? null : textPositions(text)(Number(position[1]));
  const detail = raw.replace(/\s*(in JSON )?at position \d+.*$/su, '');
  const message = `${detail}${where === null ? '' : ` at line ${where.line}, column ${where.column}`}`;
  return {
    ok: false,
    problem: `not valid JSON: ${message}`,
    message,
    line: where?.line ?? null,
    column: where?.column ?? null,
  };
}

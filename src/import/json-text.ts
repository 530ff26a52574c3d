import { isInteger, isSafeNumber, parse as parseLossless } from 'lossless-json';

/**
 * JSON text to values without losing a digit of a 64-bit integer. `JSON.parse` rounds
 * 1777555053780274700 to 1777555053780274800; exporters write nanosecond timestamps and
 * int64 attributes as bare numbers often enough that this matters.
 */
export type JsonParseResult = { ok: true; value: unknown } | { ok: false; message: string };

/**
 * An integer literal of 16 digits or more, where a JSON value may start. Text without one parses
 * safely with the built-in parser, which is an order of magnitude faster than a lossless one;
 * digits inside strings can only cause a needless slow parse, never a wrong one.
 */
const POSSIBLY_UNSAFE_INTEGER = /(?:^|[[:,])\s*-?\d{16}/u;

export function parseJson(text: string): JsonParseResult {
  if (!POSSIBLY_UNSAFE_INTEGER.test(text)) {
    try {
      return { ok: true, value: JSON.parse(text) };
    } catch {
      // The built-in parser's messages do not always say where; the lossless one's always do.
    }
  }
  try {
    return {
      ok: true,
      value: parseLossless(text, null, {
        parseNumber: parseNumberLosslessly,
        // The built-in parser keeps the last of duplicate keys; so does this one, instead of throwing.
        onDuplicateKey: ({ newValue }) => newValue,
      }),
    };
  } catch (error) {
    return { ok: false, message: describeSyntaxError(error, text) };
  }
}

/** Integers beyond 2^53 become bigint; every other number a JS number. */
function parseNumberLosslessly(text: string): number | bigint {
  return isInteger(text) && !isSafeNumber(text) ? BigInt(text) : Number(text);
}

/**
 * A JSON object or array embedded in a string attribute ("any"-typed values such as
 * `gen_ai.input.messages` or tool arguments), or undefined when the string is not one. A string
 * holding a long integer stays a string rather than be parsed with a rounded number.
 */
export function parseEmbeddedJson(text: string): unknown {
  const trimmed = text.trimStart();
  if (!trimmed.startsWith('{') && !trimmed.startsWith('[')) return undefined;
  if (POSSIBLY_UNSAFE_INTEGER.test(text)) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function describeSyntaxError(error: unknown, text: string): string {
  const message = error instanceof Error ? error.message : String(error);
  const position = / at position (\d+)$/u.exec(message);
  if (position?.[1] === undefined) return message;
  const offset = Number(position[1]);
  let line = 1;
  let lineStart = 0;
  for (let index = text.indexOf('\n'); index !== -1 && index < offset; index = text.indexOf('\n', index + 1)) {
    line += 1;
    lineStart = index + 1;
  }
  const column = offset - lineStart + 1;
  return `${message.slice(0, position.index)} at line ${line}, column ${column}`;
}

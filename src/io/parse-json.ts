import { parse as parseLosslessly } from 'lossless-json';

/** JSON.parse with the error turned into a line and column people can find in an editor. */
export type ParsedJson = { ok: true; value: unknown } | { ok: false; problem: string; line: number | null; column: number | null };

export function parseJson(text: string): ParsedJson {
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch (error) {
    return describeSyntaxError(text, error);
  }
}

/**
 * V8's messages often lack a position ("Unexpected token '}', ... is not valid JSON"), so the
 * failing text is parsed again with lossless-json, whose messages always give one. This costs
 * nothing on the happy path.
 */
function describeSyntaxError(text: string, original: unknown): ParsedJson {
  let message = original instanceof Error ? original.message : String(original);
  try {
    parseLosslessly(text);
  } catch (error) {
    if (error instanceof Error) message = error.message;
  }
  const position = /at position (\d+)/u.exec(message);
  const where = position?.[1] === undefined ? null : lineAndColumn(text, Number(position[1]));
  const detail = message.replace(/\s*(in JSON )?at position \d+.*$/su, '');
  return {
    ok: false,
    problem: `not valid JSON: ${detail}${where === null ? '' : ` at line ${where.line}, column ${where.column}`}`,
    line: where?.line ?? null,
    column: where?.column ?? null,
  };
}

function lineAndColumn(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let lineStart = 0;
  for (let index = text.indexOf('\n'); index !== -1 && index < offset; index = text.indexOf('\n', index + 1)) {
    line += 1;
    lineStart = index + 1;
  }
  return { line, column: offset - lineStart + 1 };
}

import { parseEmbeddedJson } from '../../io/json/parse-json.js';

/**
 * The text a JSON string literal encodes (`"\"disk full\""` → `disk full`), else the text as it is.
 * Spring AI 1.x serialises a tool's String result with Jackson, so plain text arrives quoted and
 * JSON text returned as a String arrives encoded twice; some agents write their final answer the
 * same way. A literal that does not parse (a quote in the middle, cut off) is left alone.
 */
export function decodeJsonStringLiteral(text: string): string {
  const trimmed = text.trim();
  if (trimmed.length < 2 || !trimmed.startsWith('"') || !trimmed.endsWith('"')) return text;
  try {
    const decoded: unknown = JSON.parse(trimmed);
    return typeof decoded === 'string' ? decoded : text;
  } catch {
    return text;
  }
}

/** An "any"-typed value given as text: a string literal decoded first, then the JSON it holds parsed; else the text. */
export function textOrJson(text: string): unknown {
  return jsonOrValue(decodeJsonStringLiteral(text));
}

/** A value that may be a JSON string of an object or array, as that structure; any other value as it is. */
export function jsonOrValue(value: unknown): unknown {
  return typeof value === 'string' ? (parseEmbeddedJson(value) ?? value) : value;
}

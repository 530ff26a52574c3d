import { isRecord } from '../io/validation/is-record.js';

/**
 * The two variants every reader of a trace (or of a service's answer) tolerates
 * (docs/contract.md §3): an `{code, message, data}` envelope around the document, and
 * snake_case twins of camelCase keys (`session_id` for `sessionId`). Both are resolved here
 * and nowhere else.
 */

/** The envelope is recognised only when `data` is an object and the top level has no trace fields of its own. */
export function unwrapEnvelope(document: unknown): { root: unknown; path: string } {
  if (isRecord(document) && isRecord(document['data']) && !TRACE_FIELDS.some((key) => key in document)) {
    return { root: document['data'], path: 'data' };
  }
  return { root: document, path: '' };
}

const TRACE_FIELDS = ['finalAnswer', 'final_answer', 'toolInvocations', 'tool_invocations'] as const;

/**
 * An envelope that holds no trace: `data` is there but not an object (`null` on a service error),
 * beside the envelope's `code` or `message`, and the top level has no trace fields of its own.
 */
export function isEnvelopeWithoutTrace(document: Record<string, unknown>): boolean {
  return (
    'data' in document &&
    !isRecord(document['data']) &&
    ('code' in document || 'message' in document) &&
    !TRACE_FIELDS.some((key) => key in document)
  );
}

/**
 * The key a field is read from: the camelCase key, or its snake_case twin when the camelCase
 * one is absent (when both are absent, the camelCase key, which names the field in messages).
 */
export function twinKey(object: Record<string, unknown>, camelKey: string): string {
  if (camelKey in object) return camelKey;
  const snakeKey = snakeKeyOf(camelKey);
  return snakeKey in object ? snakeKey : camelKey;
}

/** `traceSummaries` → `trace_summaries` */
export function snakeKeyOf(camelKey: string): string {
  return camelKey.replace(/[A-Z]/gu, (letter) => `_${letter.toLowerCase()}`);
}

/**
 * A session id as an identifier (a replayed fixture's, the one `POST /api/chat` answers with):
 * `sessionId`, else `session_id`, as textFieldAt reads it.
 */
export function sessionIdOf(object: unknown): string | null {
  return textFieldAt(object, SESSION_ID_KEYS);
}

/** The first of `keys` whose value is non-blank text or a finite number (given as its digits); null when none is. */
export function textFieldAt(object: unknown, keys: readonly string[]): string | null {
  if (!isRecord(object)) return null;
  for (const key of keys) {
    const value = object[key];
    if (typeof value === 'string' && value.trim() !== '') return value;
    if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  }
  return null;
}

const SESSION_ID_KEYS = ['sessionId', 'session_id'] as const;

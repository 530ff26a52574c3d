import { parseJson } from '../../io/parse-json.js';
import { describeOutcome, type HttpOutcome, type HttpRequest } from './http-client.js';

export type JsonResult = { ok: true; value: unknown } | { ok: false; reason: string };

/**
 * A 2xx response's body as JSON, or the reason it cannot be had. A body that is not JSON (an HTML
 * page from a proxy, a truncated answer) means no trace was had, so it is a reason naming the
 * request, not a `trace-loadable` failure; the body itself is never quoted, as it may echo a token.
 */
export function jsonFromOutcome(request: HttpRequest, outcome: HttpOutcome): JsonResult {
  if (outcome.kind === 'failure' || outcome.status < 200 || outcome.status >= 300) {
    return { ok: false, reason: describeOutcome(request, outcome) };
  }
  const parsed = outcome.body.trim() === '' ? null : parseJson(outcome.body);
  if (parsed?.ok === true) return { ok: true, value: parsed.value };
  const size = `${Buffer.byteLength(outcome.body, 'utf8')} bytes`;
  const contentType = outcome.contentType?.split(';')[0]?.trim();
  const what = parsed === null ? 'the body is empty' : `the body is not JSON (${contentType ? `${contentType}, ` : ''}${size})`;
  return { ok: false, reason: describeOutcome(request, outcome, what) };
}

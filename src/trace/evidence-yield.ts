import { describeValue } from '../io/validation/describe-value.js';
import { normalizeText } from '../text/normalize.js';
import type { ToolInvocation } from './types.js';

/**
 * Whether a tool call yielded evidence (docs/contract.md §4, evidence-substance and
 * numeric-grounding): a call that failed, returned nothing, or returned a failure payload was
 * made, but proves nothing. One predicate, so that the two checks can never disagree on it.
 */
export type EvidenceYield = { yielded: true } | { yielded: false; reason: string };

const YIELDED: EvidenceYield = { yielded: true };
const FAILURE_PAYLOAD = 'failure payload';
const STATUSES_WITHOUT_EVIDENCE = new Set(['failed', 'no_evidence']);
/** A summary longer than this is no failure payload: real payloads are short, and parsing is bounded. */
const MAX_PAYLOAD_TEXT = 20_000;

export function invocationYield(invocation: ToolInvocation, emptyResultMarkers: readonly string[]): EvidenceYield {
  if (invocation.evidenceStatus !== null && STATUSES_WITHOUT_EVIDENCE.has(invocation.evidenceStatus)) {
    return { yielded: false, reason: `evidence status "${invocation.evidenceStatus}"` };
  }
  if (hasErrorMessage(invocation)) {
    return { yielded: false, reason: `error message ${describeValue(invocation.errorMessage)}` };
  }
  return 'resultSummary' in invocation ? resultYield(invocation.resultSummary, emptyResultMarkers) : YIELDED;
}

/**
 * Whether a call failed: evidence status `failed`, an error message, or a failure payload as its
 * result. A call that ran but found nothing (`no_evidence`, an empty result) did not fail: what it
 * reports, such as the sampling rate it searched at, is still real output.
 */
export function invocationFailed(invocation: ToolInvocation, emptyResultMarkers: readonly string[]): boolean {
  if (invocation.evidenceStatus === 'failed' || hasErrorMessage(invocation)) return true;
  if (!('resultSummary' in invocation)) return false;
  const result = resultYield(invocation.resultSummary, emptyResultMarkers);
  return !result.yielded && result.reason.startsWith(FAILURE_PAYLOAD);
}

/** An error message that says something; an empty one is how some services write "no error". */
export function hasErrorMessage(invocation: ToolInvocation): boolean {
  const { errorMessage } = invocation;
  return errorMessage !== undefined && !(typeof errorMessage === 'string' && errorMessage.trim() === '');
}

/**
 * A verifier `trace_summaries` entry, for a tool that has no invocation of its own: the same
 * rules, read from `evidence_status` and `summary`.
 */
export function summaryYield(entry: Record<string, unknown>, emptyResultMarkers: readonly string[]): EvidenceYield {
  const status = entry['evidence_status'];
  if (typeof status === 'string' && STATUSES_WITHOUT_EVIDENCE.has(status.toLowerCase())) {
    return { yielded: false, reason: `evidence status ${describeValue(status)} in trace_summaries` };
  }
  const summary = entry['summary'];
  return summary === undefined || summary === null ? YIELDED : resultYield(summary, emptyResultMarkers);
}

/** A recorded result: empty, an empty-result marker, or a failure payload yields nothing. */
export function resultYield(result: unknown, emptyResultMarkers: readonly string[]): EvidenceYield {
  if (typeof result === 'string') {
    const text = result.trim();
    if (text === '' || isEmptyResultMarker(text, emptyResultMarkers)) {
      return { yielded: false, reason: `empty result summary ${describeValue(result)}` };
    }
    const first = text[0];
    if ((first === '{' || first === '[') && text.length <= MAX_PAYLOAD_TEXT) {
      const parsed = parseQuietly(result);
      if (parsed !== undefined) return structuredYield(parsed, result);
    }
    return YIELDED;
  }
  return structuredYield(result, result);
}

function structuredYield(value: unknown, asWritten: unknown): EvidenceYield {
  if (Array.isArray(value)) {
    return value.length === 0 ? { yielded: false, reason: `empty result summary ${shownResult(asWritten)}` } : YIELDED;
  }
  if (typeof value === 'object' && value !== null) {
    const fields = value as Record<string, unknown>;
    if (Object.keys(fields).length === 0)
      return { yielded: false, reason: `empty result summary ${shownResult(asWritten)}` };
    if (isFailurePayload(fields)) return { yielded: false, reason: `${FAILURE_PAYLOAD} ${shownResult(asWritten)}` };
  }
  return YIELDED;
}

/** A result as the message quotes it: text in quotes, a structured value as its (short) JSON: `{}`, `{"isError":true}`. */
function shownResult(asWritten: unknown): string {
  if (typeof asWritten === 'string') return describeValue(asWritten);
  const json = JSON.stringify(asWritten) ?? String(asWritten);
  return json.length > 60 ? `${json.slice(0, 57)}...` : json;
}

/**
 * `status: "error"`, `isError: true` (or `is_error`), or an `error` key that holds something: a
 * success payload often carries `"error": null`, which is no failure.
 */
function isFailurePayload(fields: Record<string, unknown>): boolean {
  const status = fields['status'];
  if (typeof status === 'string' && status.toLowerCase() === 'error') return true;
  if (fields['isError'] === true || fields['is_error'] === true) return true;
  const error = fields['error'];
  return (
    error !== undefined &&
    error !== null &&
    error !== false &&
    error !== '' &&
    !(typeof error === 'object' && Object.keys(error).length === 0)
  );
}

/**
 * Markers compare with the whole summary (normalised, trailing full stop ignored), never as a
 * substring: "no data for 14:00, then 500 errors" is evidence. A summary much longer than the
 * longest marker cannot be one, so most summaries are never normalised at all.
 */
function isEmptyResultMarker(trimmedSummary: string, markers: readonly string[]): boolean {
  const { set, longest } = markerSetOf(markers);
  if (trimmedSummary.length > longest * 2 + 8) return false;
  const normalized = normalizeText(trimmedSummary).trim();
  return set.has(normalized) || set.has(normalized.replace(/[.。!！]+$/u, '').trim());
}

const markerSets = new WeakMap<readonly string[], { set: Set<string>; longest: number }>();

function markerSetOf(markers: readonly string[]): { set: Set<string>; longest: number } {
  let entry = markerSets.get(markers);
  if (entry === undefined) {
    const normalized = markers.map((marker) => normalizeText(marker).trim());
    entry = { set: new Set(normalized), longest: Math.max(0, ...normalized.map((marker) => marker.length)) };
    markerSets.set(markers, entry);
  }
  return entry;
}

function parseQuietly(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

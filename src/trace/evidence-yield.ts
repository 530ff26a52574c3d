import { parseJsonOrUndefined } from '../io/json/parse-json.js';
import { describeValue } from '../io/validation/describe-value.js';
import { isRecord } from '../io/validation/is-record.js';
import { normalizeText } from '../text/normalize.js';
import { jsonTextOf } from './json-text.js';
import type { ToolInvocation } from './types.js';

/**
 * Whether a tool call yielded evidence (docs/contract.md §4, evidence-substance and
 * numeric-grounding): a call that failed, returned nothing, or returned a failure payload was
 * made, but proves nothing. One predicate, so that the two checks can never disagree on it.
 * Why not is a message of evidence-substance (its `messages`, by these ids) and what was found.
 */
export type EvidenceYield = { yielded: true } | { yielded: false; messageId: NoYield; data: { found: string } };

type NoYield = 'statusWithoutEvidence' | 'errorMessage' | 'summaryStatus' | 'emptyResult' | 'failurePayload';

const YIELDED: EvidenceYield = { yielded: true };

function noYield(messageId: NoYield, found: string): EvidenceYield {
  return { yielded: false, messageId, data: { found } };
}

/** The contract's empty-result markers, normalised once per run (EvaluationSession), with the longest one's length. */
export interface EmptyResultMarkers {
  readonly set: ReadonlySet<string>;
  readonly longest: number;
}

export function compileEmptyResultMarkers(markers: readonly string[]): EmptyResultMarkers {
  const normalized = markers.map((marker) => normalizeText(marker).trim());
  return { set: new Set(normalized), longest: Math.max(0, ...normalized.map((marker) => marker.length)) };
}

const STATUSES_WITHOUT_EVIDENCE = new Set(['failed', 'no_evidence']);
/** A summary longer than this is no failure payload: real payloads are short, and parsing is bounded. */
const MAX_PAYLOAD_TEXT = 20_000;

export function invocationYield(invocation: ToolInvocation, emptyResultMarkers: EmptyResultMarkers): EvidenceYield {
  if (invocation.evidenceStatus !== null && STATUSES_WITHOUT_EVIDENCE.has(invocation.evidenceStatus)) {
    return noYield('statusWithoutEvidence', invocation.evidenceStatus);
  }
  if (hasErrorMessage(invocation)) return noYield('errorMessage', describeValue(invocation.errorMessage));
  return 'resultSummary' in invocation ? resultYield(invocation.resultSummary, emptyResultMarkers) : YIELDED;
}

/**
 * Whether a call failed: evidence status `failed`, an error message, or a failure payload as its
 * result. A call that ran but found nothing (`no_evidence`, an empty result) did not fail: what it
 * reports, such as the sampling rate it searched at, is still real output.
 */
export function invocationFailed(invocation: ToolInvocation, emptyResultMarkers: EmptyResultMarkers): boolean {
  if (invocation.evidenceStatus === 'failed' || hasErrorMessage(invocation)) return true;
  if (!('resultSummary' in invocation)) return false;
  const result = resultYield(invocation.resultSummary, emptyResultMarkers);
  return !result.yielded && result.messageId === 'failurePayload';
}

/** An error message that says something; an empty one is how some services write "no error". */
function hasErrorMessage(invocation: ToolInvocation): boolean {
  const { errorMessage } = invocation;
  return errorMessage !== undefined && !(typeof errorMessage === 'string' && errorMessage.trim() === '');
}

/**
 * A verifier `trace_summaries` entry, for a tool that has no invocation of its own: the same
 * rules, read from `evidence_status` and `summary`.
 */
export function summaryYield(entry: Record<string, unknown>, emptyResultMarkers: EmptyResultMarkers): EvidenceYield {
  const status = entry['evidence_status'];
  if (typeof status === 'string' && STATUSES_WITHOUT_EVIDENCE.has(status.toLowerCase())) {
    return noYield('summaryStatus', describeValue(status));
  }
  const summary = entry['summary'];
  return summary === undefined || summary === null ? YIELDED : resultYield(summary, emptyResultMarkers);
}

/** A recorded result: empty, an empty-result marker, or a failure payload yields nothing. */
function resultYield(result: unknown, emptyResultMarkers: EmptyResultMarkers): EvidenceYield {
  if (typeof result === 'string') {
    const text = result.trim();
    if (text === '' || isEmptyResultMarker(text, emptyResultMarkers))
      return noYield('emptyResult', describeValue(result));
    const first = text[0];
    if ((first === '{' || first === '[') && text.length <= MAX_PAYLOAD_TEXT) {
      const parsed = parseJsonOrUndefined(result);
      if (parsed !== undefined) return structuredYield(parsed, result);
    }
    return YIELDED;
  }
  return structuredYield(result, result);
}

function structuredYield(value: unknown, asWritten: unknown): EvidenceYield {
  if (Array.isArray(value) ? value.length === 0 : isRecord(value) && Object.keys(value).length === 0) {
    return noYield('emptyResult', shownResult(asWritten));
  }
  return isRecord(value) && isFailurePayload(value) ? noYield('failurePayload', shownResult(asWritten)) : YIELDED;
}

/** A result as the message quotes it: text in quotes, a structured value as its (short) JSON: `{}`, `{"isError":true}`. */
function shownResult(asWritten: unknown): string {
  if (typeof asWritten === 'string') return describeValue(asWritten);
  const json = jsonTextOf(asWritten);
  if (json === null) return describeValue(asWritten);
  return json.length > 60 ? `${json.slice(0, 57)}...` : json;
}

/**
 * `status: "error"`, `isError: true` (or `is_error`), or an `error` key that holds something: a
 * success payload often carries `"error": null`, and APIs that number their errors write
 * `"error": 0` for none. The same values mean no error when an import reads a result (section 9).
 */
function isFailurePayload(fields: Record<string, unknown>): boolean {
  const status = fields['status'];
  if (typeof status === 'string' && status.toLowerCase() === 'error') return true;
  if (fields['isError'] === true || fields['is_error'] === true) return true;
  const error = fields['error'];
  if (error === undefined || error === null || error === false || error === '' || error === 0) return false;
  return !(typeof error === 'object' && Object.keys(error).length === 0);
}

/**
 * Markers compare with the whole summary (normalised, trailing full stop ignored), never as a
 * substring: "no data for 14:00, then 500 errors" is evidence. A summary much longer than the
 * longest marker cannot be one, so most summaries are never normalised at all.
 */
function isEmptyResultMarker(trimmedSummary: string, { set, longest }: EmptyResultMarkers): boolean {
  if (trimmedSummary.length > longest * 2 + 8) return false;
  const normalized = normalizeText(trimmedSummary).trim();
  return set.has(normalized) || set.has(normalized.replace(/[.。!！]+$/u, '').trim());
}

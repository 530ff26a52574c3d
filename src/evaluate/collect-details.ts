import { synonymsOf } from '../cases/concepts.js';
import type { EvalCase } from '../cases/types.js';
import { parseJsonOrUndefined } from '../io/json/parse-json.js';
import { asRecord } from '../io/validation/is-record.js';
import {
  type AuditChain,
  type CaseDetails,
  type KeywordMatch,
  MAX_ANSWER_CHARS,
  MAX_LIST_ITEMS,
  MAX_TEXT_CHARS,
  MAX_TOOL_CALLS,
  type ToolCallDetail,
} from '../model/case-details.js';
import type { TraceRunInput } from '../sources/types.js';
import { containsNormalized, normalizeText } from '../text/normalize.js';
import { twinKey, unwrapEnvelope } from '../trace/envelope.js';
import { verifierEvaluationOf } from '../trace/load-trace.js';

type JsonObject = Record<string, unknown>;

/**
 * The details of one run of a case, read leniently from the trace document as the source gave
 * it: a field of a type the report does not expect is shown as text, never dropped silently
 * and never an error (the checks judge the shape; this only displays). Bounded in size.
 */
export function collectCaseDetails(evalCase: EvalCase, input: TraceRunInput, caseLine: number | null): CaseDetails {
  const root = input.kind === 'document' ? asRecord(unwrapEnvelope(input.document).root) : null;
  const rawAnswer = root === null ? null : field(root, 'finalAnswer');
  const answer = optionalText(rawAnswer, Number.POSITIVE_INFINITY);
  const invocations = root === null ? [] : field(root, 'toolInvocations');
  const list = Array.isArray(invocations) ? invocations : [];
  return {
    caseId: evalCase.id,
    question: evalCase.question,
    caseLine,
    finalAnswer: answer === null ? null : answer.slice(0, MAX_ANSWER_CHARS),
    answerTruncated: answer !== null && answer.length > MAX_ANSWER_CHARS,
    toolCalls: toolCalls(list.slice(0, MAX_TOOL_CALLS)),
    toolCallsOmitted: Math.max(0, list.length - MAX_TOOL_CALLS),
    keywords: keywordMatches(evalCase, answer === null ? '' : normalizeText(answer)),
    audit: root === null ? null : auditChain(root),
  };
}

function toolCalls(items: unknown[]): ToolCallDetail[] {
  const calls = items.map((item) => asRecord(item) ?? {});
  const starts = calls.map((call) => startMs(field(call, 'startedAt')));
  const known = starts.filter((start): start is number => start !== null);
  const earliest = known.length === 0 ? 0 : Math.min(...known);
  return calls.map((call, index) => {
    const duration = field(call, 'durationMs');
    const start = starts[index] ?? null;
    return {
      name: optionalText(field(call, 'toolName')) ?? '(no tool name)',
      durationMs: typeof duration === 'number' && Number.isFinite(duration) && duration >= 0 ? duration : null,
      startOffsetMs: start === null ? null : start - earliest,
      evidenceStatus: optionalText(field(call, 'evidenceStatus')),
      error: optionalText(field(call, 'errorMessage')),
    };
  });
}

/** `startedAt` as epoch milliseconds: a number, or ISO-8601 text; anything else is no start. */
function startMs(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value !== 'string') return null;
  const parsed = Date.parse(value);
  return Number.isNaN(parsed) ? null : parsed;
}

function keywordMatches(evalCase: EvalCase, normalizedAnswer: string): KeywordMatch[] {
  return evalCase.rootCauseKeywords.map((concept) => {
    const synonyms = [...synonymsOf(concept)];
    return { synonyms, matched: synonyms.find((synonym) => containsNormalized(normalizedAnswer, synonym)) ?? null };
  });
}

function auditChain(root: JsonObject): AuditChain | null {
  const written = field(root, 'selfEvaluation');
  const selfEvaluation = typeof written === 'string' ? parseJsonOrUndefined(written) : written;
  // The verifier's fields as the checks read them: camelCase twins (`gatekeeperResult`, `claimId`) under their snake_case names.
  const selfEvaluationObject = asRecord(selfEvaluation);
  const verifier = selfEvaluationObject === null ? null : verifierEvaluationOf(selfEvaluationObject);
  if (verifier === null) return null;
  const gatekeeper = asRecord(verifier['gatekeeper_result']);
  const violations = gatekeeper?.['violations'];
  const claims = verifier['claim_checks'];
  return {
    verdict: optionalText(verifier['verdict']),
    reason: optionalText(verifier['reason']),
    gatekeeperStatus: gatekeeper === null ? null : optionalText(gatekeeper['status']),
    gatekeeperViolations: Array.isArray(violations)
      ? violations.slice(0, MAX_LIST_ITEMS).map((item) => asText(item))
      : [],
    claimChecks: Array.isArray(claims)
      ? claims.slice(0, MAX_LIST_ITEMS).map((claim) => {
          const object = asRecord(claim) ?? {};
          return {
            claimId: optionalText(object['claim_id']) ?? '',
            verification: optionalText(object['verification']) ?? '',
            detail: optionalText(object['detail']) ?? '',
          };
        })
      : null,
    composerMode: optionalText(asRecord(verifier['composer_output'])?.['mode']),
  };
}

/** A camelCase field or its snake_case twin (docs/contract.md §3). */
function field(object: JsonObject, camelKey: string): unknown {
  return object[twinKey(object, camelKey)];
}

function optionalText(value: unknown, limit?: number): string | null {
  return value === undefined || value === null ? null : asText(value, limit);
}

/** Any JSON value as text to display: a string as it is, anything else as JSON; bounded. */
function asText(value: unknown, limit: number = MAX_TEXT_CHARS): string {
  let text: string;
  if (typeof value === 'string') text = value;
  else {
    try {
      text = JSON.stringify(value) ?? String(value);
    } catch {
      text = String(value);
    }
  }
  return text.length > limit ? `${text.slice(0, limit)}…` : text;
}

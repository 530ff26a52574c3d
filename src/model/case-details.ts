/**
 * What the HTML report shows of a case beyond report.json: the trace's tool calls, final answer
 * and audit chain, and which synonym covered each keyword concept. Not written to report.json,
 * whose shape is fixed (docs/contract.md §6); built from the trace while it is still in memory,
 * only when a renderer asks for it. Every text here came from a trace or case file: untrusted.
 */
export interface CaseDetails {
  caseId: string;
  question: string;
  /** The line of the case in the case file, or null. */
  caseLine: number | null;
  finalAnswer: string | null;
  /** The answer was cut to MAX_ANSWER_CHARS. */
  answerTruncated: boolean;
  toolCalls: ToolCallDetail[];
  /** Tool calls beyond MAX_TOOL_CALLS, not listed. */
  toolCallsOmitted: number;
  keywords: KeywordMatch[];
  audit: AuditChain | null;
}

export interface ToolCallDetail {
  name: string;
  durationMs: number | null;
  /** Milliseconds after the earliest `startedAt` among the case's tool calls; null without one. */
  startOffsetMs: number | null;
  evidenceStatus: string | null;
  error: string | null;
}

export interface KeywordMatch {
  /** The concept's synonyms as written in the case file. */
  synonyms: string[];
  /** The first synonym found in the final answer, or null when the concept is not covered. */
  matched: string | null;
}

export interface AuditChain {
  verdict: string | null;
  reason: string | null;
  gatekeeperStatus: string | null;
  gatekeeperViolations: string[];
  claimChecks: { claimId: string; verification: string; detail: string }[] | null;
  composerMode: string | null;
}

export const MAX_ANSWER_CHARS = 20_000;
export const MAX_TOOL_CALLS = 200;
export const MAX_LIST_ITEMS = 100;
export const MAX_TEXT_CHARS = 2_000;

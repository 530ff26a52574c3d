/**
 * The plain form of a diagnosis trace (docs/contract.md §3): what `GET /api/diagnosis/{sessionId}/trace`
 * returns, camelCase, without an envelope, `selfEvaluation` an object. Importers write this form.
 */
export interface TraceDocument {
  sessionId?: string | null;
  question?: string | null;
  status?: string | null;
  finalAnswer?: string | null;
  durationMs?: number | null;
  stepCount?: number | null;
  toolCallCount?: number | null;
  usage?: TokenUsage | null;
  feedback?: unknown;
  selfEvaluation?: { verifier_evaluation?: VerifierEvaluationDocument | null; [key: string]: unknown } | null;
  agentSteps?: AgentStepDocument[];
  toolInvocations?: ToolInvocationDocument[];
}

export interface VerifierEvaluationDocument {
  verdict?: string | null;
  reason?: string | null;
  trace_summaries?: { tool_name?: string; evidence_status?: string | null; summary?: string | null }[];
  gatekeeper_result?: { status?: string; violations?: unknown[] } | null;
  claim_checks?: { claim_id?: string; verification?: string; detail?: string }[] | null;
  composer_output?: { mode?: string } | null;
  [key: string]: unknown;
}

export interface AgentStepDocument {
  stepIndex?: number;
  agentName?: string | null;
  stepType?: string | null;
  output?: unknown;
  durationMs?: number | null;
  usage?: TokenUsage | null;
  /** ISO-8601 text or epoch milliseconds. */
  startedAt?: string | number | null;
  [key: string]: unknown;
}

export interface ToolInvocationDocument {
  toolName: string;
  callId?: string | null;
  evidenceStatus?: string | null;
  durationMs?: number | null;
  arguments?: unknown;
  resultSummary?: unknown;
  errorMessage?: string | null;
  startedAt?: string | number | null;
  /** The agent that made the call, in a run of several agents (`agentName` also read). */
  agent?: string | null;
  [key: string]: unknown;
}

export const EVIDENCE_STATUSES = ['supported', 'no_evidence', 'deduped', 'failed'] as const;
export type EvidenceStatus = (typeof EVIDENCE_STATUSES)[number];

export interface ToolInvocation {
  toolName: string;
  /** Lower-cased; null when the invocation carries none. */
  evidenceStatus: EvidenceStatus | null;
  durationMs: number | null;
  // The optional fields are present only when the trace records them (not null), as written;
  // `startedAt` in epoch milliseconds.
  arguments?: unknown;
  resultSummary?: unknown;
  errorMessage?: unknown;
  startedAt?: number;
  agent?: string;
}

export interface TokenUsage {
  inputTokens: number;
  outputTokens: number;
}

export interface AgentStep {
  agentName: string | null;
  output: unknown;
  // Present only when recorded (a numeric `stepIndex`; `startedAt` in epoch milliseconds).
  stepIndex?: number;
  startedAt?: number;
}

/**
 * A trace after loading: envelope removed, snake_case read as camelCase, `selfEvaluation`
 * parsed. Only what the checks and reports read is kept, so a loaded trace stays small.
 */
export interface DiagnosisTrace {
  sessionId: string | null;
  status: string | null;
  finalAnswer: string | null;
  durationMs: number | null;
  toolInvocations: ToolInvocation[];
  agentSteps: AgentStep[];
  /** Absent when the trace records none. */
  usage?: TokenUsage;
  /** `selfEvaluation.verifier_evaluation` when it is an object; keys are snake_case. */
  verifierEvaluation: Record<string, unknown> | null;
}

import type { ToolInvocationDocument, TraceDocument, VerifierEvaluationDocument } from '../../src/trace/types.js';

export interface TraceSpec extends Omit<TraceDocument, 'selfEvaluation'> {
  /** Shorthand for `selfEvaluation.verifier_evaluation.verdict`; null leaves the verdict out. */
  verdict?: string | null;
  /** Merged into the verifier evaluation (after `verdict`). */
  verifier?: Partial<VerifierEvaluationDocument>;
  /** Replaces the whole selfEvaluation, e.g. with a JSON string or null. */
  selfEvaluation?: unknown;
}

/** A tool invocation as the service records it. */
export function toolCall(
  toolName: string,
  evidenceStatus: string | null = 'supported',
  durationMs = 120,
): ToolInvocationDocument {
  return {
    toolName,
    evidenceStatus,
    durationMs,
    arguments: { service: 'payment' },
    resultSummary: `${toolName} result`,
    errorMessage: null,
  };
}

/**
 * A plain trace document (docs/contract.md §3: camelCase, no envelope, selfEvaluation an object) that
 * passes a case built by makeEvalCase: a PASS verdict, the full V2 audit chain, one tool call.
 * Fields given in `spec` replace the defaults.
 */
export function buildTrace(spec: TraceSpec = {}): TraceDocument {
  const { verdict = 'PASS', verifier = {}, selfEvaluation, ...fields } = spec;
  const verifierEvaluation: VerifierEvaluationDocument = {
    ...(verdict === null ? {} : { verdict }),
    reason: 'the metrics and logs support the answer',
    trace_summaries: [],
    gatekeeper_result: { status: 'pass', violations: [] },
    claim_checks: [{ claim_id: 'c1', verification: 'supported', detail: 'pool usage at 100% in queryMetrics' }],
    composer_output: { mode: 'parsed' },
    ...verifier,
  };
  return {
    sessionId: 'diag-test',
    question: 'Why do payment requests time out?',
    status: 'COMPLETED',
    finalAnswer: 'The database connection pool was exhausted by a batch job.',
    durationMs: 1000,
    stepCount: 1,
    toolCallCount: 1,
    feedback: null,
    selfEvaluation: (selfEvaluation === undefined
      ? { verifier_evaluation: verifierEvaluation }
      : selfEvaluation) as TraceDocument['selfEvaluation'],
    agentSteps: [{ stepIndex: 1, agentName: 'executor', stepType: 'answer', output: 'draft answer' }],
    toolInvocations: [toolCall('queryMetrics')],
    ...fields,
  };
}

/** The trace as JSON text, the way a fixture file holds it. */
export function traceJson(spec: TraceSpec = {}): string {
  return `${JSON.stringify(buildTrace(spec), null, 2)}\n`;
}

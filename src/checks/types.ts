import type { CaseFieldPath } from '../cases/schema.js';
import type { EvalCase } from '../cases/types.js';
import type { ContractValues } from '../config/contract.js';
import type { Severity } from '../config/severity.js';
import type { CheckId } from '../model/check-ids.generated.js';
import type { CheckOutcome } from '../model/outcomes.js';
import type { EvidenceCoverage, KeywordCoverage } from '../model/report-schema.js';
import type { AnalysedAnswer } from '../text/assertion.js';
import type { DiagnosisTrace } from '../trace/types.js';
import type { MessagePart } from './messages.js';
import type { EvaluationSession } from './session.js';

/**
 * Everything a check may read, made by createCheckContext (context.ts). Derived values are
 * computed once per trace, not once per check.
 */
export interface CheckContext {
  evalCase: EvalCase;
  trace: DiagnosisTrace;
  contract: ContractValues;
  /** `selfEvaluation.verifier_evaluation.verdict` trimmed and upper-cased; null when missing or not a string. */
  verdict: string | null;
  /** The final answer normalised for matching (see text/normalize.ts); '' when there is none. */
  normalizedFinalAnswer: string;
  evidenceCoverage: EvidenceCoverage;
  /** Measured on `answerAssertions`. */
  keywordCoverage: KeywordCoverage;
  /** The normalised final answer prepared for assertion-aware matching (S33); analysed on first use. */
  answerAssertions: AnalysedAnswer;
  /**
   * Where the values several checks derive from this context are kept (checks/derived.ts):
   * createCheckContext gives one empty map per trace, which goes when the trace's evaluation ends.
   */
  derived: Map<string, unknown>;
  session: EvaluationSession;
}

/**
 * A check's result is data: its outcome, one of the check's `messages` and the data of that
 * message's placeholders; the text is made from them by renderMessage (messages.ts).
 */
export interface CheckFinding extends MessagePart {
  outcome: CheckOutcome;
}

/** A check's metadata is written as literals: scripts/check-registry.mjs reads it from the source (CONTRIBUTING.md). */
export interface CheckDefinition {
  /** The public id (docs/contract.md §4), also the name of its file: src/checks/<id>.ts. */
  id: CheckId;
  /** Checks run and are reported by ascending `order`, in steps of 10 that leave room between two. */
  order: number;
  spec: readonly string[];
  /** One line for `--help` and the case file's JSON Schema. */
  description: string;
  /** The cells of docs/contract.md §4 (Markdown). */
  failsWhen: string;
  skippedWhen: string;
  /** Absent means `error`; `warn` turns a failure into outcome `warn`; `off` drops the check. */
  defaultSeverity?: Severity;
  /** A case file or config may not lower its severity. */
  errorOnly?: true;
  /** `diag-eval scan` applies it when the policies name no checks: it needs nothing a case expects. */
  scanByDefault?: true;
  /** messageId → template whose `{{name}}` placeholders show a finding's data; one messageId stands for one outcome. */
  messages: Readonly<Record<string, string>>;
  /**
   * The case fields it reads (`budget.maxTokens` for one field of an object), directly or through the
   * coverage figures. The case schema holds the expectations some check reads and no others.
   */
  inputs: readonly CaseFieldPath[];
  /** Pure and synchronous: same context, same finding. */
  run(context: CheckContext): CheckFinding;
}

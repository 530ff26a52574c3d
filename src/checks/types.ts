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
  /** `selfEvaluation.verifier_evaluation.verdict` upper-cased; null when missing or not a string. */
  verdict: string | null;
  /** The final answer normalised for matching (see text/normalize.ts); '' when there is none. */
  normalizedFinalAnswer: string;
  /** The evidence coverage the report carries (measures/evidence-coverage.ts). */
  evidenceCoverage: EvidenceCoverage;
  /** The keyword coverage the report carries (measures/keyword-coverage.ts), measured on `answerAssertions`. */
  keywordCoverage: KeywordCoverage;
  /** The normalised final answer prepared for assertion-aware matching (S33); analysed on first use. */
  answerAssertions: AnalysedAnswer;
  /**
   * Where the values several checks derive from this context are kept (checks/derived.ts):
   * createCheckContext gives one empty map per trace, which goes when the trace's evaluation ends.
   */
  derived: Map<string, unknown>;
  /** What the evaluation keeps from trace to trace (session.ts), owned by the run. */
  session: EvaluationSession;
}

/**
 * A check's result is data: its outcome, one of the check's `messages` and the data of that
 * message's placeholders; the text is made from them by renderMessage (messages.ts).
 */
export interface CheckFinding extends MessagePart {
  outcome: CheckOutcome;
}

export interface CheckDefinition {
  /** The check's public id (docs/contract.md §4), also the name of its file: src/checks/<id>.ts. */
  id: CheckId;
  /**
   * Where the check's row stands in every report: checks run and are reported by ascending
   * `order` (the generated registry sorts by it). Steps of 10 leave room between two checks.
   */
  order: number;
  /** The spec scenarios this check proves, e.g. ['S04']. */
  spec: readonly string[];
  /** One line for `--help` and the case file's JSON Schema: what the check asks of a trace. */
  description: string;
  /** docs/contract.md §4, column "fails when" (Markdown). */
  failsWhen: string;
  /** docs/contract.md §4, column "skipped when" (Markdown). */
  skippedWhen: string;
  /**
   * The severity when neither the config file nor the case file sets one (`checks:`); absent
   * means `error`. `warn` turns a failure into outcome `warn`; `off` drops the check.
   */
  defaultSeverity?: Severity;
  /** Its severity is always `error`: a case file or config may not lower it. */
  errorOnly?: true;
  /** `diag-eval scan` applies it when the policies name no checks: it needs nothing a case expects. */
  scanByDefault?: true;
  /**
   * The texts its findings are made of, by messageId (as ESLint's `meta.messages`): templates whose
   * `{{name}}` placeholders show the finding's data. One messageId stands for one outcome.
   */
  messages: Readonly<Record<string, string>>;
  /**
   * The case fields it reads (docs/contract.md §2; `budget.maxTokens` for one field of an object),
   * directly or through the context's coverage figures. The case schema holds the expectations
   * some check reads and no others (cases/schema.ts, from the generated CASE_FIELDS_READ).
   */
  inputs: readonly CaseFieldPath[];
  /** Pure and synchronous: same context, same finding. */
  run(context: CheckContext): CheckFinding;
}

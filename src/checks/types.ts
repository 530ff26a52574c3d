import type { EvalCase } from '../cases/types.js';
import type { ContractValues } from '../contract.js';
import type { CheckOutcome, EvidenceCoverage, KeywordCoverage } from '../report/types.js';
import type { AnalysedAnswer } from '../text/assertion.js';
import type { DiagnosisTrace } from '../trace/types.js';
import type { Severity } from './severity.js';

export const CHECK_IDS = [
  'trace-loadable',
  'evidence-coverage',
  'verdict-present',
  'verdict-allowed',
  'verdict-not-forbidden',
  'keyword-coverage',
  'forbidden-answer-keywords',
  'degraded-output',
  'v2-audit-fields',
  'gatekeeper-consistency',
  'claim-checks-auditable',
  'composer-output-auditable',
  'forbidden-confirmed-claims',
  'no-protocol-leak',
  'tool-call-budget',
  'duration-budget',
  'evidence-substance',
  'run-completed',
  'audit-consistency',
  'numeric-grounding',
  'cited-tools-called',
  'evidence-before-verdict',
  'no-raw-structure',
  'no-redundant-tool-calls',
  'token-budget',
] as const;

/** Check ids are public (docs/contract.md §4); this order is the order of `checks` in every report. */
export type CheckId = (typeof CHECK_IDS)[number];

/** Everything a check may read. Derived values are computed once per trace, not once per check. */
export interface CheckContext {
  evalCase: EvalCase;
  trace: DiagnosisTrace;
  contract: ContractValues;
  /** `selfEvaluation.verifier_evaluation.verdict` upper-cased; null when missing or not a string. */
  verdict: string | null;
  /** The final answer normalised for matching (see text/normalize.ts); '' when there is none. */
  normalizedFinalAnswer: string;
  /**
   * The coverage figures the report carries, when the caller has computed them already (the
   * evaluator does, once per trace): the checks then read them instead of computing them again.
   * Absent, a check computes them itself from the fields above.
   */
  evidenceCoverage?: EvidenceCoverage;
  keywordCoverage?: KeywordCoverage;
  /** The normalised final answer analysed for assertion-aware matching (S33), when the caller has done it already. */
  answerAssertions?: AnalysedAnswer;
  /**
   * Where the values several checks derive from this context are kept (checks/derived.ts), when
   * the caller provides it: the evaluator does, one empty map per trace, which goes when the
   * trace's evaluation ends. Absent, they are kept in a weak map beside the context.
   */
  derived?: Map<string, unknown>;
}

/** A check's result is data; text for people is made from it by the renderers. */
export interface CheckFinding {
  outcome: CheckOutcome;
  message: string;
}

export interface CheckDefinition {
  id: CheckId;
  /** The spec scenarios this check proves, e.g. ['S04']. */
  spec: readonly string[];
  /** One line for docs and `--help`: what the check fails on. */
  description: string;
  /**
   * The severity when neither the config file nor the case file sets one (`checks:`); absent
   * means `error`. `warn` turns a failure into outcome `warn`; `off` drops the check.
   */
  defaultSeverity?: Severity;
  /** Pure and synchronous: same context, same finding. */
  run(context: CheckContext): CheckFinding;
}

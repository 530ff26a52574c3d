import type { EvalCase } from '../cases/types.js';
import type { ContractValues } from '../config/contract.js';
import { normalizeWithLineBreaks, withoutLineBreaks } from '../text/normalize.js';
import type { DiagnosisTrace } from '../trace/types.js';
import { computeEvidenceCoverage } from './measures/evidence-coverage.js';
import { computeKeywordCoverage } from './measures/keyword-coverage.js';
import { EvaluationSession } from './session.js';
import type { CheckContext } from './types.js';

/**
 * The one way a CheckContext is made, by the evaluator and by the checks' tests alike, so that a
 * check has one code path: everything it reads, the coverage figures included, is always there.
 */
export function createCheckContext(
  evalCase: EvalCase,
  trace: DiagnosisTrace,
  contract: ContractValues,
  session: EvaluationSession = new EvaluationSession(contract),
): CheckContext {
  const rawVerdict = trace.verifierEvaluation?.['verdict'];
  // Normalised once, with its line ends (assertion-aware matching ends clauses there); the plain form the checks match in is derived from it.
  const answerWithLines = normalizeWithLineBreaks(trace.finalAnswer ?? '');
  const normalizedFinalAnswer = withoutLineBreaks(answerWithLines);
  // Analysed for assertion-aware matching only when a keyword or claim of the case occurs in it.
  const answerAssertions = session.reader.prepare(normalizedFinalAnswer, () => answerWithLines);
  return {
    evalCase,
    trace,
    contract,
    // Trimmed as the other enumerated values are: a verifier's "PASS\n" is the verdict PASS.
    verdict: typeof rawVerdict === 'string' ? rawVerdict.trim().toUpperCase() : null,
    normalizedFinalAnswer,
    evidenceCoverage: computeEvidenceCoverage(evalCase, trace),
    keywordCoverage: computeKeywordCoverage(evalCase, answerAssertions),
    answerAssertions,
    derived: new Map(),
    session,
  };
}

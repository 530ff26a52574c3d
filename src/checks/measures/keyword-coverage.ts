import { isRequiredConcept, reportedSynonyms, synonymsOf } from '../../cases/concepts.js';
import type { EvalCase, KeywordConcept, KeywordSynonyms } from '../../cases/types.js';
import { DEFAULT_CONTRACT } from '../../config/contract.js';
import type { KeywordCoverage, UnassertedConcept } from '../../model/coverage.js';
import { round4 } from '../../model/round.js';
import {
  type AnalysedAnswer,
  analyseAnswer,
  assertionRulesFor,
  judgeMentions,
  type UnassertedMention,
} from '../../text/assertion.js';

export interface ConceptJudgement {
  covered: boolean;
  /** When not covered: the first mention of a synonym that the answer does not assert. */
  unasserted: UnassertedMention | null;
}

/**
 * A concept is covered when the answer asserts any one of its synonyms (docs/contract.md §2, S05,
 * S33): a synonym that occurs only negated, hedged or in a question does not cover it.
 */
export function judgeConcept(concept: KeywordConcept, answer: AnalysedAnswer): ConceptJudgement {
  let unasserted: UnassertedMention | null = null;
  for (const synonym of synonymsOf(concept)) {
    const judgement = judgeMentions(answer, synonym);
    if (judgement.asserted) return { covered: true, unasserted: null };
    unasserted ??= judgement.unasserted;
  }
  return { covered: false, unasserted };
}

/** The answer (normalised, with or without its line breaks) analysed with the built-in triggers only; for callers without a contract. */
export function analyseWithDefaults(normalizedFinalAnswer: string): AnalysedAnswer {
  return analyseAnswer(normalizedFinalAnswer, assertionRulesFor(DEFAULT_CONTRACT));
}

export function conceptCovered(concept: KeywordConcept, answer: AnalysedAnswer | string): boolean {
  return judgeConcept(concept, typeof answer === 'string' ? analyseWithDefaults(answer) : answer).covered;
}

/** S05, S33: how many root-cause concepts the final answer asserts, and which required ones it does not. */
export function computeKeywordCoverage(evalCase: EvalCase, answer: AnalysedAnswer | string): KeywordCoverage {
  const concepts = evalCase.rootCauseKeywords;
  const analysed = typeof answer === 'string' ? analyseWithDefaults(answer) : answer;
  const missing: KeywordSynonyms[] = [];
  const requiredMissing: KeywordSynonyms[] = [];
  const unasserted: UnassertedConcept[] = [];
  for (const concept of concepts) {
    const judgement = judgeConcept(concept, analysed);
    if (judgement.covered) continue;
    // Copied so that a report never shares arrays with the loaded case.
    missing.push(reportedSynonyms(concept));
    if (isRequiredConcept(concept)) requiredMissing.push(reportedSynonyms(concept));
    if (judgement.unasserted !== null) unasserted.push({ concept: reportedSynonyms(concept), ...judgement.unasserted });
  }
  const covered = concepts.length - missing.length;
  return {
    concepts: concepts.length,
    covered,
    ratio: concepts.length === 0 ? null : round4(covered / concepts.length),
    min: evalCase.minKeywordCoverage,
    missing,
    requiredMissing,
    unasserted,
  };
}

import type { EvalCase, KeywordConcept } from '../cases/types.js';
import { round4 } from '../report/round.js';
import type { KeywordCoverage } from '../report/types.js';
import { containsNormalized } from '../text/normalize.js';

/** A concept is covered when any one of its synonyms occurs in the answer (CONTRACT §2). */
export function conceptCovered(concept: KeywordConcept, normalizedFinalAnswer: string): boolean {
  const synonyms = typeof concept === 'string' ? [concept] : concept;
  return synonyms.some((synonym) => containsNormalized(normalizedFinalAnswer, synonym));
}

/** S05: how many root-cause concepts the final answer covers. */
export function computeKeywordCoverage(evalCase: EvalCase, normalizedFinalAnswer: string): KeywordCoverage {
  const concepts = evalCase.rootCauseKeywords;
  const missing = concepts
    .filter((concept) => !conceptCovered(concept, normalizedFinalAnswer))
    // Copied so that a report never shares arrays with the loaded case.
    .map((concept) => (typeof concept === 'string' ? concept : [...concept]));
  const covered = concepts.length - missing.length;
  return {
    concepts: concepts.length,
    covered,
    ratio: concepts.length === 0 ? null : round4(covered / concepts.length),
    min: evalCase.minKeywordCoverage,
    missing,
  };
}

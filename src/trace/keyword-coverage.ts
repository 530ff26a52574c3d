import type { EvalCase, KeywordConcept } from '../cases/types.js';
import { round4 } from '../report/round.js';
import type { KeywordCoverage } from '../report/types.js';
import { containsNormalized } from '../text/normalize.js';

/** A concept is covered when any one of its synonyms occurs in the answer (docs/contract.md §2). */
export function conceptCovered(concept: KeywordConcept, normalizedFinalAnswer: string): boolean {
  if (typeof concept === 'string') return containsNormalized(normalizedFinalAnswer, concept);
  for (const synonym of concept) if (containsNormalized(normalizedFinalAnswer, synonym)) return true;
  return false;
}

/** S05: how many root-cause concepts the final answer covers. */
export function computeKeywordCoverage(evalCase: EvalCase, normalizedFinalAnswer: string): KeywordCoverage {
  const concepts = evalCase.rootCauseKeywords;
  const missing: KeywordConcept[] = [];
  for (const concept of concepts) {
    // Copied so that a report never shares arrays with the loaded case.
    if (!conceptCovered(concept, normalizedFinalAnswer)) missing.push(typeof concept === 'string' ? concept : concept.slice());
  }
  const covered = concepts.length - missing.length;
  return {
    concepts: concepts.length,
    covered,
    ratio: concepts.length === 0 ? null : round4(covered / concepts.length),
    min: evalCase.minKeywordCoverage,
    missing,
  };
}

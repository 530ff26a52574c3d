import { isRequiredConcept, reportedSynonyms, synonymsOf } from '../../cases/concepts.js';
import type { EvalCase, KeywordConcept, KeywordSynonyms } from '../../cases/types.js';
import { DEFAULT_CONTRACT } from '../../config/contract.js';
import type { KeywordCoverage, UnassertedConcept } from '../../model/report-schema.js';
import { round4 } from '../../model/round.js';
import { AnswerReader } from '../../text/answer-reader.js';
import {
  type AnalysedAnswer,
  describeOccurrence,
  type Occurrence,
  readMentions,
  type UnassertedKind,
} from '../../text/assertion.js';
import { type Place, placeOf } from '../../text/conclusion.js';
import { withoutLineBreaks } from '../../text/normalize.js';

/** Why a mentioned concept is not covered, with the mention and where it stands (UnassertedConcept without the concept). */
export type UncoveredMention = Omit<UnassertedConcept, 'concept'>;

export interface ConceptJudgement {
  covered: boolean;
  /** When not covered: the first mention of a synonym, and why it does not cover the concept. */
  unasserted: UncoveredMention | null;
}

const COMMITTED = new Set(['asserted', 'qualified']);

/**
 * A concept is covered when the answer commits to one of its synonyms (docs/contract.md §2, S05,
 * S33, S67): asserted, or qualified by a confidence word or a single modal; not when it is only
 * denied, asked about, guessed, left to a later check or offered beside rivals. A required concept
 * must be committed to in the conclusion (S69); any concept named only as a lower item of a ranked
 * list belongs to another candidate, not to the diagnosis.
 */
export function judgeConcept(concept: KeywordConcept, answer: AnalysedAnswer): ConceptJudgement {
  const required = isRequiredConcept(concept);
  // Set inside the callback below, which the compiler does not follow: typed by assertion.
  let uncommitted = null as { occurrence: Occurrence; kind: UnassertedKind } | null;
  let outside = null as { occurrence: Occurrence; place: Place } | null;
  for (const synonym of synonymsOf(concept)) {
    let covered = false;
    // Occurrences are read until one covers the concept.
    readMentions(answer, synonym, (occurrence) => {
      if (!COMMITTED.has(occurrence.reading)) {
        uncommitted ??= { occurrence, kind: occurrence.reading as UnassertedKind };
        return false;
      }
      const place = placeOf(answer.conclusion(), occurrence.start, occurrence.end);
      covered = place.kind === 'conclusion' || (!required && place.kind !== 'ranked');
      if (!covered) outside ??= { occurrence, place };
      return covered;
    });
    if (covered) return { covered: true, unasserted: null };
  }
  if (outside !== null) {
    const { mention, clause } = describeOccurrence(answer, outside.occurrence, 'rivalled');
    return { covered: false, unasserted: { mention, kind: 'not-conclusion', clause, place: placeName(outside.place) } };
  }
  if (uncommitted !== null)
    return { covered: false, unasserted: describeOccurrence(answer, uncommitted.occurrence, uncommitted.kind) };
  return { covered: false, unasserted: null };
}

function placeName(place: Place): string {
  if (place.kind === 'ranked') return `the ${ordinal(place.rank)} ranked cause`;
  if (place.kind === 'aside') return `the ${place.label}`;
  return 'outside the conclusion';
}

function ordinal(rank: number): string {
  const tens = rank % 100;
  if (tens >= 11 && tens <= 13) return `${rank}th`;
  return `${rank}${['th', 'st', 'nd', 'rd'][rank % 10] ?? 'th'}`;
}

/** The answer (normalised, with its line breaks) read with the built-in lexicon only; for callers without a contract. */
export function analyseWithDefaults(normalizedWithLines: string): AnalysedAnswer {
  return new AnswerReader(DEFAULT_CONTRACT).prepare(withoutLineBreaks(normalizedWithLines), () => normalizedWithLines);
}

export function conceptCovered(concept: KeywordConcept, answer: AnalysedAnswer | string): boolean {
  return judgeConcept(concept, typeof answer === 'string' ? analyseWithDefaults(answer) : answer).covered;
}

/** S05, S33, S67, S69: how many root-cause concepts the final answer commits to, and which required ones it does not. */
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

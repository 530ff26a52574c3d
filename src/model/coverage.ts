import type { KeywordSynonyms } from '../cases/types.js';

/**
 * The coverage figures a case result carries (docs/contract.md §6): measured beside the checks
 * (src/checks/measures/), read by the checks that judge them and written into the report.
 */

export interface EvidenceCoverage {
  required: string[];
  covered: string[];
  missing: string[];
  /** null when no tool is required. */
  ratio: number | null;
}

export interface KeywordCoverage {
  concepts: number;
  covered: number;
  /** null when the case has no keywords. */
  ratio: number | null;
  min: number;
  /** The uncovered concepts: each its keyword or its list of synonyms, as written in the case file. */
  missing: KeywordSynonyms[];
  /** The uncovered concepts marked `required`, in the same form. */
  requiredMissing?: KeywordSynonyms[];
  /** Uncovered concepts the answer mentions without asserting them (S33): the first such mention of each. */
  unasserted?: UnassertedConcept[];
}

export interface UnassertedConcept {
  concept: KeywordSynonyms;
  /** The synonym found, normalised. */
  mention: string;
  kind: 'negated' | 'hedged' | 'questioned';
  /** The clause it stands in, normalised. */
  clause: string;
}

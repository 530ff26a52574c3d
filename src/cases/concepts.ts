import type { KeywordConcept, KeywordSynonyms } from './types.js';

/** The keywords any one of which covers the concept. */
export function synonymsOf(concept: KeywordConcept): readonly string[] {
  if (typeof concept === 'string') return [concept];
  return Array.isArray(concept) ? concept : concept.any;
}

export function isRequiredConcept(concept: KeywordConcept): boolean {
  return typeof concept === 'object' && !Array.isArray(concept) && concept.required === true;
}

/** The concept as reports name it: its keyword, or a copy of its synonym list (never shared with the loaded case). */
export function reportedSynonyms(concept: KeywordConcept): KeywordSynonyms {
  return typeof concept === 'string' ? concept : synonymsOf(concept).slice();
}

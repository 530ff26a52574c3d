import type { Severity } from '../config/severity.js';
import type { CaseEntryInput } from './schema.js';

/** The synonyms of a concept as a report names it: one keyword, or a list any one of which covers it. */
export type KeywordSynonyms = string | string[];

/** A concept written `{ any: [...], required: true }`: a required one must be covered whatever minKeywordCoverage says. */
export interface ConceptObject {
  any: string[];
  required?: boolean;
}

/** A root-cause concept: one keyword, a list of synonyms any one of which covers it, or a ConceptObject. */
export type KeywordConcept = KeywordSynonyms | ConceptObject;

export interface AuditSettings {
  /** S26 and S31; implies claimChecks and composerOutput. */
  v2: boolean;
  /** S28 */
  claimChecks: boolean;
  /** S29 */
  composerOutput: boolean;
}

export interface CostBudget {
  maxToolCalls?: number;
  maxDurationMs?: number;
  /** Input + output tokens of the run (the trace's `usage`). */
  maxTokens?: number;
  /** Calls repeating an earlier call with equal arguments that are tolerated (no-redundant-tool-calls); absent = 0. */
  maxRepeatedCalls?: number;
}

/** One evaluation case after `defaults` are applied and every default filled in. */
export interface EvalCase {
  id: string;
  question: string;
  /** Relative to the fixtures folder, with `/`. */
  traceFixture: string;
  rootCauseKeywords: KeywordConcept[];
  minKeywordCoverage: number;
  /** The most candidate causes an answer may offer without choosing one (single-conclusion, S69); absent = 3. */
  maxCandidateCauses?: number;
  /** The tools named as plain entries of `requiredEvidenceTools`: each must be covered. */
  requiredEvidenceTools: string[];
  /** Its `{ any: [...] }` entries (S73): each is covered by any one of its tools. */
  requiredEvidenceAlternatives: string[][];
  /** Upper-cased. Empty when neither the case nor `defaults` gives any: the agent has no verifier, and the verdict checks do not apply (S73). */
  allowedVerdicts: string[];
  forbiddenAnswerKeywords: string[];
  /** Upper-cased. */
  forbiddenVerdicts: string[];
  forbiddenConfirmedClaims: string[];
  audit: AuditSettings;
  budget: CostBudget;
  tags: string[];
  sessionId: string | null;
  /** How `import` and `run --traces` pick this case's trace (S74); null: by sessionId, else by question. */
  match: CaseMatchRule | null;
  /**
   * Severities set for this case, by check id: the config file's `checks:`, then `defaults.checks`,
   * then the case's own `checks:`, merged key by key (a later one wins). A check not named here
   * runs at its default severity.
   */
  checks: Readonly<Record<string, Severity>>;
}

/** A case's `match:` (S74), as written: `{ sessionId }`, `{ traceId }`, `{ question }` or `{ attribute, equals }`. */
export type CaseMatchRule = NonNullable<CaseEntryInput['match']>;

/** A root-cause concept: one keyword, or a list of synonyms any one of which covers it. */
export type KeywordConcept = string | string[];

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
  requiredEvidenceTools: string[];
  /** Upper-cased. */
  allowedVerdicts: string[];
  forbiddenAnswerKeywords: string[];
  /** Upper-cased. */
  forbiddenVerdicts: string[];
  forbiddenConfirmedClaims: string[];
  audit: AuditSettings;
  budget: CostBudget;
  tags: string[];
  sessionId: string | null;
}

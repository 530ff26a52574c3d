import type { EvalCase } from '../../src/cases/types.js';

/** A case after loading (defaults applied) that the trace of buildTrace() passes; rows override what they test. */
export function makeEvalCase(overrides: Partial<EvalCase> = {}): EvalCase {
  const id = overrides.id ?? 'payment-timeout-db-pool';
  return {
    id,
    question: 'Why do payment requests time out?',
    traceFixture: `${id}.json`,
    rootCauseKeywords: [],
    minKeywordCoverage: 1,
    requiredEvidenceTools: [],
    requiredEvidenceAlternatives: [],
    match: null,
    allowedVerdicts: ['PASS'],
    forbiddenAnswerKeywords: [],
    forbiddenVerdicts: [],
    forbiddenConfirmedClaims: [],
    audit: { v2: false, claimChecks: false, composerOutput: false },
    budget: {},
    tags: [],
    sessionId: null,
    checks: {},
    ...overrides,
  };
}

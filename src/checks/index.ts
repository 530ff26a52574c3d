import { auditConsistencyCheck } from './audit-consistency.js';
import { citedToolsCalledCheck } from './cited-tools-called.js';
import { claimChecksAuditableCheck } from './claim-checks-auditable.js';
import { composerOutputAuditableCheck } from './composer-output-auditable.js';
import { degradedOutputCheck } from './degraded-output.js';
import { durationBudgetCheck } from './duration-budget.js';
import { evidenceBeforeVerdictCheck } from './evidence-before-verdict.js';
import { evidenceCoverageCheck } from './evidence-coverage.js';
import { evidenceSubstanceCheck } from './evidence-substance.js';
import { forbiddenAnswerKeywordsCheck } from './forbidden-answer-keywords.js';
import { forbiddenConfirmedClaimsCheck } from './forbidden-confirmed-claims.js';
import { gatekeeperConsistencyCheck } from './gatekeeper-consistency.js';
import { keywordCoverageCheck } from './keyword-coverage.js';
import { noProtocolLeakCheck } from './no-protocol-leak.js';
import { noRawStructureCheck } from './no-raw-structure.js';
import { noRedundantToolCallsCheck } from './no-redundant-tool-calls.js';
import { numericGroundingCheck } from './numeric-grounding.js';
import { runCompletedCheck } from './run-completed.js';
import { toolCallBudgetCheck } from './tool-call-budget.js';
import { tokenBudgetCheck } from './token-budget.js';
import { traceLoadableCheck } from './trace-loadable.js';
import type { CheckDefinition } from './types.js';
import { v2AuditFieldsCheck } from './v2-audit-fields.js';
import { verdictAllowedCheck } from './verdict-allowed.js';
import { verdictNotForbiddenCheck } from './verdict-not-forbidden.js';
import { verdictPresentCheck } from './verdict-present.js';

/** Every check, in CHECK_IDS order: the order of `checks` in reports and of check items in diffs. */
export const CHECKS: readonly CheckDefinition[] = [
  traceLoadableCheck,
  evidenceCoverageCheck,
  verdictPresentCheck,
  verdictAllowedCheck,
  verdictNotForbiddenCheck,
  keywordCoverageCheck,
  forbiddenAnswerKeywordsCheck,
  degradedOutputCheck,
  v2AuditFieldsCheck,
  gatekeeperConsistencyCheck,
  claimChecksAuditableCheck,
  composerOutputAuditableCheck,
  forbiddenConfirmedClaimsCheck,
  noProtocolLeakCheck,
  toolCallBudgetCheck,
  durationBudgetCheck,
  evidenceSubstanceCheck,
  runCompletedCheck,
  auditConsistencyCheck,
  numericGroundingCheck,
  citedToolsCalledCheck,
  evidenceBeforeVerdictCheck,
  noRawStructureCheck,
  noRedundantToolCallsCheck,
  tokenBudgetCheck,
];

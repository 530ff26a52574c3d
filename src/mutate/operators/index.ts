import type { MutationOperator } from '../types.js';
import { addForbiddenText } from './add-forbidden-text.js';
import { citeUncalledTool } from './cite-uncalled-tool.js';
import { deleteConcept } from './delete-concept.js';
import { disallowedVerdict } from './disallowed-verdict.js';
import { doubleDuration } from './double-duration.js';
import { doubleToolCalls } from './double-tool-calls.js';
import { dropAuditField } from './drop-audit-field.js';
import { dropEvidenceTool } from './drop-evidence-tool.js';
import { emptyEvidenceResult } from './empty-evidence-result.js';
import { failEvidenceTool } from './fail-evidence-tool.js';
import { hedgeRootCause } from './hedge-root-cause.js';
import { leakExecutorJson } from './leak-executor-json.js';
import { negateRootCause } from './negate-root-cause.js';
import { pasteRejectedDraft } from './paste-rejected-draft.js';
import { removeVerdict } from './remove-verdict.js';
import { repeatCall } from './repeat-call.js';
import { replaceRootCause } from './replace-root-cause.js';
import { runNotCompleted } from './run-not-completed.js';
import { ungroundedFigure } from './ungrounded-figure.js';
import { unsupportedClaimCheck } from './unsupported-claim-check.js';
import { verdictBeforeEvidence } from './verdict-before-evidence.js';

/** Every regression operator, in the order reports list them (docs/contract.md §1, `mutate`). */
export const OPERATORS: readonly MutationOperator[] = [
  dropEvidenceTool,
  failEvidenceTool,
  emptyEvidenceResult,
  disallowedVerdict,
  removeVerdict,
  deleteConcept,
  negateRootCause,
  hedgeRootCause,
  replaceRootCause,
  addForbiddenText,
  pasteRejectedDraft,
  leakExecutorJson,
  doubleToolCalls,
  doubleDuration,
  repeatCall,
  ungroundedFigure,
  citeUncalledTool,
  verdictBeforeEvidence,
  dropAuditField,
  unsupportedClaimCheck,
  runNotCompleted,
];

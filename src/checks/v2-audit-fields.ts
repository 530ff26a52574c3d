import { hasVerifierEvaluation, isMissing, VERIFIER_PATH, verifierField } from './support.js';
import type { CheckDefinition } from './types.js';

const V2_AUDIT_FIELDS = ['gatekeeper_result', 'claim_checks', 'composer_output'] as const;

export const v2AuditFieldsCheck: CheckDefinition = {
  id: 'v2-audit-fields',
  order: 90,
  spec: ['S26'],
  description: 'Under V2 audit, the verifier evaluation records gatekeeper_result, claim_checks and composer_output.',
  failsWhen: 'any of `gatekeeper_result`, `claim_checks`, `composer_output` is missing',
  skippedWhen: '`audit.v2` off',
  run(context) {
    if (!context.evalCase.audit.v2) {
      return { outcome: 'skip', message: 'V2 audit is off for this case (audit.v2)' };
    }
    if (!hasVerifierEvaluation(context)) {
      return {
        outcome: 'fail',
        message: `${VERIFIER_PATH} is missing, so ${V2_AUDIT_FIELDS.join(', ')} are missing`,
      };
    }
    const missing = V2_AUDIT_FIELDS.filter((field) => isMissing(verifierField(context, field)));
    if (missing.length > 0) {
      const nulls = missing.filter((field) => verifierField(context, field) === null);
      const nullNote = nulls.length > 0 ? ` (${nulls.join(', ')} null, which counts as missing)` : '';
      return {
        outcome: 'fail',
        message: `${VERIFIER_PATH} lacks ${missing.join(', ')}${nullNote}`,
      };
    }
    return { outcome: 'pass', message: `${VERIFIER_PATH} records ${V2_AUDIT_FIELDS.join(', ')}` };
  },
};

import { fail, isMissing, pass, skip, verifierField } from './support.js';
import type { CheckDefinition } from './types.js';

const V2_AUDIT_FIELDS = ['gatekeeper_result', 'claim_checks', 'composer_output'] as const;

export const v2AuditFieldsCheck: CheckDefinition = {
  id: 'v2-audit-fields',
  order: 90,
  spec: ['S26'],
  description: 'Under V2 audit, the verifier evaluation records gatekeeper_result, claim_checks and composer_output.',
  failsWhen: 'any of `gatekeeper_result`, `claim_checks`, `composer_output` is missing',
  skippedWhen: '`audit.v2` off',
  inputs: ['audit.v2'],
  messages: {
    recorded: 'selfEvaluation.verifier_evaluation records gatekeeper_result, claim_checks, composer_output',
    noEvaluation:
      'selfEvaluation.verifier_evaluation is missing, so gatekeeper_result, claim_checks, composer_output are missing',
    lacks: 'selfEvaluation.verifier_evaluation lacks {{missing}}',
    lacksWithNulls: 'selfEvaluation.verifier_evaluation lacks {{missing}} ({{nulls}} null, which counts as missing)',
    auditOff: 'V2 audit is off for this case (audit.v2)',
  },
  run(context) {
    if (!context.evalCase.audit.v2) return skip('auditOff');
    if (isMissing(context.trace.verifierEvaluation)) return fail('noEvaluation');
    const missing = V2_AUDIT_FIELDS.filter((field) => isMissing(verifierField(context, field)));
    if (missing.length > 0) {
      const nulls = missing.filter((field) => verifierField(context, field) === null);
      return nulls.length > 0
        ? fail('lacksWithNulls', { missing: missing.join(', '), nulls: nulls.join(', ') })
        : fail('lacks', { missing: missing.join(', ') });
    }
    return pass('recorded');
  },
};

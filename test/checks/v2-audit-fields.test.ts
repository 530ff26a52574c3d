import { describe } from 'vitest';

import { v2AuditFieldsCheck } from '../../src/checks/v2-audit-fields.js';
import type { FindingRow } from './helpers.js';
import { makeVerifierEvaluation, testCheck, verifierWithout } from './helpers.js';

const v2 = { audit: { v2: true, claimChecks: true, composerOutput: true } };
const fields = ['gatekeeper_result', 'claim_checks', 'composer_output'];

const absentRows: FindingRow[] = fields.map((field) => ({
  name: `S26 fails when ${field} is absent`,
  case: v2,
  trace: { verifierEvaluation: verifierWithout(field) },
  message: `selfEvaluation.verifier_evaluation lacks ${field}`,
  messageId: 'lacks',
  data: { missing: field },
}));

const nullRows: FindingRow[] = fields.map((field) => ({
  name: `S26 fails when ${field} is null`,
  case: v2,
  trace: { verifierEvaluation: makeVerifierEvaluation({ [field]: null }) },
  message: `lacks ${field} (${field} null, which counts as missing)`,
  messageId: 'lacksWithNulls',
  data: { missing: field, nulls: field },
}));

describe('v2-audit-fields (S26)', () => {
  testCheck(v2AuditFieldsCheck, {
    valid: [
      {
        name: 'S26 accepts a verifier evaluation with all three V2 fields',
        case: v2,
        message: 'records gatekeeper_result, claim_checks, composer_output',
      },
      {
        name: 'S26 counts an empty claim_checks list as present',
        case: v2,
        trace: { verifierEvaluation: makeVerifierEvaluation({ claim_checks: [] }) },
      },
    ],
    invalid: [
      ...absentRows,
      ...nullRows,
      {
        name: 'S26 names every missing field',
        case: v2,
        trace: { verifierEvaluation: { verdict: 'PASS', composer_output: null } },
        message: 'lacks gatekeeper_result, claim_checks, composer_output',
        messageId: 'lacksWithNulls',
        data: { missing: 'gatekeeper_result, claim_checks, composer_output', nulls: 'composer_output' },
      },
      {
        name: 'S26 fails without a verifier evaluation',
        case: v2,
        trace: { verifierEvaluation: null },
        message:
          'selfEvaluation.verifier_evaluation is missing, so gatekeeper_result, claim_checks, composer_output are missing',
        messageId: 'noEvaluation',
      },
    ],
    skipped: [
      {
        name: 'S26 skips a case without V2 audit even when the fields are missing',
        trace: { verifierEvaluation: { verdict: 'PASS' } },
        message: 'V2 audit is off',
      },
    ],
  });
});

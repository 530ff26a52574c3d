import { describe } from 'vitest';

import { gatekeeperConsistencyCheck } from '../../src/checks/gatekeeper-consistency.js';
import { makeVerifierEvaluation, testCheck, verifierWithout } from './helpers.js';

const gatekeeper = (verdict: unknown, gatekeeperResult: unknown) => ({
  verifierEvaluation: makeVerifierEvaluation({ verdict, gatekeeper_result: gatekeeperResult }),
});
const failed = { status: 'fail', violations: ['unsupported claim c2', 'missing evidence binding'] };

describe('gatekeeper-consistency (S27)', () => {
  testCheck(gatekeeperConsistencyCheck, {
    valid: [
      {
        name: 'S27 accepts a gatekeeper failure with a REJECT verdict',
        trace: gatekeeper('REJECT', failed),
        message: 'gatekeeper status "fail" is consistent with verdict "REJECT"',
      },
      {
        name: 'S27 accepts a gatekeeper failure with a REVISE verdict',
        trace: gatekeeper('revise', { status: 'FAIL' }),
      },
      { name: 'S27 accepts a passing gatekeeper with a PASS verdict', trace: gatekeeper('PASS', { status: 'pass' }) },
      {
        name: 'S27 accepts a gatekeeper result without status',
        trace: gatekeeper('PASS', { violations: [] }),
        message: 'gatekeeper status missing',
      },
      { name: 'S27 does not read "failed" as "fail"', trace: gatekeeper('PASS', { status: 'failed' }) },
    ],
    invalid: [
      {
        name: 'S27 fails a PASS verdict when the gatekeeper failed',
        trace: gatekeeper('PASS', failed),
        message:
          'gatekeeper_result.status is "fail" with 2 violations but the verdict is "PASS"; a gatekeeper failure cannot pass verification',
        messageId: 'failedButPassed',
        data: { status: '"fail"', violations: ' with 2 violations', verdict: '"PASS"' },
      },
      {
        name: 'S27 compares status and verdict in any case',
        trace: gatekeeper('pass', { status: 'FAIL' }),
        message: 'gatekeeper_result.status is "FAIL" but the verdict is "PASS"',
        messageId: 'failedButPassed',
        data: { status: '"FAIL"', violations: '', verdict: '"PASS"' },
      },
      {
        name: 'S27 reads a status with spaces around it as audit-consistency does',
        trace: gatekeeper('PASS', { status: ' fail\n', violations: ['未绑定证据的结论 c2'] }),
        message: 'gatekeeper_result.status is " fail\\n" with 1 violation but the verdict is "PASS"',
        messageId: 'failedButPassed',
        data: { status: '" fail\\n"', violations: ' with 1 violation', verdict: '"PASS"' },
      },
      {
        name: 'S27 uses the pass verdict configured in the contract',
        contract: { passVerdict: 'APPROVED' },
        trace: gatekeeper('approved', { status: 'Fail', violations: [] }),
        message: 'with 0 violations but the verdict is "APPROVED"',
        messageId: 'failedButPassed',
        data: { status: '"Fail"', violations: ' with 0 violations', verdict: '"APPROVED"' },
      },
    ],
    skipped: [
      {
        name: 'S73 skips a case that names no allowedVerdicts, even with a failed gatekeeper and a pass verdict',
        case: { allowedVerdicts: [] },
        trace: {
          verifierEvaluation: makeVerifierEvaluation({ gatekeeper_result: { status: 'fail', violations: [] } }),
        },
        message: 'the case names no allowedVerdicts',
        messageId: 'noVerifier',
      },
      {
        name: 'S27 skips without gatekeeper_result',
        trace: { verifierEvaluation: verifierWithout('gatekeeper_result') },
        message: 'no gatekeeper result (selfEvaluation.verifier_evaluation.gatekeeper_result is missing)',
      },
      {
        name: 'S27 skips a null gatekeeper_result',
        trace: gatekeeper('PASS', null),
        message: 'gatekeeper_result is null',
      },
      {
        name: 'S27 skips a gatekeeper_result that is not an object',
        trace: gatekeeper('PASS', 'fail'),
        message: 'gatekeeper_result is "fail", expected an object',
      },
      {
        name: 'S27 skips without a verifier evaluation',
        trace: { verifierEvaluation: null },
        message: 'no gatekeeper result',
      },
      { name: 'S27 skips without a verdict', trace: gatekeeper(null, failed), message: 'no verdict' },
    ],
  });
});

import { describe } from 'vitest';

import { verdictPresentCheck } from '../../src/checks/verdict-present.js';
import { makeVerifierEvaluation, testCheck, verifierWithout } from './helpers.js';

describe('verdict-present (S04)', () => {
  testCheck(verdictPresentCheck, {
    valid: [
      { name: 'S04 accepts a string verdict', message: 'verdict "PASS" present' },
      {
        name: 'S04 accepts a verdict outside allowedVerdicts (verdict-allowed judges it)',
        trace: { verifierEvaluation: makeVerifierEvaluation({ verdict: 'reject' }) },
        message: '"REJECT"',
      },
    ],
    invalid: [
      {
        name: 'S04 fails without selfEvaluation.verifier_evaluation',
        trace: { verifierEvaluation: null },
        message: 'selfEvaluation.verifier_evaluation is missing',
        messageId: 'noEvaluation',
      },
      {
        name: 'S04 fails when the verdict is absent',
        trace: { verifierEvaluation: verifierWithout('verdict') },
        message: 'selfEvaluation.verifier_evaluation.verdict is missing',
        messageId: 'missingVerdict',
      },
      {
        name: 'S04 fails when the verdict is null',
        trace: { verifierEvaluation: makeVerifierEvaluation({ verdict: null }) },
        message: 'verdict is null, which counts as missing',
        messageId: 'nullVerdict',
      },
      {
        name: 'S04 fails when the verdict is a number',
        trace: { verifierEvaluation: makeVerifierEvaluation({ verdict: 1 }) },
        message: 'verdict is 1, expected a string',
        messageId: 'notText',
        data: { found: '1' },
      },
      {
        name: 'S04 fails when the verdict is an object',
        trace: { verifierEvaluation: makeVerifierEvaluation({ verdict: { label: 'PASS' } }) },
        message: 'verdict is an object, expected a string',
        messageId: 'notText',
        data: { found: 'an object' },
      },
    ],
    skipped: [
      {
        name: 'S04 S73 skips a case that names no allowedVerdicts, even without a verifier evaluation',
        case: { allowedVerdicts: [] },
        trace: { verifierEvaluation: null },
        message: 'the case names no allowedVerdicts: the agent has no verifier',
      },
    ],
  });
});

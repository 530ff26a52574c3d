import { describe } from 'vitest';

import { verdictAllowedCheck } from '../../src/checks/verdict-allowed.js';
import { makeVerifierEvaluation, testCheck } from './helpers.js';

const verdict = (value: unknown) => ({ verifierEvaluation: makeVerifierEvaluation({ verdict: value }) });

describe('verdict-allowed (S04)', () => {
  testCheck(verdictAllowedCheck, {
    valid: [
      { name: 'S04 accepts PASS when PASS is allowed', message: 'verdict "PASS" is allowed' },
      {
        name: 'S04 accepts a lower-case verdict, compared upper-cased',
        case: { allowedVerdicts: ['PASS', 'REVISE'] },
        trace: verdict('revise'),
      },
      {
        name: 'S04 accepts a verdict with spaces or a line break around it, compared trimmed',
        case: { allowedVerdicts: ['PASS', 'REVISE'] },
        trace: verdict(' pass\n'),
        message: 'verdict "PASS" is allowed',
      },
    ],
    invalid: [
      {
        name: 'S04 rejects REVISE when only PASS allowed',
        trace: verdict('REVISE'),
        message: 'verdict "REVISE" is not one of the allowed verdicts "PASS"',
        messageId: 'notAllowed',
        data: { verdict: '"REVISE"', allowed: '"PASS"' },
      },
      {
        name: 'S04 rejects PASS when only REJECT allowed',
        case: { allowedVerdicts: ['REJECT'] },
        trace: verdict('PASS'),
        message: '"PASS" is not one of the allowed verdicts "REJECT"',
        messageId: 'notAllowed',
        data: { verdict: '"PASS"', allowed: '"REJECT"' },
      },
      {
        name: 'S04 rejects an empty verdict',
        case: { allowedVerdicts: ['PASS', 'REVISE'] },
        trace: verdict(''),
        message: 'verdict "" is not one of the allowed verdicts "PASS", "REVISE"',
        messageId: 'notAllowed',
        data: { verdict: '""', allowed: '"PASS", "REVISE"' },
      },
    ],
    skipped: [
      {
        name: 'S73 skips a case that names no allowedVerdicts, whatever the verdict',
        case: { allowedVerdicts: [] },
        trace: { verifierEvaluation: makeVerifierEvaluation({ verdict: 'UNHEARD-OF' }) },
        message: 'the case names no allowedVerdicts',
        messageId: 'noVerifier',
      },
      { name: 'S04 skips when the verdict is missing', trace: verdict(null), message: 'no verdict' },
      { name: 'S04 skips when the verdict is not a string', trace: verdict(['PASS']), message: 'see verdict-present' },
      { name: 'S04 skips without a verifier evaluation', trace: { verifierEvaluation: null }, message: 'no verdict' },
    ],
  });
});

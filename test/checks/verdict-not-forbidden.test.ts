import { describe } from 'vitest';

import { verdictNotForbiddenCheck } from '../../src/checks/verdict-not-forbidden.js';
import { makeVerifierEvaluation, testCheck } from './helpers.js';

const verdict = (value: unknown) => ({ verifierEvaluation: makeVerifierEvaluation({ verdict: value }) });
const forbidsPass = { allowedVerdicts: ['REJECT'], forbiddenVerdicts: ['PASS'] };

describe('verdict-not-forbidden (S02)', () => {
  testCheck(verdictNotForbiddenCheck, {
    valid: [
      {
        name: 'S02 accepts a verdict that is not forbidden',
        case: forbidsPass,
        trace: verdict('REJECT'),
        message: 'verdict "REJECT" is not among the forbidden verdicts "PASS"',
      },
    ],
    invalid: [
      {
        name: 'S02 rejects a forbidden PASS verdict',
        case: forbidsPass,
        message: 'verdict "PASS" is forbidden for this case (forbidden: "PASS")',
        messageId: 'forbidden',
        data: { verdict: '"PASS"', forbidden: '"PASS"' },
      },
      {
        name: 'S02 compares a lower-case verdict upper-cased',
        case: { forbiddenVerdicts: ['PASS', 'REVISE'] },
        trace: verdict('Revise'),
        message: 'verdict "REVISE" is forbidden',
        messageId: 'forbidden',
        data: { verdict: '"REVISE"', forbidden: '"PASS", "REVISE"' },
      },
    ],
    skipped: [
      {
        name: 'S73 skips a case that names no allowedVerdicts, even with a forbidden verdict',
        case: { allowedVerdicts: [], forbiddenVerdicts: ['REJECT'] },
        trace: { verifierEvaluation: makeVerifierEvaluation({ verdict: 'REJECT' }) },
        message: 'the case names no allowedVerdicts',
        messageId: 'noVerifier',
      },
      { name: 'S02 skips when no verdict is forbidden', message: 'forbids no verdicts' },
      { name: 'S02 skips when the verdict is missing', case: forbidsPass, trace: verdict(null), message: 'no verdict' },
      {
        name: 'S02 skips without a verifier evaluation',
        case: forbidsPass,
        trace: { verifierEvaluation: null },
        message: 'no verdict',
      },
    ],
  });
});

import { describe } from 'vitest';
import { degradedOutputCheck } from '../../src/checks/degraded-output.js';
import { gatekeeperConsistencyCheck } from '../../src/checks/gatekeeper-consistency.js';
import { verdictAllowedCheck } from '../../src/checks/verdict-allowed.js';
import { verdictNotForbiddenCheck } from '../../src/checks/verdict-not-forbidden.js';
import { verdictPresentCheck } from '../../src/checks/verdict-present.js';
import { makeVerifierEvaluation, testCheck } from './helpers.js';

const NO_VERIFIER = 'the case names no allowedVerdicts';
const withVerdict = (verdict: string, extra: Record<string, unknown> = {}) => ({
  verifierEvaluation: makeVerifierEvaluation({ verdict, ...extra }),
});

/** An agent without a verifier: its cases leave allowedVerdicts out, and no verdict check applies (S73). */
describe.each([
  [
    verdictPresentCheck,
    withVerdict('PASS'),
    { verifierEvaluation: null },
    'verifier_evaluation is missing',
    'noEvaluation',
    undefined,
  ],
  [
    verdictAllowedCheck,
    withVerdict('PASS'),
    withVerdict('UNHEARD-OF'),
    'is not one of the allowed verdicts',
    'notAllowed',
    { verdict: '"UNHEARD-OF"', allowed: '"PASS"' },
  ],
  [
    verdictNotForbiddenCheck,
    withVerdict('PASS'),
    withVerdict('REJECT'),
    'verdict "REJECT" is forbidden',
    'forbidden',
    { verdict: '"REJECT"', forbidden: '"REJECT"' },
  ],
  [
    gatekeeperConsistencyCheck,
    withVerdict('PASS', { gatekeeper_result: { status: 'pass' } }),
    withVerdict('PASS', { gatekeeper_result: { status: 'fail' } }),
    'gatekeeper_result.status is "fail" but the verdict is "PASS"',
    'failedButPassed',
    { status: '"fail"', violations: '', verdict: '"PASS"' },
  ],
  [
    degradedOutputCheck,
    { ...withVerdict('REJECT'), finalAnswer: 'The cause could not be verified: insufficient evidence.' },
    { ...withVerdict('REJECT'), finalAnswer: 'The pool is exhausted.' },
    'has none of the degraded-output markers',
    'notDegraded',
    {
      verdict: '"REJECT"',
      problems: {
        parts: [
          {
            messageId: 'noMarker',
            data: { markers: '"insufficient evidence", "could not be verified", "证据不足", "无法确认"' },
          },
        ],
        separator: '; and ',
      },
    },
  ],
] as const)('%s without a verifier (S73)', (check, passingTrace, failingTrace, failure, messageId, data) => {
  testCheck(check, {
    valid: [
      {
        name: 'S73 a case that names allowedVerdicts is still checked',
        case: { allowedVerdicts: ['PASS'], forbiddenVerdicts: ['REJECT'] },
        trace: passingTrace,
      },
    ],
    invalid: [
      {
        name: 'S73 what is skipped without a verifier fails a case that names allowedVerdicts',
        case: { allowedVerdicts: ['PASS'], forbiddenVerdicts: ['REJECT'] },
        trace: failingTrace,
        message: failure,
        messageId,
        ...(data === undefined ? {} : { data }),
      },
    ],
    skipped: [
      {
        name: 'S73 a trace without any verdict is not failed: the check is skipped with its reason',
        case: { allowedVerdicts: [], forbiddenVerdicts: ['REJECT'] },
        trace: { finalAnswer: '连接池耗尽', verifierEvaluation: null },
        message: NO_VERIFIER,
        messageId: 'noVerifier',
      },
      {
        name: 'S73 what would fail a verifier case is skipped too',
        case: { allowedVerdicts: [], forbiddenVerdicts: ['REJECT'] },
        trace: failingTrace,
        message: NO_VERIFIER,
      },
    ],
  });
});

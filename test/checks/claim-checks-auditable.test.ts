import { describe } from 'vitest';

import { claimChecksAuditableCheck } from '../../src/checks/claim-checks-auditable.js';
import type { FindingRow } from './helpers.js';
import { makeVerifierEvaluation, testCheck, verifierWithout } from './helpers.js';

const audited = { audit: { v2: false, claimChecks: true, composerOutput: false } };
const claimChecks = (...entries: unknown[]) => ({
  verifierEvaluation: makeVerifierEvaluation({ claim_checks: entries }),
});
const complete = { claim_id: 'c1', verification: 'supported', detail: 'queryMetrics shows pool usage at 100%' };
const second = { claim_id: 'c2', verification: 'contradicted', detail: '日志中没有连接超时' };

function without(field: string): Record<string, unknown> {
  const entry: Record<string, unknown> = { ...second };
  delete entry[field];
  return entry;
}

/** The finding's data for claim_checks[1] lacking `missing`. */
function lacks(claimId: string, missing: string) {
  return { problems: { parts: [{ messageId: 'lacks', data: { index: 1, claimId, missing } }], separator: '; ' } };
}

const missingFieldRows: FindingRow[] = ['claim_id', 'verification', 'detail'].flatMap((field) => [
  {
    name: `S28 fails a claim check without ${field}`,
    case: audited,
    trace: claimChecks(complete, without(field)),
    message: `claim_checks[1] (claim_id ${field === 'claim_id' ? 'missing' : '"c2"'}) lacks ${field}`,
    messageId: 'problems',
    data: lacks(field === 'claim_id' ? 'missing' : '"c2"', field),
  },
  {
    name: `S28 fails a claim check whose ${field} is null`,
    case: audited,
    trace: claimChecks(complete, { ...second, [field]: null }),
    message: `claim_checks[1] (claim_id ${field === 'claim_id' ? 'null' : '"c2"'}) lacks ${field}`,
    messageId: 'problems',
    data: lacks(field === 'claim_id' ? 'null' : '"c2"', field),
  },
]);

describe('claim-checks-auditable (S28)', () => {
  testCheck(claimChecksAuditableCheck, {
    valid: [
      {
        name: 'S28 accepts complete claim checks',
        case: audited,
        trace: claimChecks(complete, second),
        message: 'all 2 claim checks record claim_id, verification and detail',
      },
      {
        name: 'S28 accepts every contract verification in any case',
        case: audited,
        trace: claimChecks(
          { ...complete, verification: 'SUPPORTED' },
          { ...complete, verification: 'Unsupported' },
          { ...complete, verification: 'contradicted' },
          { ...complete, verification: 'INSUFFICIENT_EVIDENCE' },
        ),
      },
      {
        name: 'S28 accepts a verification with spaces around it, as audit-consistency reads it',
        case: audited,
        trace: claimChecks({ ...complete, verification: 'supported\n', detail: '连接池活跃连接 50/50（ev-2）' }),
      },
      {
        name: 'S28 accepts an empty claim_checks list',
        case: audited,
        trace: claimChecks(),
        message: 'empty list',
      },
      {
        name: 'S28 applies under audit.v2 and accepts an empty detail string',
        case: { audit: { v2: true, claimChecks: true, composerOutput: true } },
        trace: claimChecks({ ...complete, detail: '' }),
      },
      {
        name: 'S28 applies under audit.v2 in a case built by hand with claimChecks false',
        case: { audit: { v2: true, claimChecks: false, composerOutput: false } },
        trace: claimChecks(complete),
      },
    ],
    invalid: [
      ...missingFieldRows,
      {
        name: 'S28 fails a verification outside the contract',
        case: audited,
        trace: claimChecks(complete, { ...second, verification: 'confirmed' }),
        message:
          'claim_checks[1] (claim_id "c2") has verification "confirmed", expected one of "supported", "unsupported", "contradicted", "insufficient_evidence"',
        messageId: 'problems',
        data: {
          problems: {
            parts: [
              {
                messageId: 'badVerification',
                data: {
                  index: 1,
                  claimId: '"c2"',
                  found: '"confirmed"',
                  verifications: '"supported", "unsupported", "contradicted", "insufficient_evidence"',
                },
              },
            ],
            separator: '; ',
          },
        },
      },
      {
        name: 'S28 fails a verification that is not a string',
        case: audited,
        trace: claimChecks({ ...complete, verification: true }),
        message: 'claim_checks[0] (claim_id "c1") has verification true',
        messageId: 'problems',
        data: {
          problems: {
            parts: [
              {
                messageId: 'badVerification',
                data: {
                  index: 0,
                  claimId: '"c1"',
                  found: 'true',
                  verifications: '"supported", "unsupported", "contradicted", "insufficient_evidence"',
                },
              },
            ],
            separator: '; ',
          },
        },
      },
      {
        name: 'S28 uses the claim verifications configured in the contract',
        case: audited,
        contract: { claimVerifications: ['verified', 'refuted'] },
        trace: claimChecks({ ...complete, verification: 'Verified' }, second),
        message:
          'claim_checks[1] (claim_id "c2") has verification "contradicted", expected one of "verified", "refuted"',
        messageId: 'problems',
        data: {
          problems: {
            parts: [
              {
                messageId: 'badVerification',
                data: { index: 1, claimId: '"c2"', found: '"contradicted"', verifications: '"verified", "refuted"' },
              },
            ],
            separator: '; ',
          },
        },
      },
      {
        name: 'S28 fails a claim check that is not an object',
        case: audited,
        trace: claimChecks('c1: supported'),
        message: 'claim_checks[0] is "c1: supported", expected an object',
        messageId: 'problems',
        data: {
          problems: {
            parts: [{ messageId: 'notObject', data: { index: 0, found: '"c1: supported"' } }],
            separator: '; ',
          },
        },
      },
      {
        name: 'S28 reports every problem, not only the first',
        case: audited,
        trace: claimChecks({ claim_id: 'c1' }, complete, { claim_id: 'c3', verification: 'maybe', detail: 'x' }),
        message:
          'claim_checks[0] (claim_id "c1") lacks verification, detail; claim_checks[2] (claim_id "c3") has verification "maybe"',
        messageId: 'problems',
        data: {
          problems: {
            parts: [
              { messageId: 'lacks', data: { index: 0, claimId: '"c1"', missing: 'verification, detail' } },
              {
                messageId: 'badVerification',
                data: {
                  index: 2,
                  claimId: '"c3"',
                  found: '"maybe"',
                  verifications: '"supported", "unsupported", "contradicted", "insufficient_evidence"',
                },
              },
            ],
            separator: '; ',
          },
        },
      },
      {
        name: 'S28 fails when claim_checks is absent',
        case: audited,
        trace: { verifierEvaluation: verifierWithout('claim_checks') },
        message: 'selfEvaluation.verifier_evaluation.claim_checks is missing, expected a list',
        messageId: 'notList',
        data: { found: 'missing' },
      },
      {
        name: 'S28 fails when claim_checks is null',
        case: audited,
        trace: { verifierEvaluation: makeVerifierEvaluation({ claim_checks: null }) },
        message: 'claim_checks is null, expected a list',
        messageId: 'notList',
        data: { found: 'null' },
      },
      {
        name: 'S28 fails when claim_checks is not a list',
        case: audited,
        trace: { verifierEvaluation: makeVerifierEvaluation({ claim_checks: { c1: 'supported' } }) },
        message: 'claim_checks is an object, expected a list',
        messageId: 'notList',
        data: { found: 'an object' },
      },
      {
        name: 'S28 fails without a verifier evaluation',
        case: audited,
        trace: { verifierEvaluation: null },
        message: 'claim_checks is missing',
        messageId: 'notList',
        data: { found: 'missing' },
      },
    ],
    skipped: [
      {
        name: 'S28 skips a case without claim-check audit',
        trace: claimChecks({ claim_id: 'c1' }),
        message: 'claim-check audit is off',
      },
    ],
  });
});

import { describe } from 'vitest';

import { noProtocolLeakCheck } from '../../src/checks/no-protocol-leak.js';
import { DEFAULT_CONTRACT } from '../../src/config/contract.js';
import type { FindingRow } from './helpers.js';
import { makeVerifierEvaluation, testCheck } from './helpers.js';

const v2 = { audit: { v2: true, claimChecks: true, composerOutput: true } };
const answer = (finalAnswer: string, mode = 'parsed') => ({
  finalAnswer,
  verifierEvaluation: makeVerifierEvaluation({ composer_output: { mode } }),
});

const markerRows: FindingRow[] = DEFAULT_CONTRACT.protocolMarkers.map((marker) => ({
  name: `S31 fails when the final answer contains the default marker ${marker}`,
  case: v2,
  trace: answer(`根因是连接池耗尽。{"${marker}": "x"}`),
  message: `contains protocol marker "${marker}" (composer mode "parsed")`,
  messageId: 'leaked',
  data: { markerWord: 'marker', found: `"${marker}"`, composer: ' (composer mode "parsed")' },
}));

describe('no-protocol-leak (S31, S32)', () => {
  testCheck(noProtocolLeakCheck, {
    valid: [
      {
        name: 'S31 accepts a rendered answer',
        case: v2,
        trace: answer('根因：支付库连接池耗尽（claim c1 已被证据支持）。Root cause: the pool is exhausted.'),
        message: 'none of the 4 protocol markers',
      },
      {
        name: 'S32 accepts a clean answer rendered by fallback',
        case: v2,
        trace: answer('证据不足，无法确认根因。', 'fallback'),
      },
      {
        name: 'S31 passes when the contract configures no markers',
        case: v2,
        contract: { protocolMarkers: [] },
        trace: answer('{"claim_id": "c1"}'),
      },
    ],
    invalid: [
      ...markerRows,
      {
        name: 'S32 fails when the composer fell back to raw executor JSON',
        case: v2,
        trace: answer(
          JSON.stringify({
            executor_evidence_v2: true,
            answer_version: 2,
            evidence_bindings: [],
            answer: '连接池耗尽',
          }),
          'fallback',
        ),
        message:
          'contains protocol markers "executor_evidence_v2", "answer_version", "evidence_bindings" (composer mode "fallback")',
        messageId: 'leaked',
        data: {
          markerWord: 'markers',
          found: '"executor_evidence_v2", "answer_version", "evidence_bindings"',
          composer: ' (composer mode "fallback")',
        },
      },
      {
        name: 'S32 fails a leak whatever the composer records, even nothing',
        case: v2,
        trace: {
          finalAnswer: 'claim_id c1 supported',
          verifierEvaluation: makeVerifierEvaluation({ composer_output: null }),
        },
        message: 'contains protocol marker "claim_id"',
        messageId: 'leaked',
        data: { markerWord: 'marker', found: '"claim_id"', composer: '' },
      },
      {
        name: 'S31 matches a full-width marker (NFKC) in any case',
        case: v2,
        trace: answer('ＣＬＡＩＭ＿ＩＤ: c1'),
        message: '"claim_id"',
        messageId: 'leaked',
        data: { markerWord: 'marker', found: '"claim_id"', composer: ' (composer mode "parsed")' },
      },
    ],
    skipped: [
      {
        name: 'S31 skips a case without V2 audit even when the answer leaks',
        trace: answer('{"claim_id": "c1"}', 'fallback'),
        message: 'V2 audit is off',
      },
    ],
  });
});

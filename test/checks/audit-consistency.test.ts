import { describe } from 'vitest';

import { auditConsistencyCheck } from '../../src/checks/audit-consistency.js';
import type { ToolInvocation } from '../../src/trace/types.js';
import { makeVerifierEvaluation, testCheck, verifierWithout } from './helpers.js';

const calls: ToolInvocation[] = [
  { toolName: 'queryMetrics', evidenceStatus: 'supported', durationMs: 1 },
  { toolName: 'queryLogs', evidenceStatus: 'failed', durationMs: 1 },
];

const verifier = (overrides: Record<string, unknown>) => ({
  toolInvocations: calls,
  verifierEvaluation: makeVerifierEvaluation(overrides),
});
const claim = (fields: Record<string, unknown>) => ({
  claim_id: 'c1',
  verification: 'supported',
  detail: 'pool usage at 100% in queryMetrics',
  ...fields,
});

describe('audit-consistency (S36)', () => {
  testCheck(auditConsistencyCheck, {
    valid: [
      {
        name: 'S36: gatekeeper pass without violations, a supported claim citing an invoked tool',
        trace: verifier({}),
        message: 'the gatekeeper result is consistent; 1 claim check',
      },
      {
        name: 'S36: gatekeeper FAIL with violations (any case)',
        trace: verifier({ gatekeeper_result: { status: 'FAIL', violations: ['c1: no binding'] } }),
      },
      {
        name: 'S36: an unsupported claim may have an empty detail',
        trace: verifier({ claim_checks: [claim({ verification: 'unsupported', detail: '' })] }),
      },
      {
        name: 'S36 ZH: 中文 detail 引用已调用的工具',
        trace: verifier({ claim_checks: [claim({ detail: '根据 queryMetrics，连接池 50/50' })] }),
      },
      {
        name: 'S36: a claim citing a tool whose call failed still names an invoked tool',
        trace: verifier({
          claim_checks: [claim({ verification: 'insufficient_evidence', detail: 'only queryLogs, which timed out' })],
        }),
      },
      {
        name: 'S36: a name that is no known tool name is not a tool',
        trace: verifier({ claim_checks: [claim({ detail: 'queryTraces was not needed' })] }),
      },
      {
        name: 'S36: evidence ids in `evidence` are not tool names',
        trace: verifier({ claim_checks: [claim({ evidence: ['ev-2', 'ev-4'] })] }),
      },
      {
        name: 'S36: a tool named in `tools` that was invoked',
        trace: verifier({ claim_checks: [claim({ tools: ['queryMetrics'] })] }),
      },
      {
        name: 'S36: a configured gatekeeper status',
        trace: verifier({ gatekeeper_result: { status: 'skipped' } }),
        contract: { gatekeeperStatuses: ['pass', 'fail', 'skipped'] },
      },
      {
        name: 'S36: claim checks without a gatekeeper result',
        trace: { toolInvocations: calls, verifierEvaluation: verifierWithout('gatekeeper_result') },
      },
    ],
    invalid: [
      {
        name: 'S36: gatekeeper pass with a non-empty violations list',
        trace: verifier({ gatekeeper_result: { status: 'pass', violations: [{ rule: 'claim_without_evidence' }] } }),
        message: 'gatekeeper_result.status is "pass" but it lists 1 violation',
        ...inconsistent('passWithViolations', { status: '"pass"', violations: '1 violation' }),
      },
      {
        name: 'S36: gatekeeper status neither pass nor fail',
        trace: verifier({ gatekeeper_result: { status: 'blocked', violations: [] } }),
        message: 'gatekeeper_result.status is "blocked", expected one of "pass", "fail" (contract.gatekeeperStatuses)',
        ...inconsistent('unknownStatus', { found: '"blocked"', statuses: '"pass", "fail"' }),
      },
      {
        name: 'S36: gatekeeper without a status',
        trace: verifier({ gatekeeper_result: { violations: [] } }),
        message: 'gatekeeper_result.status is missing',
        ...inconsistent('unknownStatus', { found: 'missing', statuses: '"pass", "fail"' }),
      },
      {
        name: 'S36: a gatekeeper result that is not an object',
        trace: verifier({ gatekeeper_result: 'pass' }),
        message: 'expected an object',
        ...inconsistent('gatekeeperNotObject', { found: '"pass"' }),
      },
      {
        name: 'S36: a supported claim with an empty detail',
        trace: verifier({ claim_checks: [claim({ detail: '  ' })] }),
        message: 'claim_checks[0] (claim_id "c1") is "supported" with detail "  ", expected a non-empty detail',
        ...inconsistent('supportedWithoutDetail', {
          index: 0,
          claimId: '"c1"',
          verification: '"supported"',
          detail: '"  "',
        }),
      },
      {
        name: 'S36: a supported claim without a detail',
        trace: verifier({ claim_checks: [claim({ detail: undefined })] }),
        message: 'with detail missing',
        ...inconsistent('supportedWithoutDetail', {
          index: 0,
          claimId: '"c1"',
          verification: '"supported"',
          detail: 'missing',
        }),
      },
      {
        name: 'S36 EN: a claim whose detail cites a tool never invoked',
        trace: verifier({ claim_checks: [claim({ detail: 'according to queryTraces the slow span is the DB call' })] }),
        contract: { toolNames: ['queryTraces'] },
        message: 'names a tool never invoked: "queryTraces"',
        ...inconsistent('uninvokedTools', { index: 0, claimId: '"c1"', toolWord: 'a tool', tools: '"queryTraces"' }),
      },
      {
        name: 'S36 ZH: detail 引用了未调用的工具',
        case: { requiredEvidenceTools: ['queryTraces'] },
        trace: verifier({ claim_checks: [claim({ detail: '根据queryTraces的结果，慢在数据库' })] }),
        message: '"queryTraces"',
        ...inconsistent('uninvokedTools', { index: 0, claimId: '"c1"', toolWord: 'a tool', tools: '"queryTraces"' }),
      },
      {
        name: 'S36: a tool named in `tools` never invoked',
        trace: verifier({ claim_checks: [claim({ tools: ['queryProfiles'] })] }),
        message: '"queryProfiles"',
        ...inconsistent('uninvokedTools', { index: 0, claimId: '"c1"', toolWord: 'a tool', tools: '"queryProfiles"' }),
      },
      {
        name: 'S36: an evidence binding to a tool never invoked',
        trace: verifier({ claim_checks: [claim({ evidence: [{ evidence_id: 'ev-9', tool: 'queryDeployments' }] })] }),
        message: '"queryDeployments"',
        ...inconsistent('uninvokedTools', {
          index: 0,
          claimId: '"c1"',
          toolWord: 'a tool',
          tools: '"queryDeployments"',
        }),
      },
      {
        name: 'S36: a custom supported verification',
        trace: verifier({ claim_checks: [claim({ verification: 'OK', detail: '' })] }),
        contract: { claimVerifications: ['ok', 'not_ok'] },
        message: 'is "OK" with detail ""',
        ...inconsistent('supportedWithoutDetail', { index: 0, claimId: '"c1"', verification: '"OK"', detail: '""' }),
      },
    ],
    skipped: [
      {
        name: 'S36: skipped without gatekeeper result and claim checks',
        trace: { verifierEvaluation: { verdict: 'PASS' } },
        message: 'no gatekeeper result and no claim checks',
      },
      {
        name: 'S36: skipped with an empty claim-check list and no gatekeeper',
        trace: { verifierEvaluation: { verdict: 'PASS', claim_checks: [] } },
        message: 'no gatekeeper result',
      },
    ],
  });
});

/** The finding of a trace with one inconsistency: its messageId and data as the message states them. */
function inconsistent(messageId: string, data: Record<string, string | number>) {
  return { messageId: 'inconsistent', data: { problems: { parts: [{ messageId, data }], separator: '; ' } } };
}

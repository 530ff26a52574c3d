import { describe, expect, it } from 'vitest';

import { evidenceSubstanceCheck } from '../../src/checks/evidence-substance.js';
import type { ToolInvocation } from '../../src/trace/types.js';
import { makeVerifierEvaluation, runCheck, testCheck } from './helpers.js';

function call(toolName: string, fields: Partial<ToolInvocation> = {}): ToolInvocation {
  return {
    toolName,
    evidenceStatus: 'supported',
    durationMs: 100,
    resultSummary: 'hikaricp_connections_active = 50 of 50',
    ...fields,
  };
}

const required = { requiredEvidenceTools: ['queryMetrics', 'queryLogs'] };
const summary = (tool_name: string, evidence_status: string, text: string) => ({
  tool_name,
  evidence_status,
  summary: text,
});

describe('evidence-substance (S34)', () => {
  testCheck(evidenceSubstanceCheck, {
    valid: [
      {
        name: 'S34 EN: every required tool returned a summary',
        case: required,
        trace: { toolInvocations: [call('queryMetrics'), call('queryLogs', { resultSummary: '2,318 ERROR lines' })] },
        message: 'all 2 covered',
      },
      {
        name: 'S34: one failed call is enough when a retry yielded evidence',
        case: required,
        trace: {
          toolInvocations: [
            call('queryMetrics'),
            call('queryLogs', { evidenceStatus: 'failed', errorMessage: 'timeout', resultSummary: undefined }),
            call('queryLogs'),
          ],
        },
      },
      {
        name: 'S34 ZH: 中文结果摘要',
        case: required,
        trace: {
          toolInvocations: [
            call('queryMetrics', { resultSummary: '连接池活跃连接 50/50' }),
            call('queryLogs', { resultSummary: '2318 条 ERROR 日志' }),
          ],
        },
      },
      {
        name: 'S34: a summary that merely starts with an empty-result marker is evidence',
        case: required,
        trace: {
          toolInvocations: [
            call('queryMetrics', { resultSummary: 'no data before 14:00, then 500 errors per minute' }),
            call('queryLogs'),
          ],
        },
      },
      {
        name: 'S34: a JSON payload with "error": null is a success',
        case: required,
        trace: {
          toolInvocations: [
            call('queryMetrics', { resultSummary: '{"error": null, "data": [1, 2]}' }),
            call('queryLogs', { resultSummary: { status: 'ok', rows: 3 } }),
          ],
        },
      },
      {
        name: 'S34: a JSON payload with "error": 0 or "error": [] is a success, as an import reads it',
        case: required,
        trace: {
          toolInvocations: [
            call('queryMetrics', { resultSummary: '{"error": 0, "data": {"活跃连接": "50/50"}}' }),
            call('queryLogs', { resultSummary: { error: [], hits: 2318 } }),
          ],
        },
      },
      {
        name: 'S34: an empty errorMessage is no error; a call without a resultSummary field is judged by its status',
        case: required,
        trace: {
          toolInvocations: [
            call('queryMetrics', { errorMessage: '' }),
            { toolName: 'queryLogs', evidenceStatus: 'deduped', durationMs: 1 },
          ],
        },
      },
      {
        name: 'S34: a tool covered only by trace_summaries is judged by its summary',
        case: { requiredEvidenceTools: ['queryRedisInfo'] },
        trace: {
          verifierEvaluation: makeVerifierEvaluation({
            trace_summaries: [summary('queryRedisInfo', 'supported', 'used_memory 8.00G = maxmemory')],
          }),
        },
      },
    ],
    invalid: [
      {
        name: 'S34: a tool known only from trace_summaries whose evidence status is no_evidence, in any case',
        case: { requiredEvidenceTools: ['queryTraces'] },
        trace: {
          verifierEvaluation: makeVerifierEvaluation({
            trace_summaries: [summary('queryTraces', 'No_Evidence', 'trace search ran')],
          }),
        },
        message: '"queryTraces" (its call: evidence status "No_Evidence" in trace_summaries)',
        ...withoutEvidence('"queryTraces"', 'its call', [['summaryStatus', '"No_Evidence"']]),
      },
      {
        name: 'S34 EN: a required call that errored',
        case: required,
        trace: {
          toolInvocations: [call('queryMetrics'), call('queryLogs', { errorMessage: 'Elasticsearch timed out' })],
        },
        message: '"queryLogs" (its call: error message "Elasticsearch timed out")',
        ...withoutEvidence('"queryLogs"', 'its call', [['errorMessage', '"Elasticsearch timed out"']]),
      },
      {
        name: 'S34: a required call with evidence status no_evidence',
        case: required,
        trace: { toolInvocations: [call('queryMetrics', { evidenceStatus: 'no_evidence' }), call('queryLogs')] },
        message: '"queryMetrics" (its call: evidence status "no_evidence")',
        ...withoutEvidence('"queryMetrics"', 'its call', [['statusWithoutEvidence', 'no_evidence']]),
      },
      {
        name: 'S34 EN: an empty list as the result',
        case: required,
        trace: { toolInvocations: [call('queryMetrics', { resultSummary: '[]' }), call('queryLogs')] },
        message: 'empty result summary "[]"',
        ...withoutEvidence('"queryMetrics"', 'its call', [['emptyResult', '"[]"']]),
      },
      {
        name: 'S34 EN: "No data." as the result',
        case: required,
        trace: { toolInvocations: [call('queryMetrics'), call('queryLogs', { resultSummary: 'No data.' })] },
        message: 'empty result summary "No data."',
        ...withoutEvidence('"queryLogs"', 'its call', [['emptyResult', '"No data."']]),
      },
      {
        name: 'S34 EN: an empty string as the result',
        case: required,
        trace: { toolInvocations: [call('queryMetrics', { resultSummary: '  ' }), call('queryLogs')] },
        message: 'empty result summary',
        ...withoutEvidence('"queryMetrics"', 'its call', [['emptyResult', '"  "']]),
      },
      {
        name: 'S34 ZH: 结果为“无数据”',
        case: required,
        trace: { toolInvocations: [call('queryMetrics', { resultSummary: '无数据' }), call('queryLogs')] },
        message: 'empty result summary "无数据"',
        ...withoutEvidence('"queryMetrics"', 'its call', [['emptyResult', '"无数据"']]),
      },
      {
        name: 'S34 ZH: 结果为“查询结果为空。”',
        case: required,
        trace: { toolInvocations: [call('queryMetrics'), call('queryLogs', { resultSummary: '查询结果为空。' })] },
        message: '"queryLogs"',
        ...withoutEvidence('"queryLogs"', 'its call', [['emptyResult', '"查询结果为空。"']]),
      },
      {
        name: 'S34: a failure payload {"status":"error"}',
        case: required,
        trace: {
          toolInvocations: [
            call('queryMetrics', { resultSummary: '{"status":"error","message":"backend down"}' }),
            call('queryLogs'),
          ],
        },
        message: 'failure payload',
        messageId: 'withoutEvidence',
        data: {
          toolWord: 'tool',
          tools: {
            parts: [
              {
                messageId: 'tool',
                data: {
                  tool: '"queryMetrics"',
                  calls: 'its call',
                  reasons: {
                    parts: [
                      {
                        messageId: 'failurePayload',
                        data: { found: '"{\\"status\\":\\"error\\",\\"message\\":\\"backend ..."' },
                      },
                    ],
                    separator: ', ',
                  },
                },
              },
            ],
            separator: '; ',
          },
        },
      },
      {
        name: 'S34: a failure payload {"isError": true} as an object',
        case: required,
        trace: {
          toolInvocations: [
            call('queryMetrics', { resultSummary: { isError: true, content: 'quota exceeded' } }),
            call('queryLogs'),
          ],
        },
        message: 'failure payload {"isError":true,"content":"quota exceeded"}',
        ...withoutEvidence('"queryMetrics"', 'its call', [
          ['failurePayload', '{"isError":true,"content":"quota exceeded"}'],
        ]),
      },
      {
        name: 'S34: a failure payload with an error key',
        case: required,
        trace: {
          toolInvocations: [call('queryMetrics', { resultSummary: '{"error": {"code": 503}}' }), call('queryLogs')],
        },
        message: 'failure payload',
        ...withoutEvidence('"queryMetrics"', 'its call', [['failurePayload', '"{\\"error\\": {\\"code\\": 503}}"']]),
      },
      {
        name: 'S34: an empty object as the result',
        case: required,
        trace: { toolInvocations: [call('queryMetrics', { resultSummary: {} }), call('queryLogs')] },
        message: 'empty result summary {}',
        ...withoutEvidence('"queryMetrics"', 'its call', [['emptyResult', '{}']]),
      },
      {
        name: 'S34: a verifier summary cannot rescue a tool whose calls all failed',
        case: required,
        trace: {
          toolInvocations: [
            call('queryMetrics'),
            call('queryLogs', { resultSummary: '[]' }),
            call('queryLogs', { evidenceStatus: 'no_evidence' }),
          ],
          verifierEvaluation: makeVerifierEvaluation({
            trace_summaries: [summary('queryLogs', 'supported', 'pool exhausted')],
          }),
        },
        message: '"queryLogs" (all 2 calls: empty result summary "[]", evidence status "no_evidence")',
        ...withoutEvidence('"queryLogs"', 'all 2 calls', [
          ['emptyResult', '"[]"'],
          ['statusWithoutEvidence', 'no_evidence'],
        ]),
      },
      {
        name: 'S34: a tool known only from trace_summaries with an empty summary',
        case: { requiredEvidenceTools: ['queryTraces'] },
        trace: {
          verifierEvaluation: makeVerifierEvaluation({
            trace_summaries: [summary('queryTraces', 'supported', '暂无数据')],
          }),
        },
        message: '"queryTraces"',
        ...withoutEvidence('"queryTraces"', 'its call', [['emptyResult', '"暂无数据"']]),
      },
      {
        name: 'S34: a configured empty-result marker counts too',
        case: required,
        contract: { emptyResultMarkers: ['nothing matched'] },
        trace: { toolInvocations: [call('queryMetrics', { resultSummary: 'Nothing matched' }), call('queryLogs')] },
        message: 'empty result summary "Nothing matched"',
        ...withoutEvidence('"queryMetrics"', 'its call', [['emptyResult', '"Nothing matched"']]),
      },
    ],
    skipped: [
      {
        name: 'S34: skipped when the case requires no tools',
        trace: { toolInvocations: [call('queryMetrics', { resultSummary: '[]' })] },
        message: 'requires no evidence tools',
      },
      {
        name: 'S34: skipped when no required tool is covered (evidence-coverage fails instead)',
        case: required,
        trace: { toolInvocations: [] },
        message: 'see evidence-coverage',
      },
    ],
  });

  it('S34: a failure payload nested too deeply to write as JSON is named by its type, not a crash', () => {
    let nested: unknown = 'backend down';
    for (let level = 0; level < 100_000; level += 1) nested = { cause: nested };
    const finding = runCheck(evidenceSubstanceCheck, {
      case: required,
      trace: { toolInvocations: [call('queryMetrics', { resultSummary: { error: nested } }), call('queryLogs')] },
    });
    expect(finding).toMatchObject({ outcome: 'fail', messageId: 'withoutEvidence' });
    expect(finding.message).toContain('"queryMetrics" (its call: failure payload an object)');
  });
});

/**
 * The finding of a case where one required tool yielded no evidence: the tool and its calls as the
 * message names them, and why, each reason a messageId and what was found.
 */
function withoutEvidence(tool: string, calls: string, reasons: [messageId: string, found: string][]) {
  const parts = reasons.map(([messageId, found]) => ({ messageId, data: { found } }));
  return {
    messageId: 'withoutEvidence',
    data: {
      toolWord: 'tool',
      tools: {
        parts: [{ messageId: 'tool', data: { tool, calls, reasons: { parts, separator: ', ' } } }],
        separator: '; ',
      },
    },
  };
}

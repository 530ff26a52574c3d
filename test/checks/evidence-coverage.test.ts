import { describe, expect, it } from 'vitest';

import { evidenceCoverageCheck } from '../../src/checks/evidence-coverage.js';
import { computeEvidenceCoverage } from '../../src/checks/measures/evidence-coverage.js';
import { makeContext, makeVerifierEvaluation, testCheck, toolCall } from './helpers.js';

const requiresLogsAndMetrics = { requiredEvidenceTools: ['queryMetrics', 'queryLogs'] };

function summaries(...entries: unknown[]): Record<string, unknown> {
  return makeVerifierEvaluation({ trace_summaries: entries });
}

describe('evidence-coverage (S03)', () => {
  testCheck(evidenceCoverageCheck, {
    valid: [
      {
        name: 'S03 covers required tools from toolInvocations',
        case: requiresLogsAndMetrics,
        trace: { toolInvocations: [toolCall('queryMetrics'), toolCall('queryLogs')] },
        message: 'all 2 required evidence tools covered: "queryMetrics", "queryLogs"',
      },
      {
        name: 'S03 covers a required tool from snake_case trace_summaries',
        case: requiresLogsAndMetrics,
        trace: {
          toolInvocations: [toolCall('queryMetrics')],
          verifierEvaluation: summaries({ tool_name: 'queryLogs', evidence_status: 'supported', summary: '慢查询' }),
        },
      },
      {
        name: 'S03 counts a tool with no evidence status as covered',
        case: requiresLogsAndMetrics,
        trace: {
          toolInvocations: [toolCall('queryMetrics', null)],
          verifierEvaluation: summaries({ tool_name: 'queryLogs' }, { tool_name: 'queryLogs', evidence_status: null }),
        },
      },
      {
        name: 'S03 counts no_evidence and deduped statuses as covered',
        case: requiresLogsAndMetrics,
        trace: { toolInvocations: [toolCall('queryMetrics', 'no_evidence'), toolCall('queryLogs', 'deduped')] },
      },
      {
        name: 'S03 covers a tool whose failed call was retried with success',
        case: { requiredEvidenceTools: ['queryLogs'] },
        trace: { toolInvocations: [toolCall('queryLogs', 'failed'), toolCall('queryLogs', 'supported')] },
        message: 'the required evidence tool "queryLogs" is covered',
      },
      {
        name: 'S03 covers a tool whose failed call has a supported summary',
        case: { requiredEvidenceTools: ['queryLogs'] },
        trace: {
          toolInvocations: [toolCall('queryLogs', 'failed')],
          verifierEvaluation: summaries({ tool_name: 'queryLogs', evidence_status: 'SUPPORTED' }),
        },
      },
    ],
    invalid: [
      {
        name: 'S73 fails a set of alternatives none of which was called, named as a set',
        case: { requiredEvidenceTools: [], requiredEvidenceAlternatives: [['queryLogs', 'searchLogs']] },
        trace: { toolInvocations: [toolCall('queryMetrics')] },
        message:
          'required evidence tool not covered: any of "queryLogs", "searchLogs" (none in toolInvocations or trace_summaries); 0 of 1 covered',
        ...notCovered({ covered: 0, required: 1 }, [
          { messageId: 'noAlternativeFound', data: { tools: '"queryLogs", "searchLogs"' } },
        ]),
      },
      {
        name: 'S73 fails a set of alternatives whose every call failed',
        case: { requiredEvidenceTools: [], requiredEvidenceAlternatives: [['queryLogs', 'searchLogs']] },
        trace: { toolInvocations: [toolCall('searchLogs', 'failed'), toolCall('queryLogs', 'failed')] },
        message: 'any of "queryLogs", "searchLogs" (only with evidence status failed)',
        ...notCovered({ covered: 0, required: 1 }, [
          { messageId: 'alternativesOnlyFailed', data: { tools: '"queryLogs", "searchLogs"' } },
        ]),
      },
      {
        name: 'S03 names a required tool that was never called',
        case: requiresLogsAndMetrics,
        trace: { toolInvocations: [toolCall('queryMetrics')] },
        message: 'not covered: "queryLogs" (not in toolInvocations or trace_summaries); 1 of 2 covered',
        ...notCovered({ covered: 1, required: 2 }, [{ messageId: 'notFound', data: { tool: '"queryLogs"' } }]),
      },
      {
        name: 'S03 does not count an invocation with evidence status failed',
        case: requiresLogsAndMetrics,
        trace: { toolInvocations: [toolCall('queryMetrics'), toolCall('queryLogs', 'failed')] },
        message: '"queryLogs" (only with evidence status failed)',
        ...notCovered({ covered: 1, required: 2 }, [{ messageId: 'onlyFailed', data: { tool: '"queryLogs"' } }]),
      },
      {
        name: 'S03 does not count a trace summary with evidence status FAILED in any case',
        case: { requiredEvidenceTools: ['queryLogs'] },
        trace: { verifierEvaluation: summaries({ tool_name: 'queryLogs', evidence_status: 'FAILED' }) },
        message: '"queryLogs" (only with evidence status failed)',
        ...notCovered({ covered: 0, required: 1 }, [{ messageId: 'onlyFailed', data: { tool: '"queryLogs"' } }]),
      },
      {
        name: 'S03 compares tool names exactly',
        case: { requiredEvidenceTools: ['queryLogs'] },
        trace: { toolInvocations: [toolCall('querylogs'), toolCall('queryLogs ')] },
        message: '"queryLogs" (not in toolInvocations or trace_summaries)',
        ...notCovered({ covered: 0, required: 1 }, [{ messageId: 'notFound', data: { tool: '"queryLogs"' } }]),
      },
      {
        name: 'S03 names every missing tool in case-file order',
        case: requiresLogsAndMetrics,
        message: 'tools not covered: "queryMetrics" (not in toolInvocations or trace_summaries), "queryLogs"',
        ...notCovered({ covered: 0, required: 2 }, [
          { messageId: 'notFound', data: { tool: '"queryMetrics"' } },
          { messageId: 'notFound', data: { tool: '"queryLogs"' } },
        ]),
      },
      {
        name: 'S03 fails without a verifier evaluation when the tool was not called',
        case: { requiredEvidenceTools: ['queryLogs'] },
        trace: { verifierEvaluation: null },
        message: '"queryLogs"',
        ...notCovered({ covered: 0, required: 1 }, [{ messageId: 'notFound', data: { tool: '"queryLogs"' } }]),
      },
      {
        name: 'S03 ignores malformed trace_summaries entries',
        case: { requiredEvidenceTools: ['queryLogs'] },
        trace: {
          verifierEvaluation: summaries(null, 'queryLogs', ['queryLogs'], { tool_name: 7 }, { toolName: 'queryLogs' }),
        },
        message: '"queryLogs" (not in toolInvocations or trace_summaries)',
        ...notCovered({ covered: 0, required: 1 }, [{ messageId: 'notFound', data: { tool: '"queryLogs"' } }]),
      },
      {
        name: 'S03 ignores trace_summaries that is not a list',
        case: { requiredEvidenceTools: ['queryLogs'] },
        trace: { verifierEvaluation: makeVerifierEvaluation({ trace_summaries: { tool_name: 'queryLogs' } }) },
        message: '"queryLogs"',
        ...notCovered({ covered: 0, required: 1 }, [{ messageId: 'notFound', data: { tool: '"queryLogs"' } }]),
      },
    ],
    skipped: [
      {
        name: 'S03 skips a case that requires no evidence tools',
        trace: { toolInvocations: [toolCall('queryLogs', 'failed')] },
        message: 'requires no evidence tools',
      },
    ],
  });
});

describe('evidence-coverage with the coverage already computed', () => {
  it('reads the coverage the context carries (the evaluator computes it once per trace) and gives the same finding', () => {
    const input = {
      case: { requiredEvidenceTools: ['queryLogs', 'queryMetrics'] },
      trace: { toolInvocations: [toolCall('queryLogs'), toolCall('queryMetrics', 'failed')] },
    };
    const context = makeContext(input);
    const computed = computeEvidenceCoverage(context.evalCase, context.trace);
    expect(evidenceCoverageCheck.run({ ...context, evidenceCoverage: computed })).toEqual(
      evidenceCoverageCheck.run(makeContext(input)),
    );
    const carried = {
      required: ['queryLogs', 'queryMetrics'],
      covered: ['queryLogs', 'queryMetrics'],
      missing: [],
      ratio: 1,
    };
    expect(evidenceCoverageCheck.run({ ...context, evidenceCoverage: carried }).outcome).toBe('pass');
  });
});

/** The finding of a case whose required evidence is not all covered: the counts, and why, one reason a tool. */
function notCovered(
  counts: { covered: number; required: number },
  reasons: { messageId: string; data: Record<string, string> }[],
) {
  const toolWord = reasons.length === 1 ? 'tool' : 'tools';
  return { messageId: 'notCovered', data: { toolWord, reasons: { parts: reasons, separator: ', ' }, ...counts } };
}

import { describe, expect, it } from 'vitest';

import { collectToolEvidence, computeEvidenceCoverage } from '../../../src/checks/measures/evidence-coverage.js';
import type { EvidenceCoverage } from '../../../src/report/types.js';
import type { ToolInvocation } from '../../../src/trace/types.js';
import { makeCase, makeTrace, makeVerifierEvaluation, toolCall } from '../helpers.js';

interface Row {
  name: string;
  required: string[];
  invocations?: ToolInvocation[];
  summaries?: unknown;
  expected: EvidenceCoverage;
}

const rows: Row[] = [
  {
    name: 'S03 gives a null ratio and empty lists when nothing is required',
    required: [],
    invocations: [toolCall('queryLogs')],
    expected: { required: [], covered: [], missing: [], ratio: null },
  },
  {
    name: 'S03 keeps case-file order whatever the trace order',
    required: ['queryMetrics', 'queryLogs', 'queryTraces'],
    invocations: [toolCall('queryTraces'), toolCall('queryMetrics')],
    expected: {
      required: ['queryMetrics', 'queryLogs', 'queryTraces'],
      covered: ['queryMetrics', 'queryTraces'],
      missing: ['queryLogs'],
      ratio: 0.6667,
    },
  },
  {
    name: 'S03 rounds the ratio to 4 places',
    required: ['a', 'b', 'c'],
    invocations: [toolCall('a')],
    expected: { required: ['a', 'b', 'c'], covered: ['a'], missing: ['b', 'c'], ratio: 0.3333 },
  },
  {
    name: 'S03 reads snake_case trace_summaries and their status in any case',
    required: ['queryLogs', 'queryMetrics', 'queryTraces'],
    summaries: [
      { tool_name: 'queryLogs', evidence_status: 'Supported' },
      { tool_name: 'queryMetrics', evidence_status: 'FAILED' },
      { tool_name: 'queryTraces' },
    ],
    expected: {
      required: ['queryLogs', 'queryMetrics', 'queryTraces'],
      covered: ['queryLogs', 'queryTraces'],
      missing: ['queryMetrics'],
      ratio: 0.6667,
    },
  },
  {
    name: 'S03 does not count a failed invocation',
    required: ['queryLogs'],
    invocations: [toolCall('queryLogs', 'failed')],
    expected: { required: ['queryLogs'], covered: [], missing: ['queryLogs'], ratio: 0 },
  },
  {
    name: 'S03 compares tool names exactly',
    required: ['queryLogs'],
    invocations: [toolCall('QueryLogs')],
    summaries: [{ tool_name: 'querylogs', evidence_status: 'supported' }],
    expected: { required: ['queryLogs'], covered: [], missing: ['queryLogs'], ratio: 0 },
  },
  {
    name: 'S03 ignores malformed trace_summaries entries',
    required: ['queryLogs', 'queryMetrics'],
    summaries: [
      null,
      1,
      'queryLogs',
      [{ tool_name: 'queryLogs' }],
      { tool_name: ['queryLogs'] },
      { tool_name: 'queryMetrics' },
    ],
    expected: {
      required: ['queryLogs', 'queryMetrics'],
      covered: ['queryMetrics'],
      missing: ['queryLogs'],
      ratio: 0.5,
    },
  },
  {
    name: 'S03 ignores trace_summaries that is not a list',
    required: ['queryLogs'],
    summaries: 'queryLogs',
    expected: { required: ['queryLogs'], covered: [], missing: ['queryLogs'], ratio: 0 },
  },
];

describe('computeEvidenceCoverage (S03)', () => {
  it.each(rows)('$name', ({ required, invocations, summaries, expected }) => {
    const trace = makeTrace({
      toolInvocations: invocations ?? [],
      verifierEvaluation:
        summaries === undefined ? makeVerifierEvaluation() : makeVerifierEvaluation({ trace_summaries: summaries }),
    });
    expect(computeEvidenceCoverage(makeCase({ requiredEvidenceTools: required }), trace)).toEqual(expected);
  });

  it('S03 covers tools from invocations alone when the verifier evaluation is missing', () => {
    const trace = makeTrace({ toolInvocations: [toolCall('queryLogs')], verifierEvaluation: null });
    expect(computeEvidenceCoverage(makeCase({ requiredEvidenceTools: ['queryLogs'] }), trace).ratio).toBe(1);
  });

  it('S03 returns lists that do not share the case arrays', () => {
    const evalCase = makeCase({ requiredEvidenceTools: ['queryLogs'] });
    const coverage = computeEvidenceCoverage(evalCase, makeTrace());
    coverage.required.push('changed');
    expect(evalCase.requiredEvidenceTools).toEqual(['queryLogs']);
  });
});

describe('collectToolEvidence (S03)', () => {
  it('S03 tells a tool seen only with failed evidence from a covering one', () => {
    const trace = makeTrace({
      toolInvocations: [toolCall('queryLogs', 'failed'), toolCall('queryMetrics', 'failed')],
      verifierEvaluation: makeVerifierEvaluation({
        trace_summaries: [{ tool_name: 'queryMetrics', evidence_status: 'deduped' }],
      }),
    });
    expect(Object.fromEntries(collectToolEvidence(trace))).toEqual({
      queryLogs: { covering: false },
      queryMetrics: { covering: true },
    });
  });
});

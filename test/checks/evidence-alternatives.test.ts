import { describe, expect, it } from 'vitest';
import { evidenceCoverageCheck } from '../../src/checks/evidence-coverage.js';
import { computeEvidenceCoverage } from '../../src/checks/measures/evidence-coverage.js';
import { compareReports } from '../../src/diff/compare.js';
import { makeCaseResult, makeReport } from '../diff/helpers.js';
import { makeCase, makeTrace, testCheck, toolCall } from './helpers.js';

const ALTERNATIVES = {
  requiredEvidenceTools: ['queryLogs'],
  requiredEvidenceAlternatives: [['queryMetrics', 'queryPrometheusAlerts']],
};

/** requiredEvidenceTools: [{ any: [queryMetrics, queryPrometheusAlerts] }, queryLogs] (S73). */
describe('evidence-coverage with a set of alternatives (S73)', () => {
  testCheck(evidenceCoverageCheck, {
    valid: [
      {
        name: 'S73 the second alternative covers the set, reported by its name',
        case: ALTERNATIVES,
        trace: { toolInvocations: [toolCall('queryPrometheusAlerts'), toolCall('queryLogs')] },
        message: 'all 2 required evidence tools covered: "queryLogs", "queryPrometheusAlerts"',
      },
      {
        name: 'S73 the first alternative covers the set',
        case: ALTERNATIVES,
        trace: { toolInvocations: [toolCall('queryMetrics'), toolCall('queryLogs')] },
        message: '"queryMetrics"',
      },
    ],
    invalid: [
      {
        name: 'S73 none of the alternatives called',
        case: ALTERNATIVES,
        trace: { toolInvocations: [toolCall('queryLogs')] },
        message:
          'required evidence tool not covered: any of "queryMetrics", "queryPrometheusAlerts" (none in toolInvocations or trace_summaries); 1 of 2 covered',
        messageId: 'notCovered',
        data: {
          toolWord: 'tool',
          reasons: {
            parts: [{ messageId: 'noAlternativeFound', data: { tools: '"queryMetrics", "queryPrometheusAlerts"' } }],
            separator: ', ',
          },
          covered: 1,
          required: 2,
        },
      },
      {
        name: 'S73 the alternative called only failed',
        case: ALTERNATIVES,
        trace: { toolInvocations: [toolCall('queryPrometheusAlerts', 'failed'), toolCall('queryLogs')] },
        message: 'any of "queryMetrics", "queryPrometheusAlerts" (only with evidence status failed)',
        messageId: 'notCovered',
        data: {
          toolWord: 'tool',
          reasons: {
            parts: [
              { messageId: 'alternativesOnlyFailed', data: { tools: '"queryMetrics", "queryPrometheusAlerts"' } },
            ],
            separator: ', ',
          },
          covered: 1,
          required: 2,
        },
      },
    ],
    skipped: [
      {
        name: 'S73 no required tools and no sets of alternatives require nothing',
        case: { requiredEvidenceTools: [], requiredEvidenceAlternatives: [] },
        trace: { toolInvocations: [toolCall('queryLogs')] },
        message: 'the case requires no evidence tools',
      },
    ],
  });

  it('S73 the report names the set in required and missing, and the tool that covered it in covered', () => {
    const evalCase = makeCase({ ...ALTERNATIVES });
    expect(computeEvidenceCoverage(evalCase, makeTrace({ toolInvocations: [toolCall('queryMetrics')] }))).toEqual({
      required: ['queryLogs', 'queryMetrics | queryPrometheusAlerts'],
      covered: ['queryMetrics'],
      missing: ['queryLogs'],
      ratio: 0.5,
    });
  });

  it('S73 the diff sees a set covered by another of its tools as still covered, and a set no tool covers as a regression', () => {
    const label = 'queryMetrics | queryPrometheusAlerts';
    const report = (covered: string[]) =>
      makeReport([
        {
          ...makeCaseResult({ caseId: 'a' }),
          evidenceCoverage: {
            required: [label],
            covered,
            missing: covered.length === 0 ? [label] : [],
            ratio: covered.length,
          },
        },
      ]);
    const evidenceItems = (before: string[], after: string[]) =>
      compareReports(report(before), report(after), { costTolerance: 0 }).items.filter(
        (item) => item.scope === 'evidence',
      );
    expect(evidenceItems(['queryMetrics'], ['queryPrometheusAlerts'])).toEqual([]);
    expect(evidenceItems(['queryMetrics'], []).map((item) => [item.kind, item.tool])).toEqual([['regression', label]]);
  });
});

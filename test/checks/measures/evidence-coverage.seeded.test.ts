import { describe, expect, it } from 'vitest';
import { collectToolEvidence, computeEvidenceCoverage } from '../../../src/checks/measures/evidence-coverage.js';
import { makeCase, makeTrace, makeVerifierEvaluation, toolCall } from '../helpers.js';

/** The coverage computed without the evidence map held to the map, on seeded random traces (the rows: evidence-coverage.test.ts). */
describe('computeEvidenceCoverage agrees with collectToolEvidence', () => {
  it('a required tool is covered exactly when collectToolEvidence marks it covering, duplicates and odd summaries included', () => {
    const tools = ['queryLogs', 'queryMetrics', 'queryRedisInfo'];
    const statuses = ['supported', 'failed', 'FAILED', 'deduped', null, 42];
    let seed = 11;
    const pick = <T>(list: readonly T[]): T => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return list[seed % list.length] as T;
    };
    for (let round = 0; round < 300; round += 1) {
      const invocations = Array.from({ length: pick([0, 1, 2, 3]) }, () =>
        toolCall(pick(tools), pick(['supported', 'failed', 'deduped', null] as const)),
      );
      const summaries = Array.from({ length: pick([0, 1, 2, 3]) }, () =>
        pick<unknown>([
          { tool_name: pick(tools), evidence_status: pick(statuses) },
          { tool_name: pick(tools) },
          'not an object',
          [pick(tools)],
          { tool_name: 7 },
        ]),
      );
      const required = Array.from({ length: pick([0, 1, 2, 3, 4]) }, () => pick(tools));
      const trace = makeTrace({
        toolInvocations: invocations,
        verifierEvaluation: pick([makeVerifierEvaluation({ trace_summaries: summaries }), null]),
      });
      const evidence = collectToolEvidence(trace);
      const covering = required.filter((tool) => evidence.get(tool)?.covering === true);
      expect(computeEvidenceCoverage(makeCase({ requiredEvidenceTools: required }), trace)).toEqual({
        required,
        covered: covering,
        missing: required.filter((tool) => evidence.get(tool)?.covering !== true),
        ratio: required.length === 0 ? null : Math.round((covering.length / required.length) * 10_000) / 10_000,
      });
    }
  });
});

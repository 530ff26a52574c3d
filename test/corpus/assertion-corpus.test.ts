import { describe, expect, it } from 'vitest';
import { DEFAULT_CONTRACT } from '../../src/config/contract.js';
import { evaluateRun } from '../../src/evaluate/evaluate.js';
import type { CaseResult } from '../../src/report/types.js';
import { makeEvalCase } from '../helpers/eval-case.js';
import { buildTrace, toolCall } from '../helpers/trace-builder.js';
import { LEGITIMATE_ANSWERS, REGRESSED_ANSWERS, SCENARIOS, type ScenarioName } from './assertion-corpus.js';

function evaluateAnswer(scenario: ScenarioName, answer: string): CaseResult {
  const { evidence, ...expectations } = SCENARIOS[scenario];
  const evalCase = makeEvalCase({ ...expectations, minKeywordCoverage: 1 });
  const document = buildTrace({
    finalAnswer: answer,
    toolInvocations: [{ ...toolCall('queryMetrics'), resultSummary: evidence }],
  });
  return evaluateRun(
    evalCase,
    { kind: 'document', document, traceFixture: 'corpus.json', sessionId: null },
    DEFAULT_CONTRACT,
  );
}

describe('S33 assertion corpus: legitimate answers pass keyword-coverage and forbidden-confirmed-claims', () => {
  it('S33 the corpus holds at least 40 legitimate answers, in English and Chinese', () => {
    expect(LEGITIMATE_ANSWERS.length).toBeGreaterThanOrEqual(40);
    expect(LEGITIMATE_ANSWERS.filter((entry) => entry.kind.startsWith('EN')).length).toBeGreaterThanOrEqual(15);
    expect(LEGITIMATE_ANSWERS.filter((entry) => entry.kind.startsWith('ZH')).length).toBeGreaterThanOrEqual(15);
  });

  it.each(LEGITIMATE_ANSWERS)('S33 $scenario, $kind: $answer', ({ scenario, answer }) => {
    const result = evaluateAnswer(scenario, answer);
    expect(result.failedChecks).toEqual([]);
    const outcomes = result.checks
      .filter((row) => row.check === 'keyword-coverage' || row.check === 'forbidden-confirmed-claims')
      .map((row) => row.outcome);
    expect(outcomes).toEqual(['pass', 'pass']);
  });
});

describe('S33 assertion corpus: regressed answers fail the right check', () => {
  it('S33 the corpus holds at least 40 regressed answers, in English and Chinese', () => {
    expect(REGRESSED_ANSWERS.length).toBeGreaterThanOrEqual(40);
    expect(REGRESSED_ANSWERS.filter((entry) => entry.kind.startsWith('EN')).length).toBeGreaterThanOrEqual(15);
    expect(REGRESSED_ANSWERS.filter((entry) => entry.kind.startsWith('ZH')).length).toBeGreaterThanOrEqual(15);
  });

  it.each(REGRESSED_ANSWERS)('S33 $scenario, $kind fails $fails: $answer', ({ scenario, answer, fails }) => {
    const result = evaluateAnswer(scenario, answer);
    expect(result.status).toBe('failed');
    expect(result.failedChecks.map((failed) => failed.check)).toContain(fails);
  });
});

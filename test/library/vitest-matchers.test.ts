import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import '../../src/vitest.js';
import type { CaseDefinition, Report } from '../../src/index.js';
import { REPO_ROOT } from '../helpers/project.js';
import { buildTrace, toolCall } from '../helpers/trace-builder.js';

const poolCase: CaseDefinition = {
  id: 'payment-timeout-db-pool',
  question: 'Why do payments time out?',
  rootCauseKeywords: [['connection pool', '连接池']],
  requiredEvidenceTools: ['queryMetrics', 'queryLogs'],
  allowedVerdicts: ['PASS', 'REVISE'],
};

const goodTrace = buildTrace({
  finalAnswer: '连接池耗尽 (connection pool exhausted)',
  toolInvocations: [toolCall('queryMetrics'), toolCall('queryLogs')],
});
const badTrace = buildTrace({
  verdict: 'REJECT',
  finalAnswer: 'The database is down.',
  toolInvocations: [toolCall('queryMetrics')],
});

const readReport = (path: string): Report => JSON.parse(readFileSync(join(REPO_ROOT, path), 'utf8')) as Report;

describe('diagnosis-eval-harness/vitest matchers (S56)', () => {
  it('S56: toPassCase passes for a trace that passes the case, and .not for one that does not', () => {
    expect(goodTrace).toPassCase(poolCase);
    expect(badTrace).not.toPassCase(poolCase);
  });

  it('S56: a failing toPassCase names the case and each failing check with its message', () => {
    expect(() => expect(badTrace).toPassCase(poolCase)).toThrowError(
      /expected the trace to pass case "payment-timeout-db-pool"; 3 checks fail:\n {2}- evidence-coverage: required evidence tool not covered: "queryLogs".*\n {2}- verdict-allowed: verdict "REJECT" is not one of the allowed verdicts/su,
    );
    expect(() => expect(goodTrace).not.toPassCase(poolCase)).toThrowError(
      'expected the trace not to pass case "payment-timeout-db-pool", but every check passed or was skipped',
    );
  });

  it('S56: toHaveNoRegressionsAgainst: a report against itself passes; the regressed example fails with every regression listed', async () => {
    const baseline = readReport('docs/eval/baseline/report.json');
    expect(baseline).toHaveNoRegressionsAgainst(baseline);

    const { loadCaseFile, createFixtureDirSource, runCases, DEFAULT_CONTRACT } = await import('../../src/index.js');
    const cases = await loadCaseFile(join(REPO_ROOT, 'eval', 'cases.yaml'), 'eval/cases.yaml', DEFAULT_CONTRACT);
    const regressed = await runCases(
      cases,
      createFixtureDirSource(join(REPO_ROOT, 'eval', 'examples', 'regressed'), cases, REPO_ROOT),
      DEFAULT_CONTRACT,
    );
    expect(regressed).not.toHaveNoRegressionsAgainst(baseline);
    let message = '';
    try {
      expect(regressed).toHaveNoRegressionsAgainst(baseline);
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message.split('\n')[0]).toBe('expected no regressions against the baseline; found 11 regressions:');
    expect(message).toContain(
      '  - inventory-sync-kafka-lag: check verdict-allowed now fails: verdict "REVISE" is not one of the allowed verdicts "PASS"',
    );
  });

  it('S56: cost tolerance is passed on: a 20% rise in tool calls is a regression only with a tolerance below it', () => {
    const baseline = readReport('docs/eval/baseline/report.json');
    const costlier: Report = {
      ...baseline,
      summary: { ...baseline.summary, avgToolCalls: (baseline.summary.avgToolCalls ?? 0) * 1.2 },
    };
    expect(costlier).toHaveNoRegressionsAgainst(baseline);
    expect(costlier).not.toHaveNoRegressionsAgainst(baseline, { costTolerance: 0.1 });
  });

  it('S56: something that is not a report fails with a message saying so', () => {
    expect(() =>
      expect({ cases: 'none' }).toHaveNoRegressionsAgainst(readReport('docs/eval/baseline/report.json')),
    ).toThrowError(
      /^expected two reports \(report\.json objects with summary and cases\) to compare; the received value is not one at \w+: /u,
    );
  });

  it('S56: a case definition with several problems fails toPassCase listing every one, none cut off', () => {
    expect(() => expect(goodTrace).toPassCase({ id: 'x' } as CaseDefinition)).toThrowError(
      /^expected a case definition and a trace to evaluate; 3 problems:\n {2}- evaluateTrace: caseDefinition\.question: missing; expected text\n(?: {2}- evaluateTrace: caseDefinition: missing \w+; expected it in the case or in defaults(?:\n|$)){2}$/u,
    );
  });

  it('the matchers fail with a message, never throw, on any malformed input', () => {
    const baseline = readReport('docs/eval/baseline/report.json');
    const firstCase = baseline.cases[0] as unknown as Record<string, unknown>;
    const malformed: unknown[] = [
      null,
      42,
      { summary: {}, cases: [] },
      { ...baseline, cases: [null] },
      { ...baseline, cases: [{ ...firstCase, checks: 'x' }] },
      { ...baseline, cases: [{ ...firstCase, failedChecks: [null] }] },
      { ...baseline, summary: { ...baseline.summary, passRate: 'high' } },
    ];
    const failure = (run: () => void): Error => {
      try {
        run();
      } catch (error) {
        return error as Error;
      }
      throw new Error('the matcher passed');
    };
    for (const report of malformed) {
      for (const run of [
        () => expect(report).toHaveNoRegressionsAgainst(baseline),
        () => expect(baseline).toHaveNoRegressionsAgainst(report as Report),
      ]) {
        const error = failure(run);
        expect(error).not.toBeInstanceOf(TypeError);
        expect(error.message).toMatch(/^expected two reports/u);
      }
    }
    for (const definition of [null, 42, { id: 'x' }, { id: 'x', rootCauseKeywords: 'pool' }]) {
      const error = failure(() => expect(goodTrace).toPassCase(definition as unknown as CaseDefinition));
      expect(error).not.toBeInstanceOf(TypeError);
      expect(error.message).toMatch(/^expected /u);
    }
  });
});

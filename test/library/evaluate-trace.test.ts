import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { type CaseDefinition, evaluateTrace, InputError, type Report } from '../../src/index.js';
import { REPO_ROOT } from '../helpers/project.js';
import { buildTrace, toolCall } from '../helpers/trace-builder.js';

interface RawCaseFile {
  defaults: CaseDefinition;
  cases: CaseDefinition[];
}

const bundled = parse(readFileSync(join(REPO_ROOT, 'eval', 'cases.yaml'), 'utf8')) as RawCaseFile;
const baseline = JSON.parse(readFileSync(join(REPO_ROOT, 'docs', 'eval', 'baseline', 'report.json'), 'utf8')) as Report;

const fixture = (id: string): unknown =>
  JSON.parse(readFileSync(join(REPO_ROOT, 'eval', 'fixtures', `${id}.json`), 'utf8'));

const poolCase: CaseDefinition = {
  id: 'pool',
  question: 'Why do payments time out?',
  rootCauseKeywords: [
    ['connection pool', '连接池'],
    ['exhausted', '耗尽'],
  ],
  requiredEvidenceTools: ['queryMetrics'],
  allowedVerdicts: ['PASS'],
};

describe('evaluateTrace (S55)', () => {
  it.each(bundled.cases.map((entry) => [entry.id, entry] as const))(
    'S55: %s: the same case result as the CLI writes in report.json',
    (id, entry) => {
      const result = evaluateTrace(entry, fixture(id), {
        defaults: bundled.defaults,
        traceFixture: `eval/fixtures/${id}.json`,
      });
      expect(result).toEqual(baseline.cases.find((row) => row.caseId === id));
    },
  );

  it.each([
    ['English answer', 'The connection pool is exhausted.', 'passed'],
    ['Chinese answer', '数据库连接池已耗尽。', 'passed'],
    ['an answer naming one concept of two', 'The connection pool is slow.', 'failed'],
  ])('S55: %s', (_label, finalAnswer, status) => {
    const result = evaluateTrace(poolCase, buildTrace({ finalAnswer, toolInvocations: [toolCall('queryMetrics')] }));
    expect(result.status).toBe(status);
    expect(result.traceFixture).toBeNull();
  });

  it('S55: pure: the same arguments give equal results whatever came between, and neither argument is changed', () => {
    const trace = buildTrace({ finalAnswer: 'connection pool exhausted', toolInvocations: [toolCall('queryMetrics')] });
    const frozen = structuredClone(trace);
    const definition = structuredClone(poolCase);
    const first = evaluateTrace(definition, trace);
    const untouched = structuredClone(first);
    // What a shared memo or interned row would carry over: the caller's changes to a result, and
    // another case and trace judged in between under the same id.
    for (const row of first.checks) row.message = 'changed by the caller';
    first.checks.push({ check: 'trace-loadable', outcome: 'fail', message: 'added by the caller' });
    const between = evaluateTrace(
      { ...definition, rootCauseKeywords: ['disk full'], requiredEvidenceTools: ['queryLogs'] },
      buildTrace({ finalAnswer: 'the disk is full', toolInvocations: [toolCall('queryLogs')] }),
    );
    expect(between.checks).not.toEqual(untouched.checks);
    expect(evaluateTrace(definition, trace)).toEqual(untouched);
    expect(untouched.status).toBe('passed');
    expect(trace).toEqual(frozen);
    expect(definition).toEqual(poolCase);
  });

  it('S55: a trace that breaks the trace shape fails trace-loadable, as in the CLI', () => {
    const result = evaluateTrace(poolCase, { toolInvocations: 'none' });
    expect(result.failedChecks).toEqual([
      { check: 'trace-loadable', message: expect.stringContaining('toolInvocations') },
    ]);
  });

  it("S55: contract overrides apply (a verdict of the service's own)", () => {
    const result = evaluateTrace(
      { ...poolCase, allowedVerdicts: ['OK'] },
      buildTrace({
        verdict: 'ok',
        finalAnswer: 'connection pool exhausted',
        toolInvocations: [toolCall('queryMetrics')],
      }),
      {
        contract: { verdicts: ['OK', 'REJECT'], passVerdict: 'OK' },
      },
    );
    expect(result.status).toBe('passed');
  });

  it('S55: an invalid case definition throws an InputError naming each problem at the argument', () => {
    const definition = {
      id: 'bad id',
      question: '',
      allowedVerdicts: ['MAYBE'],
      rootCauseKeywords: [],
      requiredEvidenceTools: [],
    } as CaseDefinition;
    let thrown: unknown;
    try {
      evaluateTrace(definition, buildTrace());
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(InputError);
    const problems = (thrown as InputError).problems;
    expect(problems).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^evaluateTrace: caseDefinition\.id: /u),
        expect.stringMatching(/^evaluateTrace: caseDefinition\.question: /u),
        'evaluateTrace: caseDefinition.allowedVerdicts[0]: found unknown verdict "MAYBE", expected one of PASS, REVISE, REJECT',
      ]),
    );
  });
});

describe('evaluateTrace options.contract (S55)', () => {
  it.each([
    [
      'a verdict list given as text',
      { verdicts: 'PASS' },
      /^evaluateTrace: options\.contract\.verdicts: .*expected a list of text/u,
    ],
    [
      'a pass verdict that is a number',
      { passVerdict: 5 },
      /^evaluateTrace: options\.contract\.passVerdict: .*expected text/u,
    ],
    [
      'an unknown key',
      { verdict: ['PASS'] },
      /^evaluateTrace: options\.contract\.verdict: unknown key "verdict" \(did you mean "verdicts"\?\)$/u,
    ],
    [
      'a block that is not an object',
      'PASS',
      /^evaluateTrace: options\.contract: .*expected an object of contract values/u,
    ],
    [
      'an overlap out of range',
      { degradedOutput: { maxDraftOverlap: 3 } },
      /^evaluateTrace: options\.contract\.degradedOutput\.maxDraftOverlap: .*expected a number from 0 to 1/u,
    ],
  ])('S55: %s throws an InputError naming options.contract, not a TypeError', (_label, contract, problem) => {
    let thrown: unknown;
    try {
      evaluateTrace(poolCase, buildTrace(), { contract: contract as never });
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(InputError);
    expect((thrown as InputError).problems).toEqual([expect.stringMatching(problem)]);
  });
});

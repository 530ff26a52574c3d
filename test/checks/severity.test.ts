import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { resolveCaseFile } from '../../src/cases/resolve-cases.js';
import type { EvalCase } from '../../src/cases/types.js';
import { CHECKS } from '../../src/checks/index.js';
import { main } from '../../src/cli/main.js';
import { DEFAULT_CONTRACT } from '../../src/config/contract.js';
import { loadConfig } from '../../src/config/load-config.js';
import { compareReports } from '../../src/diff/compare.js';
import { evaluateRun } from '../../src/evaluate/evaluate.js';
import { InputError } from '../../src/io/errors.js';
import { parseStructuredText } from '../../src/io/structured-file.js';
import { buildReport } from '../../src/report/build.js';
import { renderReportMarkdown } from '../../src/report/render/markdown.js';
import type { CaseResult } from '../../src/report/types.js';
import { makeCaseResult, makeReport } from '../diff/helpers.js';
import { makeEvalCase } from '../helpers/eval-case.js';
import { createFakeIo } from '../helpers/fake-io.js';
import { caseFileYaml, caseYaml, copyBundledEval, writeFiles } from '../helpers/project.js';
import { useTempDirs } from '../helpers/temp-dir.js';
import { buildTrace, type TraceSpec } from '../helpers/trace-builder.js';

const tempDir = useTempDirs();

function loadCases(yaml: string, configSeverities: Record<string, 'error' | 'warn' | 'off'> = {}): EvalCase[] {
  return resolveCaseFile(parseStructuredText(yaml, 'cases.yaml', 'yaml'), DEFAULT_CONTRACT, configSeverities);
}

function problemsOf(load: () => unknown): string[] {
  try {
    load();
  } catch (error) {
    expect(error).toBeInstanceOf(InputError);
    return (error as InputError).problems;
  }
  throw new Error('expected the input to be rejected');
}

function evaluated(caseOverrides: Partial<EvalCase>, spec: TraceSpec = {}): CaseResult {
  const evalCase = makeEvalCase(caseOverrides);
  return evaluateRun(
    evalCase,
    {
      kind: 'document',
      document: buildTrace(spec),
      traceFixture: `eval/fixtures/${evalCase.id}.json`,
      sessionId: null,
    },
    DEFAULT_CONTRACT,
  );
}

/** A case that fails keyword-coverage only: its concept is not in the answer. */
const UNCOVERED: Partial<EvalCase> = { rootCauseKeywords: ['settlement-reconcile'] };

describe('S33 severity per check: case file and config file', () => {
  it('S33 a case beats defaults, defaults beat the config file, merged key by key', () => {
    const [first, second] = loadCases(
      caseFileYaml([caseYaml('a', ['checks: { keyword-coverage: error }']), caseYaml('b')]).replace(
        'cases:',
        'defaults:\n  checks: { keyword-coverage: warn, tool-call-budget: off }\ncases:',
      ),
      { 'keyword-coverage': 'off', 'duration-budget': 'warn' },
    );
    expect(first?.checks).toEqual({
      'keyword-coverage': 'error',
      'tool-call-budget': 'off',
      'duration-budget': 'warn',
    });
    expect(second?.checks).toEqual({
      'keyword-coverage': 'warn',
      'tool-call-budget': 'off',
      'duration-budget': 'warn',
    });
  });

  it('S33 accepts every check id of the registry, so a newly registered check is configurable at once', () => {
    const block = CHECKS.filter((check) => check.id !== 'trace-loadable')
      .map((check) => `${check.id}: warn`)
      .join(', ');
    const [evalCase] = loadCases(caseFileYaml([caseYaml('a', [`checks: { ${block} }`])]));
    expect(Object.keys(evalCase?.checks ?? {})).toHaveLength(CHECKS.length - 1);
  });

  it('S33 unknown check ids and severities are named with file, line, field, found, expected and a did-you-mean, every one at once', () => {
    const yaml = [
      'version: 1',
      'defaults:',
      '  checks: { keyword-coverag: warn }',
      'cases:',
      '  - id: a',
      '    question: "Why?"',
      '    rootCauseKeywords: []',
      '    requiredEvidenceTools: []',
      '    allowedVerdicts: [PASS]',
      '    checks: { tool-call-budget: warning, trace-loadable: off, duration-budget: 3 }',
      '',
    ].join('\n');
    const problems = problemsOf(() => loadCases(yaml));
    expect(problems).toEqual([
      expect.stringMatching(
        /^cases\.yaml:3:\d+: defaults\.checks\.keyword-coverag: found unknown check id "keyword-coverag" \(did you mean "keyword-coverage"\?\), expected one of trace-loadable, /u,
      ),
      expect.stringMatching(
        /^cases\.yaml:10:\d+: cases\[0\]\.checks\.tool-call-budget: found severity "warning" \(did you mean "warn"\?\), expected error, warn, off$/u,
      ),
      expect.stringMatching(
        /^cases\.yaml:10:\d+: cases\[0\]\.checks\.trace-loadable: found severity "off", expected error \(a trace that does not load cannot be judged/u,
      ),
      expect.stringMatching(
        /^cases\.yaml:10:\d+: cases\[0\]\.checks\.duration-budget: found severity 3, expected error, warn, off$/u,
      ),
    ]);
  });

  it('S33 a checks block that is not an object is a case-file error', () => {
    const problems = problemsOf(() => loadCases(caseFileYaml([caseYaml('a', ['checks: [keyword-coverage]'])])));
    expect(problems).toEqual([
      expect.stringMatching(/cases\[0\]\.checks: found .*expected an object of check ids and severities/u),
    ]);
  });

  it('S33 the config file checks: block is validated the same way, every problem at once', async () => {
    const cwd = tempDir();
    writeFiles(cwd, { 'diag-eval.config.yaml': 'checks:\n  no-such-check: warn\n  keyword-coverage: of\n' });
    let problems: string[] = [];
    try {
      await loadConfig(cwd, null);
    } catch (error) {
      problems = (error as InputError).problems;
    }
    expect(problems).toEqual([
      expect.stringMatching(
        /^diag-eval\.config\.yaml:2:3: checks\.no-such-check: found unknown check id "no-such-check", expected one of /u,
      ),
      expect.stringMatching(
        /^diag-eval\.config\.yaml:3:3: checks\.keyword-coverage: found severity "of" \(did you mean "off"\?\), expected error, warn, off$/u,
      ),
    ]);
  });

  it('S33 the config file checks: block is read', async () => {
    const cwd = tempDir();
    writeFiles(cwd, { 'diag-eval.config.yaml': 'checks:\n  keyword-coverage: warn\n' });
    expect((await loadConfig(cwd, null)).checks).toEqual({ 'keyword-coverage': 'warn' });
  });
});

describe('S33 severity per check: evaluation and reports', () => {
  it('S33 a failing check under error fails the case', () => {
    const result = evaluated(UNCOVERED);
    expect(result.status).toBe('failed');
    expect(result.failedChecks.map((row) => row.check)).toEqual(['keyword-coverage']);
  });

  it('S33 under warn the failing check is reported with outcome warn and does not fail the case', () => {
    const result = evaluated({ ...UNCOVERED, checks: { 'keyword-coverage': 'warn' } });
    expect(result.status).toBe('passed');
    expect(result.failedChecks).toEqual([]);
    expect(result.warnedChecks).toEqual([
      { check: 'keyword-coverage', message: expect.stringContaining('"settlement-reconcile"') as string },
    ]);
    expect(result.checks.find((row) => row.check === 'keyword-coverage')?.outcome).toBe('warn');
  });

  it('S33 under warn a passing check stays pass', () => {
    const result = evaluated({ rootCauseKeywords: ['connection pool'], checks: { 'keyword-coverage': 'warn' } });
    expect(result.checks.find((row) => row.check === 'keyword-coverage')?.outcome).toBe('pass');
    expect(result.warnedChecks).toEqual([]);
  });

  it('S33 off drops the row, on a loaded trace and on one that did not load', () => {
    const loaded = evaluated({ ...UNCOVERED, checks: { 'keyword-coverage': 'off' } });
    expect(loaded.status).toBe('passed');
    expect(loaded.checks.map((row) => row.check)).not.toContain('keyword-coverage');
    expect(loaded.checks).toHaveLength(CHECKS.length - 1);
    const evalCase = makeEvalCase({ checks: { 'keyword-coverage': 'off' } });
    const unloadable = evaluateRun(
      evalCase,
      { kind: 'unparsable', problem: 'not JSON', traceFixture: 'x.json', sessionId: null },
      DEFAULT_CONTRACT,
    );
    expect(unloadable.checks.map((row) => row.check)).not.toContain('keyword-coverage');
    expect(unloadable.status).toBe('failed');
  });

  it('S33 the summary counts cases with warnings, and report.md shows them', () => {
    const report = buildReport([
      evaluated({ id: 'a', ...UNCOVERED, checks: { 'keyword-coverage': 'warn' } }),
      evaluated({ id: 'b' }),
    ]);
    expect(report.summary).toMatchObject({ total: 2, passed: 2, failed: 0, casesWithWarnings: 1 });
    const markdown = renderReportMarkdown(report);
    expect(markdown).toContain('**2 of 2 cases passed** (100%). 1 case has warnings.');
    expect(markdown).toContain('| `a` | ✅ passed |');
    expect(markdown).toContain('keyword-coverage (warn) |');
    expect(markdown).toContain('## Warnings');
    expect(markdown).toMatch(/- \*\*keyword-coverage\*\*: 0 of 1 root-cause concepts covered/u);
  });
});

describe('S33 diff: every transition of a check outcome (docs/contract.md §7)', () => {
  const rows: [string, string, 'regression' | 'improvement' | 'change' | null][] = [
    ['pass', 'fail', 'regression'],
    ['warn', 'fail', 'regression'],
    ['fail', 'pass', 'improvement'],
    ['warn', 'pass', 'improvement'],
    ['pass', 'warn', 'change'],
    ['fail', 'warn', 'change'],
    ['pass', 'pass', null],
    ['warn', 'warn', null],
    ['skip', 'fail', null],
    ['warn', 'skip', null],
    ['pass', 'blocked', 'change'],
  ];
  it.each(rows)('S33 %s → %s', (before, after, kind) => {
    const baseline = makeReport([
      makeCaseResult({ caseId: 'a', status: 'passed', outcomes: { 'keyword-coverage': before as 'pass' } }),
    ]);
    const current = makeReport([
      makeCaseResult({ caseId: 'a', status: 'passed', outcomes: { 'keyword-coverage': after as 'pass' } }),
    ]);
    const items = compareReports(baseline, current).items.filter((item) => item.scope === 'check');
    expect(items.map((item) => item.kind)).toEqual(kind === null ? [] : [kind]);
    if (kind !== null) expect(items[0]).toMatchObject({ metric: 'keyword-coverage', baseline: before, current: after });
  });

  it('S33 a check turned off on one side gives no item', () => {
    const baseline = makeReport([makeCaseResult({ caseId: 'a', outcomes: { 'keyword-coverage': 'fail' } })]);
    const current = makeCaseResult({ caseId: 'a', status: 'failed' });
    current.checks = current.checks.filter((row) => row.check !== 'keyword-coverage');
    const items = compareReports(baseline, makeReport([current])).items.filter((item) => item.scope === 'check');
    expect(items).toEqual([]);
  });

  it('S33 messages say which way a warn moved', () => {
    const baseline = makeReport([makeCaseResult({ caseId: 'a', outcomes: { 'keyword-coverage': 'warn' } })]);
    const current = makeReport([makeCaseResult({ caseId: 'a', outcomes: { 'keyword-coverage': 'fail' } })]);
    expect(compareReports(baseline, current).items.find((item) => item.scope === 'check')?.message).toBe(
      'a: check keyword-coverage now fails (it warned in the baseline): keyword-coverage message',
    );
  });
});

describe('S33 severity through the CLI', () => {
  it('S33 a config file that lowers a failing check to warn: exit 0, the warning on stdout and in report.json', async () => {
    const cwd = tempDir();
    copyBundledEval(cwd);
    writeFiles(cwd, { 'diag-eval.config.yaml': 'checks:\n  verdict-allowed: warn\n' });
    const casesPath = join(cwd, 'eval', 'cases.yaml');
    // The kafka case allows only PASS; allowing only REVISE makes its verdict-allowed check fail.
    writeFiles(cwd, {
      'eval/cases.yaml': readFileSync(casesPath, 'utf8').replace(
        '    allowedVerdicts: [PASS]\n    forbiddenVerdicts: [REJECT]',
        '    allowedVerdicts: [REVISE]\n    forbiddenVerdicts: [REJECT]',
      ),
    });
    const fake = createFakeIo({ cwd });
    const code = await main(['run'], fake.io);
    expect(fake.stderr()).toBe('');
    expect(code).toBe(0);
    expect(fake.stdout()).toContain('  warn     inventory-sync-kafka-lag: verdict-allowed\n');
    const report = JSON.parse(readFileSync(join(cwd, 'eval-out', 'report.json'), 'utf8')) as {
      summary: { casesWithWarnings: number };
    };
    expect(report.summary.casesWithWarnings).toBe(1);
  });

  it('S33 an unknown check id in the config file is exit 2 with the did-you-mean', async () => {
    const cwd = tempDir();
    copyBundledEval(cwd);
    writeFiles(cwd, { 'diag-eval.config.yaml': 'checks:\n  verdict-alowed: warn\n' });
    const fake = createFakeIo({ cwd });
    expect(await main(['run'], fake.io)).toBe(2);
    expect(fake.stderr()).toContain(
      'diag-eval.config.yaml:2:3: checks.verdict-alowed: found unknown check id "verdict-alowed" (did you mean "verdict-allowed"?)',
    );
  });
});

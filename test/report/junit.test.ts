import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main.js';
import { DEFAULT_CONTRACT } from '../../src/config/contract.js';
import { evaluateRun } from '../../src/evaluate/evaluate.js';
import { buildReport } from '../../src/report/build.js';
import { combineRuns } from '../../src/report/combine-runs.js';
import { renderReportJunit } from '../../src/report/render/junit.js';
import type { CaseResult } from '../../src/report/types.js';
import { makeEvalCase } from '../helpers/eval-case.js';
import { createFakeIo } from '../helpers/fake-io.js';
import { REPO_ROOT } from '../helpers/project.js';
import { useTempDirs } from '../helpers/temp-dir.js';
import { buildTrace, toolCall } from '../helpers/trace-builder.js';

const tempDir = useTempDirs();

/** Attributes kept as strings, every element as an array where it can repeat: the way a CI server reads it. */
const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '',
  parseAttributeValue: false,
  parseTagValue: false,
  trimValues: false,
  htmlEntities: true,
  isArray: (name, _path, _leaf, isAttribute) =>
    !isAttribute && ['testsuite', 'testcase', 'failure', 'property', 'skipped'].includes(name),
});

interface JunitCase {
  classname: string;
  name: string;
  file: string;
  time: string;
  properties: { property: { name: string; value: string }[] };
  failure?: { message: string; type: string; '#text': string }[];
  skipped?: { message: string }[];
  'system-out'?: string;
}
interface JunitSuite {
  name: string;
  tests: string;
  failures: string;
  errors: string;
  skipped: string;
  time: string;
  testcase: JunitCase[];
}

function parseJunit(xml: string): { testsuites: Record<string, string> & { testsuite: JunitSuite[] } } {
  expect(XMLValidator.validate(xml)).toBe(true);
  return parser.parse(xml) as { testsuites: Record<string, string> & { testsuite: JunitSuite[] } };
}

function evaluated(id: string, finalAnswer: string, overrides: Parameters<typeof makeEvalCase>[0] = {}): CaseResult {
  const evalCase = makeEvalCase({ id, ...overrides });
  const document = buildTrace({ finalAnswer, toolInvocations: [toolCall('queryMetrics')], durationMs: 1234 });
  return evaluateRun(
    evalCase,
    { kind: 'document', document, traceFixture: `eval/fixtures/${id}.json`, sessionId: null },
    DEFAULT_CONTRACT,
  );
}

describe('report.junit.xml (S50)', () => {
  it('S50: the regressed example as JUnit: one suite for the case file, one testcase per case, one failure per failing check, the attributes GitLab and Jenkins read', async () => {
    const out = relative(REPO_ROOT, tempDir());
    const fake = createFakeIo({ cwd: REPO_ROOT });
    const code = await main(
      ['run', '--fixtures', 'eval/examples/regressed', '--out', out, '--format', 'junit'],
      fake.io,
    );
    expect(code).toBe(1);
    expect(fake.stdout()).toContain(`wrote ${join(REPO_ROOT, out)}/report.junit.xml\n`);
    const xml = readFileSync(join(REPO_ROOT, out, 'report.junit.xml'), 'utf8');
    const { testsuites } = parseJunit(xml);
    expect(testsuites.tests).toBe('6');
    expect(testsuites.failures).toBe('4');
    expect(testsuites.testsuite).toHaveLength(1);
    const suite = testsuites.testsuite[0] as JunitSuite;
    expect([suite.name, suite.tests, suite.failures, suite.errors, suite.skipped]).toEqual([
      'eval/cases.yaml',
      '6',
      '4',
      '0',
      '0',
    ]);
    expect(Number(suite.time)).toBeGreaterThan(0);
    expect(suite.testcase.map((testcase) => testcase.name)).toEqual([
      'payment-timeout-db-pool',
      'order-cpu-spike-after-deploy',
      'redis-eviction-cache-miss',
      'gateway-5xx-bad-config-push',
      'inventory-sync-kafka-lag',
      'checkout-latency-insufficient-evidence',
    ]);
    for (const testcase of suite.testcase) {
      expect(testcase.classname).toBe('eval/cases.yaml');
      expect(testcase.file).toBe('eval/cases.yaml');
      expect(Number.isFinite(Number(testcase.time))).toBe(true);
    }
    const failing = suite.testcase.filter((testcase) => testcase.failure !== undefined);
    expect(failing.map((testcase) => [testcase.name, testcase.failure?.map((failure) => failure.type)])).toEqual([
      ['payment-timeout-db-pool', ['no-protocol-leak']],
      ['order-cpu-spike-after-deploy', ['evidence-coverage']],
      ['redis-eviction-cache-miss', ['keyword-coverage', 'numeric-grounding']],
      ['inventory-sync-kafka-lag', ['verdict-allowed']],
    ]);
    const inventory = failing[3] as JunitCase;
    expect(inventory.failure?.[0]?.message).toBe('verdict "REVISE" is not one of the allowed verdicts "PASS"');
    const properties = Object.fromEntries(inventory.properties.property.map((entry) => [entry.name, entry.value]));
    expect(properties).toMatchObject({
      verdict: 'REVISE',
      traceFixture: 'eval/examples/regressed/inventory-sync-kafka-lag.json',
    });
    expect(Number(properties['toolCalls'])).toBeGreaterThan(0);
    expect(inventory.time).toBe(String(Number(properties['durationMs']) / 1000));
    // Deterministic: no wall-clock timestamp or host name, and a second run writes the same bytes.
    expect(xml).not.toMatch(/timestamp=|hostname=/u);
    const again = createFakeIo({ cwd: REPO_ROOT });
    await main(
      ['run', '--fixtures', 'eval/examples/regressed', '--out', out, '--format', 'junit', '--quiet'],
      again.io,
    );
    expect(readFileSync(join(REPO_ROOT, out, 'report.junit.xml'), 'utf8')).toBe(xml);
  });

  it('S50: a case that did not run is <skipped> with its reason; skipped counts it', () => {
    const missing = evaluateRun(
      makeEvalCase({ id: 'gone' }),
      {
        kind: 'not_run',
        reason: 'fixture not found: expected a trace file at eval/fixtures/gone.json',
        traceFixture: null,
        sessionId: null,
      },
      DEFAULT_CONTRACT,
    );
    const { testsuites } = parseJunit(
      renderReportJunit(buildReport([missing, evaluated('ok', 'fine')]), { caseFile: 'eval/cases.yaml' }),
    );
    const suite = testsuites.testsuite[0] as JunitSuite;
    expect([suite.tests, suite.failures, suite.skipped]).toEqual(['2', '0', '1']);
    expect(suite.testcase[0]?.skipped?.[0]?.message).toBe(
      'fixture not found: expected a trace file at eval/fixtures/gone.json',
    );
    expect(suite.testcase[1]?.skipped).toBeUndefined();
  });

  // Text a trace controls reaches the XML through check messages (a crashed check's error, a future
  // check quoting the answer); whatever a message holds must come out as the same text, never as markup.
  it.each([
    [
      'markup and quotes',
      'a </failure><testcase name="x"> & "q" \'a\' ]]>',
      'a </failure><testcase name="x"> & "q" \'a\' ]]>',
    ],
    [
      'control characters XML forbids are removed',
      'bell\u0007 nul\u0000 esc\u001b vt\u000b end',
      'bell nul esc vt end',
    ],
    ['a lone surrogate and U+FFFE are removed, emoji and Chinese kept', 'a\ud800b\ufffe 根因 😀', 'ab 根因 😀'],
    ['tab and line breaks survive in an attribute', 'line one\nline two\tcol\r', 'line one\nline two\tcol\r'],
  ])('S50: valid XML 1.0 whatever a trace holds: %s', (_label, forbidden, expected) => {
    const passed = evaluated('hostile', 'fine');
    const result: CaseResult = {
      ...passed,
      status: 'failed',
      failedChecks: [{ check: 'forbidden-answer-keywords', message: `the answer says ${forbidden}` }],
    };
    const xml = renderReportJunit(buildReport([result]), { caseFile: 'eval/"cases".yaml' });
    const { testsuites } = parseJunit(xml);
    const suite = testsuites.testsuite[0] as JunitSuite;
    expect(suite.name).toBe('eval/"cases".yaml');
    const failure = suite.testcase[0]?.failure?.[0];
    expect(failure?.type).toBe('forbidden-answer-keywords');
    expect(failure?.message).toBe(`the answer says ${expected}`);
    expect(failure?.['#text']).toBe(`forbidden-answer-keywords: the answer says ${expected}`);
    expect(failure?.message).not.toMatch(/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/u);
  });

  it('S50: live mode (--repeat): pass^k as properties of the suite and of each case', () => {
    const first = evaluated('flaky-case', 'fine');
    const second = evaluated('flaky-case', 'fine', { forbiddenAnswerKeywords: ['fine'] });
    const combined = combineRuns([first, second], ['s1', 's2']);
    const report = buildReport([combined], 2);
    const { testsuites } = parseJunit(renderReportJunit(report, { caseFile: 'eval/cases.yaml' }));
    const suite = testsuites.testsuite[0] as JunitSuite & {
      properties: { property: { name: string; value: string }[] };
    };
    const suiteProperties = Object.fromEntries(suite.properties.property.map((entry) => [entry.name, entry.value]));
    expect(suiteProperties).toMatchObject({ repeat: '2', passAtK: '1', runPassRate: '0.5' });
    const caseProperties = Object.fromEntries(
      (suite.testcase[0] as JunitCase).properties.property.map((entry) => [entry.name, entry.value]),
    );
    expect(caseProperties).toMatchObject({ passedRuns: '1/2', flaky: 'true' });
  });

  it('S50: a check outcome the renderer does not know (e.g. warn) is not a failure; it is shown as the test output', () => {
    const result = evaluated('warned', 'fine');
    const withWarning: CaseResult = {
      ...result,
      checks: [...result.checks, { check: 'future-check', outcome: 'warn' as never, message: 'worth a look <b>' }],
    };
    const { testsuites } = parseJunit(renderReportJunit(buildReport([withWarning]), { caseFile: 'eval/cases.yaml' }));
    const testcase = (testsuites.testsuite[0] as JunitSuite).testcase[0] as JunitCase;
    expect(testcase.failure).toBeUndefined();
    expect(testcase['system-out']).toBe('warning future-check: worth a look <b>');
  });
});

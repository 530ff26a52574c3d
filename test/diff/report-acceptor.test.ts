import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import * as z from '../../src/io/validation/zod.js';
import { compileAcceptor } from '../../src/io/validation/zod-accepts.js';
import { REPORT_SCHEMA } from '../../src/model/report-schema.js';
import { REPO_ROOT } from '../helpers/project.js';
import { makeCaseResult, makeReport } from './helpers.js';

/**
 * The report loader recognises a well-formed report by a quick walk compiled from the report's
 * schema and asks zod only when that walk says no. The walk must never accept what zod refuses
 * (a broken report would pass unnoticed); it may refuse what zod accepts (zod then decides).
 */
const accepts = compileAcceptor(REPORT_SCHEMA);
const zodAccepts = (value: unknown): boolean => REPORT_SCHEMA.safeParse(value).success;

const committed = JSON.parse(readFileSync(join(REPO_ROOT, 'docs/eval/baseline/report.json'), 'utf8')) as Record<
  string,
  any
>;
const made = makeReport([
  makeCaseResult({ caseId: 'payment-timeout-db-pool' }),
  makeCaseResult({
    caseId: 'not-run',
    status: 'not_run',
    reason: 'no fixture',
    required: null,
    toolCallCount: null,
    durationMs: null,
  }),
]) as unknown as Record<string, any>;

type Change = (report: Record<string, any>) => void;

const valid: [string, Change][] = [
  ['the committed baseline as written', () => {}],
  [
    'extra keys at every level (a newer harness)',
    (report) => {
      report['generator'] = { future: true };
      report['summary'].extra = 1;
      report['cases'][0].extra = [1];
      report['cases'][0].checks[0].note = 'new';
    },
  ],
  [
    'the fields of a sharded run and of --repeat',
    (report) => {
      report['shard'] = { index: 1, count: 2 };
      report['casesHash'] = 'sha256:00';
      report['cases'][0].caseIndex = 0;
      report['summary'].repeat = 2;
      report['summary'].passAtK = 1;
      report['summary'].runPassRate = 0.5;
      report['cases'][0].runs = [
        {
          sessionId: null,
          status: 'passed',
          reason: null,
          verdict: 'PASS',
          failedChecks: [],
          toolCallCount: 1,
          durationMs: 2,
          tokens: null,
        },
      ];
      report['cases'][0].passedRuns = 1;
      report['cases'][0].flaky = false;
    },
  ],
  [
    'a report written before tokens, warnings and required concepts',
    (report) => {
      delete report['summary'].avgTokens;
      delete report['summary'].casesWithWarnings;
      for (const caseResult of report['cases']) {
        delete caseResult.tokens;
        delete caseResult.warnedChecks;
        if (caseResult.keywordCoverage !== null) delete caseResult.keywordCoverage.requiredMissing;
      }
    },
  ],
  [
    'an outcome word of a newer harness',
    (report) => {
      report['cases'][0].checks[0].outcome = 'needs_review';
    },
  ],
  [
    'no cases',
    (report) => {
      report['cases'] = [];
    },
  ],
];

const invalid: [string, Change][] = [
  ['another schema version', (report) => (report['schemaVersion'] = 3)],
  ['no summary', (report) => delete report['summary']],
  ['cases not a list', (report) => (report['cases'] = {})],
  ['an empty case id', (report) => (report['cases'][0].caseId = '')],
  ['an unknown status', (report) => (report['cases'][0].status = 'skipped')],
  ['an upper-case outcome', (report) => (report['cases'][0].checks[0].outcome = 'PASS')],
  ['a check row without a message', (report) => delete report['cases'][0].checks[0].message],
  ['a ratio above 1', (report) => (report['summary'].passRate = 1.5)],
  ['a negative count', (report) => (report['summary'].total = -1)],
  ['a fractional count', (report) => (report['cases'][0].toolCallCount = 2.5)],
  ['a count beyond the safe integers', (report) => (report['summary'].failed = 2 ** 60)],
  ['a verdict count that is text', (report) => (report['summary'].verdictDistribution = { PASS: '1' })],
  ['a missing nullable field', (report) => delete report['cases'][0].verdict],
  ['coverage of the wrong shape', (report) => (report['cases'][0].evidenceCoverage = { required: 'queryLogs' })],
  [
    'a missing concept that is a number',
    (report) => (report['cases'][0].keywordCoverage = { concepts: 1, covered: 0, ratio: 0, min: 1, missing: [5] }),
  ],
  ['flaky as text', (report) => (report['cases'][0].flaky = 'no')],
  [
    'a run without a status',
    (report) =>
      (report['cases'][0].runs = [
        { sessionId: null, reason: null, verdict: null, failedChecks: [], toolCallCount: null, durationMs: null },
      ]),
  ],
  ['a case that is a list', (report) => (report['cases'][0] = [])],
  [
    'an empty object as the report',
    (report) => {
      for (const key of Object.keys(report)) delete report[key];
    },
  ],
];

describe('the quick acceptance test compiled from the report schema', () => {
  for (const [source, report] of [
    ['the committed baseline', committed],
    ['a made report', made],
  ] as const) {
    it.each(valid)(`accepts what zod accepts (${source}): %s`, (_, change) => {
      const value = structuredClone(report);
      change(value);
      expect(zodAccepts(value)).toBe(true);
      expect(accepts(value)).toBe(true);
    });

    it.each(invalid)(`refuses what zod refuses (${source}): %s`, (_, change) => {
      const value = structuredClone(report);
      change(value);
      expect(zodAccepts(value)).toBe(false);
      expect(accepts(value)).toBe(false);
    });
  }

  it('answers no for a schema part it does not know, so that zod decides', () => {
    expect(compileAcceptor(z.date())(new Date())).toBe(false);
    expect(compileAcceptor(z.string().check(z.maxLength(3)))('ab')).toBe(false);
    expect(compileAcceptor(z.looseObject({ a: z.string() }).check(z.refine(() => true)))({ a: 'x' })).toBe(false);
  });

  it('a strict object: its own keys only', () => {
    const accepts = compileAcceptor(z.strictObject({ a: z.string() }));
    expect(accepts({ a: 'x' })).toBe(true);
    expect(accepts({ a: 'x', b: 1 })).toBe(false);
  });

  it('a whole number: a safe integer, as z.int() says', () => {
    const accepts = compileAcceptor(z.int().check(z.gte(0)));
    expect([accepts(3), accepts(1.5), accepts(-1), accepts(2 ** 60)]).toEqual([true, false, false, false]);
  });

  it('a rewrite (z.trim()) passes only a value it leaves unchanged, so the checks after it see what zod sees', () => {
    const accepts = compileAcceptor(z.string().check(z.trim(), z.minLength(1)));
    expect([accepts('x'), accepts(' x'), accepts('  ')]).toEqual([true, false, false]);
    expect(z.string().check(z.trim(), z.minLength(1)).safeParse('  ').success).toBe(false);
  });

  it('exact: yes only where zod returns the value itself', () => {
    const stripping = z.object({ a: z.optional(z.string()) });
    expect(compileAcceptor(stripping)({ a: 'x', b: 1 })).toBe(true);
    expect(compileAcceptor(stripping, { exact: true })({ a: 'x', b: 1 })).toBe(false);
    expect(compileAcceptor(stripping, { exact: true })({ a: 'x' })).toBe(true);
    expect(compileAcceptor(stripping, { exact: true })({ a: undefined })).toBe(false);
    expect(compileAcceptor(stripping, { exact: true })(JSON.parse('{"__proto__": {}}'))).toBe(false);
    expect(
      compileAcceptor(stripping, { exact: true })(Object.assign(Object.create({ inherited: 1 }), { a: 'x' })),
    ).toBe(false);
    const severities = z.record(z.string(), z.unknown());
    expect(compileAcceptor(severities, { exact: true })({ 'keyword-coverage': 'warn' })).toBe(true);
    expect(compileAcceptor(severities, { exact: true })({ constructor: 'warn' })).toBe(false);
  });
});

import { symlinkSync, truncateSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CaseSequence } from '../src/cases/case-sequence.js';
import type { EvalCase } from '../src/cases/types.js';
import { DEFAULT_CONTRACT } from '../src/config/contract.js';
import { evaluateRun } from '../src/evaluate/evaluate.js';
import { runCases, runCasesStreamed } from '../src/evaluate/run-cases.js';
import { MAX_FIXTURE_BYTES } from '../src/io/files/input-limits.js';
import { CHECK_IDS } from '../src/model/check-ids.generated.js';
import { buildReport } from '../src/report/build.js';
import { combineRuns } from '../src/report/combine-runs.js';
import type { CaseResult } from '../src/report/types.js';
import { createFixtureDirSource } from '../src/sources/fixture-dir.js';
import type { TraceRunInput, TraceSource } from '../src/sources/types.js';
import { makeEvalCase } from './helpers/eval-case.js';
import { writeFiles } from './helpers/project.js';
import { useTempDirs } from './helpers/temp-dir.js';
import { buildTrace, type TraceSpec, toolCall, traceJson } from './helpers/trace-builder.js';

const tempDir = useTempDirs();

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

/** A working directory with eval/fixtures/ holding `files`; returns cwd and the fixtures folder. */
function fixtureProject(files: Record<string, unknown>): { cwd: string; fixtures: string } {
  const cwd = tempDir();
  writeFiles(
    cwd,
    Object.fromEntries(Object.entries(files).map(([name, content]) => [`eval/fixtures/${name}`, content])),
  );
  return { cwd, fixtures: join(cwd, 'eval', 'fixtures') };
}

async function runFixtures(cases: EvalCase[], files: Record<string, unknown>) {
  const { cwd, fixtures } = fixtureProject(files);
  const source = createFixtureDirSource(fixtures, cases, cwd);
  const report = await runCases(cases, source, DEFAULT_CONTRACT);
  return { report, warnings: source.warnings(), cwd, fixtures };
}

function onlyResult(report: { cases: CaseResult[] }): CaseResult {
  expect(report.cases).toHaveLength(1);
  return report.cases[0] as CaseResult;
}

describe('runCases over a fixture folder (S10, S11)', () => {
  it('S10: evaluates each fixture file against its case, without any service running', async () => {
    const fetchSpy = vi.fn(() => Promise.reject(new Error('no network in fixture mode')));
    vi.stubGlobal('fetch', fetchSpy);
    const connectSpy = vi.spyOn(net.Socket.prototype, 'connect');
    const cases = [
      makeEvalCase({ id: 'a', requiredEvidenceTools: ['queryMetrics'] }),
      makeEvalCase({ id: 'b', traceFixture: 'nested/b-trace.json', requiredEvidenceTools: ['queryLogs'] }),
    ];
    const { report } = await runFixtures(cases, {
      'a.json': traceJson(),
      'nested/b-trace.json': traceJson({ toolInvocations: [toolCall('queryMetrics')] }),
    });
    expect(report.cases.map((result) => [result.caseId, result.status, result.traceFixture])).toEqual([
      ['a', 'passed', 'eval/fixtures/a.json'],
      ['b', 'failed', 'eval/fixtures/nested/b-trace.json'],
    ]);
    expect(report.cases[1]?.failedChecks.map((failed) => failed.check)).toEqual(['evidence-coverage']);
    expect(fetchSpy).not.toHaveBeenCalled();
    expect(connectSpy).not.toHaveBeenCalled();
  });

  it('S11: a missing fixture makes the case not_run with a reason naming the expected path; no check runs', async () => {
    const { report } = await runFixtures([makeEvalCase({ id: 'present' }), makeEvalCase({ id: 'absent' })], {
      'present.json': traceJson(),
    });
    const absent = report.cases[1];
    expect(absent).toMatchObject({
      caseId: 'absent',
      status: 'not_run',
      reason: 'fixture not found: expected a trace file at eval/fixtures/absent.json',
      checks: [],
      failedChecks: [],
      traceFixture: 'eval/fixtures/absent.json',
    });
    expect(report.cases[0]?.status).toBe('passed');
    expect(report.summary).toMatchObject({ total: 2, passed: 1, failed: 0, notRun: 1, passRate: 0.5 });
  });

  it('S11: a fixture folder that does not exist makes every case not_run', async () => {
    const cwd = tempDir();
    const cases = [makeEvalCase({ id: 'a' })];
    const report = await runCases(cases, createFixtureDirSource(join(cwd, 'nowhere'), cases, cwd), DEFAULT_CONTRACT);
    expect(onlyResult(report)).toMatchObject({
      status: 'not_run',
      reason: 'fixture not found: expected a trace file at nowhere/a.json',
    });
  });

  it('S13: a fixture that is not valid JSON fails trace-loadable, naming the file, line and column', async () => {
    const { report } = await runFixtures([makeEvalCase({ id: 'broken' })], {
      'broken.json': '{\n  "finalAnswer": "x",\n}\n',
    });
    const result = onlyResult(report);
    expect(result.status).toBe('failed');
    expect(result.failedChecks).toHaveLength(1);
    expect(result.failedChecks[0]?.check).toBe('trace-loadable');
    expect(result.failedChecks[0]?.message).toMatch(
      /^the trace did not load: eval\/fixtures\/broken\.json: not valid JSON: .* at line 3, column 1$/u,
    );
    expect(result.checks.slice(1).every((row) => row.outcome === 'skip')).toBe(true);
  });

  it('S13: a fixture of the wrong shape fails trace-loadable, naming the bad field', async () => {
    const { report } = await runFixtures([makeEvalCase({ id: 'shape' })], {
      'shape.json': { toolInvocations: [{ toolName: 'queryLogs', evidenceStatus: 'unknown' }] },
    });
    expect(onlyResult(report).failedChecks).toEqual([
      {
        check: 'trace-loadable',
        message:
          'the trace did not load: toolInvocations[0].evidenceStatus: found "unknown", expected one of supported, no_evidence, deduped, failed',
      },
    ]);
  });

  it('a fixture over 64 MiB fails trace-loadable clearly, without being read', async () => {
    const { cwd, fixtures } = fixtureProject({ 'huge.json': '' });
    truncateSync(join(fixtures, 'huge.json'), MAX_FIXTURE_BYTES + 1);
    const cases = [makeEvalCase({ id: 'huge' })];
    const before = process.memoryUsage().arrayBuffers;
    const report = await runCases(cases, createFixtureDirSource(fixtures, cases, cwd), DEFAULT_CONTRACT);
    const grown = process.memoryUsage().arrayBuffers - before;
    expect(MAX_FIXTURE_BYTES).toBe(64 * 1024 * 1024);
    expect(onlyResult(report).failedChecks).toEqual([
      {
        check: 'trace-loadable',
        message: 'the trace did not load: eval/fixtures/huge.json is 64.0 MiB, over the 64 MiB limit for one trace',
      },
    ]);
    expect(grown).toBeLessThan(16 * 1024 * 1024);
  });

  it('a sparse 5 GiB fixture is refused by its size before any read (a read would fail or exhaust memory)', async () => {
    const { cwd, fixtures } = fixtureProject({ 'giant.json': '' });
    truncateSync(join(fixtures, 'giant.json'), 5 * 1024 ** 3);
    const cases = [makeEvalCase({ id: 'giant' })];
    const report = await runCases(cases, createFixtureDirSource(fixtures, cases, cwd), DEFAULT_CONTRACT);
    expect(onlyResult(report).failedChecks[0]?.message).toBe(
      'the trace did not load: eval/fixtures/giant.json is 5120.0 MiB, over the 64 MiB limit for one trace',
    );
  });

  it('a fixture that is not UTF-8 fails trace-loadable, naming the file and the bad byte', async () => {
    const bytes = Buffer.concat([Buffer.from('{"finalAnswer": "caf'), Buffer.from([0xe9]), Buffer.from('"}')]);
    const { report } = await runFixtures([makeEvalCase({ id: 'latin1' })], { 'latin1.json': bytes });
    expect(onlyResult(report).failedChecks).toEqual([
      {
        check: 'trace-loadable',
        message:
          'the trace did not load: eval/fixtures/latin1.json: not UTF-8 text (byte 0xe9 at offset 20, line 1, is not valid UTF-8); expected a UTF-8 encoded file',
      },
    ]);
  });

  it('a fixture that starts with a UTF-8 byte-order mark loads', async () => {
    const bytes = Buffer.concat([
      Buffer.from([0xef, 0xbb, 0xbf]),
      Buffer.from(traceJson({ finalAnswer: '连接池耗尽' }), 'utf8'),
    ]);
    const { report } = await runFixtures([makeEvalCase({ id: 'bom', rootCauseKeywords: ['连接池'] })], {
      'bom.json': bytes,
    });
    expect(onlyResult(report)).toMatchObject({ status: 'passed', keywordCoverage: { covered: 1 } });
  });

  it('a fixture path that is a folder fails trace-loadable', async () => {
    const { report } = await runFixtures([makeEvalCase({ id: 'dir' })], { 'dir.json/inner.json': traceJson() });
    expect(onlyResult(report).failedChecks[0]?.message).toBe(
      'the trace did not load: eval/fixtures/dir.json is a folder, expected a JSON file',
    );
  });

  it('fixtures that match no case are listed as orphans in the warnings, in a stable order; other files are ignored', async () => {
    const { warnings } = await runFixtures([makeEvalCase({ id: 'used' })], {
      'used.json': traceJson(),
      'zz-renamed.json': traceJson(),
      'old/typo-case.json': traceJson(),
      'README.md': '# notes\n',
    });
    expect(warnings).toEqual([
      'orphan fixture (matches no case, ignored): eval/fixtures/old/typo-case.json',
      'orphan fixture (matches no case, ignored): eval/fixtures/zz-renamed.json',
    ]);
  });
});

describe('the fixture folder: reading and orphans', () => {
  it('fixtures of any size load whole, one after another: larger than the first read buffer, over 1 MiB, then small again', async () => {
    const sizes = { medium: 200 * 1024, large: 3 * 1024 * 1024, small: 0 };
    const files: Record<string, string> = {};
    const cases = Object.entries(sizes).map(([id, padding]) => {
      // The keyword sits at the very end of the answer, so a short or stale read would miss it.
      files[`${id}.json`] = traceJson({ finalAnswer: `${'x'.repeat(padding)} ${id}-marker` });
      return makeEvalCase({ id, rootCauseKeywords: [`${id}-marker`] });
    });
    const { report } = await runFixtures(cases, files);
    expect(report.cases.map((result) => [result.caseId, result.status, result.keywordCoverage?.covered])).toEqual([
      ['medium', 'passed', 1],
      ['large', 'passed', 1],
      ['small', 'passed', 1],
    ]);
  });

  it('fixtures are read ahead in stretches and judged in case order: the results and progress of reading one case at a time', async () => {
    const files: Record<string, string> = {};
    const cases = Array.from({ length: 150 }, (_unused, index) => {
      const id = `case-${index}`;
      // Passing, failing, missing and broken fixtures, spread over several stretches.
      if (index % 7 !== 3)
        files[`${id}.json`] =
          index % 11 === 5
            ? '{"finalAnswer": '
            : traceJson({ finalAnswer: `answer ${index % 2 === 0 ? 'pool' : 'network'}` });
      return makeEvalCase({ id, rootCauseKeywords: ['pool'] });
    });
    const { cwd, fixtures } = fixtureProject(files);
    const readingAhead = createFixtureDirSource(fixtures, cases, cwd);
    const { readAhead: _unused, ...oneAtATime } = readingAhead;
    const progressOf = async (source: TraceSource) => {
      const progress: number[] = [];
      const report = await runCases(cases, source, DEFAULT_CONTRACT, { onCaseDone: ({ done }) => progress.push(done) });
      return { report, progress };
    };
    const ahead = await progressOf(readingAhead);
    const single = await progressOf(oneAtATime);
    expect(ahead.report).toEqual(single.report);
    expect(ahead.progress).toEqual(cases.map((_case, index) => index + 1));
    expect(ahead.report.cases.map((result) => result.status)).toEqual(
      expect.arrayContaining(['passed', 'failed', 'not_run']),
    );
  });

  it('S10: a run that reads its fixtures in stretches reports exactly what one reading them a case at a time reports, on every kind of fixture', async () => {
    const files: Record<string, string | Buffer> = {};
    const cases = Array.from({ length: 90 }, (_unused, index) => {
      const id = `case-${index}`;
      const answer = index % 2 === 0 ? 'the connection pool is exhausted' : '连接池耗尽，活跃连接 50/50';
      // Usual traces, and every kind of fixture that is unusual or fails to load.
      const kind = index % 10;
      if (kind === 1) files[`${id}.json`] = '{"finalAnswer": ';
      else if (kind === 2) files[`${id}.json`] = Buffer.from([0x7b, 0x22, 0xe9, 0x22, 0x7d]);
      else if (kind === 3)
        files[`${id}.json`] = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(traceJson())]);
      else if (kind === 4) files[`${id}.json`] = traceJson({ finalAnswer: `${'x'.repeat(1024 * 1024)} ${answer}` });
      else if (kind === 5) files[`${id}.json`] = '';
      else if (kind === 6) files[`sub/${id}.json`] = traceJson({ finalAnswer: answer });
      else if (kind !== 7) files[`${id}.json`] = traceJson({ finalAnswer: answer });
      return makeEvalCase({
        id,
        traceFixture: kind === 6 ? `sub/${id}.json` : `${id}.json`,
        rootCauseKeywords: ['连接池'],
      });
    });
    const { cwd, fixtures } = fixtureProject(files);
    writeFileSync(join(cwd, 'outside.json'), traceJson());
    symlinkSync('case-0.json', join(fixtures, 'inside-link.json'));
    symlinkSync(join(cwd, 'outside.json'), join(fixtures, 'outside-link.json'));
    cases.push(makeEvalCase({ id: 'inside-link' }), makeEvalCase({ id: 'outside-link' }));
    const inStretches = createFixtureDirSource(fixtures, cases, cwd);
    const { readAhead: _unused, ...oneAtATime } = inStretches;
    const report = await runCases(cases, inStretches, DEFAULT_CONTRACT);
    expect(report).toEqual(await runCases(cases, oneAtATime, DEFAULT_CONTRACT));
    expect(new Set(report.cases.map((result) => result.status))).toEqual(new Set(['passed', 'failed', 'not_run']));
  });

  it('a source reading ahead is asked for the next stretch after the current one is judged', async () => {
    const cases = Array.from({ length: 70 }, (_unused, index) => makeEvalCase({ id: `c${index}` }));
    const input = (evalCase: EvalCase): TraceRunInput[] => [
      { kind: 'document', document: buildTrace({}), traceFixture: null, sessionId: evalCase.sessionId },
    ];
    const events: string[] = [];
    const source: TraceSource = {
      concurrency: 1,
      tracesFor: async (evalCase) => input(evalCase),
      warnings: () => [],
      readAhead: (ahead) => {
        events.push(`read ${ahead[0]?.id}`);
        return ahead.map(input);
      },
    };
    await runCases(cases, source, DEFAULT_CONTRACT, { onCaseDone: ({ done }) => events.push(`done ${done}`) });
    expect(events.filter((event) => event.startsWith('read') || event === 'done 1' || event === 'done 32')).toEqual([
      'read c0',
      'done 1',
      'done 32',
      'read c32',
      'read c64',
    ]);
  });

  it('reading ahead stops at a byte budget, but always reads at least one fixture', async () => {
    const big = (id: string, mib: number) => traceJson({ finalAnswer: `${'x'.repeat(mib * 1024 * 1024)} ${id}` });
    const ids = ['a', 'b', 'c', 'd', 'e'];
    const cases = ids.map((id) => makeEvalCase({ id }));
    const { cwd, fixtures } = fixtureProject(Object.fromEntries(ids.map((id) => [`${id}.json`, big(id, 1.5)])));
    const source = createFixtureDirSource(fixtures, cases, cwd);
    // 1.5 MiB each: the second fixture reaches the 2 MiB budget, and the stretch ends there.
    expect(await source.readAhead?.(cases)).toHaveLength(2);
    const huge = fixtureProject({ 'a.json': big('a', 3), 'b.json': big('b', 1) });
    const first = await createFixtureDirSource(huge.fixtures, cases, huge.cwd).readAhead?.(cases.slice(0, 2));
    expect(first).toHaveLength(1);
    expect(first?.[0]?.[0]?.kind).toBe('document');
  });

  it('cases read a case at a time are each asked for once when fixtures are read ahead', async () => {
    const cases = Array.from({ length: 100 }, (_unused, index) => makeEvalCase({ id: `c${index}` }));
    const files = Object.fromEntries(
      cases.map((evalCase) => [`${evalCase.id}.json`, traceJson({ finalAnswer: 'x'.repeat(100_000) })]),
    );
    const { cwd, fixtures } = fixtureProject(files);
    const asked: number[] = [];
    const sequence: CaseSequence = {
      length: cases.length,
      at: (index) => {
        asked.push(index);
        return cases[index];
      },
      [Symbol.iterator]: () => cases[Symbol.iterator](),
    };
    const summary = await runCasesStreamed(
      sequence,
      createFixtureDirSource(fixtures, sequence, cwd),
      DEFAULT_CONTRACT,
      {
        onResult: () => {},
      },
    );
    expect(summary.total).toBe(100);
    expect(asked).toEqual(cases.map((_case, index) => index));
  });

  it('an empty fixture fails trace-loadable as JSON that ends too soon', async () => {
    const { report } = await runFixtures([makeEvalCase({ id: 'empty' })], { 'empty.json': '' });
    expect(onlyResult(report).failedChecks[0]?.message).toMatch(
      /^the trace did not load: eval\/fixtures\/empty\.json: not valid JSON: /u,
    );
  });

  it('fixture paths are shown relative to the working directory, also for a folder outside it and for unusual names', async () => {
    const root = tempDir();
    const cwd = join(root, 'work');
    writeFiles(root, {
      'shared/fixtures/a.json': traceJson(),
      'shared/fixtures/sub/b.json': traceJson(),
      'work/.keep': '',
    });
    const fixtures = join(root, 'shared', 'fixtures');
    const cases = [
      makeEvalCase({ id: 'a' }),
      makeEvalCase({ id: 'b', traceFixture: 'sub/b.json' }),
      makeEvalCase({ id: 'c', traceFixture: 'sub/../a.json' }),
      makeEvalCase({ id: 'd', traceFixture: 'gone.json' }),
    ];
    const report = await runCases(cases, createFixtureDirSource(fixtures, cases, cwd), DEFAULT_CONTRACT);
    expect(report.cases.map((result) => [result.caseId, result.status, result.traceFixture])).toEqual([
      ['a', 'passed', '../shared/fixtures/a.json'],
      ['b', 'passed', '../shared/fixtures/sub/b.json'],
      ['c', 'passed', '../shared/fixtures/a.json'],
      ['d', 'not_run', '../shared/fixtures/gone.json'],
    ]);
    const inside = await runCases(
      cases.slice(0, 2),
      createFixtureDirSource(fixtures, cases.slice(0, 2), root),
      DEFAULT_CONTRACT,
    );
    expect(inside.cases.map((result) => result.traceFixture)).toEqual([
      'shared/fixtures/a.json',
      'shared/fixtures/sub/b.json',
    ]);
  });

  it('a fixture is an orphan unless a case names that very file: the same name in another folder is not the same fixture', async () => {
    const cases = [
      makeEvalCase({ id: 'top' }),
      makeEvalCase({ id: 'nested', traceFixture: 'sub/nested.json' }),
      makeEvalCase({ id: 'dotted', traceFixture: './dotted.json' }),
    ];
    const { warnings } = await runFixtures(cases, {
      'top.json': traceJson(),
      'sub/nested.json': traceJson(),
      'dotted.json': traceJson(),
      'sub/top.json': traceJson(),
      'nested.json': traceJson(),
      'sub/deeper/top.json': traceJson(),
      'UPPER.JSON': traceJson(),
    });
    expect(warnings).toEqual([
      'orphan fixture (matches no case, ignored): eval/fixtures/UPPER.JSON',
      'orphan fixture (matches no case, ignored): eval/fixtures/nested.json',
      'orphan fixture (matches no case, ignored): eval/fixtures/sub/deeper/top.json',
      'orphan fixture (matches no case, ignored): eval/fixtures/sub/top.json',
    ]);
  });
});

/** A source whose traces arrive in the reverse of case order, several at once. */
function reverseOrderSource(documents: Map<string, unknown>): TraceSource & { requested: string[] } {
  const pending: { id: string; resolve: (inputs: TraceRunInput[]) => void }[] = [];
  const requested: string[] = [];
  return {
    concurrency: 4,
    requested,
    warnings: () => [],
    tracesFor: (evalCase) =>
      new Promise((resolve) => {
        requested.push(evalCase.id);
        pending.push({ id: evalCase.id, resolve });
        if (pending.length === documents.size) {
          for (const entry of [...pending].reverse()) {
            entry.resolve([
              { kind: 'document', document: documents.get(entry.id), traceFixture: null, sessionId: null },
            ]);
          }
        }
      }),
  };
}

describe('runCases: order and aggregates (S14, S09)', () => {
  it('S14: one result per case, in case-file order, whatever order the traces arrive in', async () => {
    const ids = ['d', 'b', 'a', 'c'];
    const cases = ids.map((id) => makeEvalCase({ id }));
    const source = reverseOrderSource(new Map(ids.map((id) => [id, buildTrace()])));
    const progress: number[] = [];
    const report = await runCases(cases, source, DEFAULT_CONTRACT, { onCaseDone: ({ done }) => progress.push(done) });
    expect(source.requested).toEqual(ids);
    expect(report.cases.map((result) => result.caseId)).toEqual(ids);
    expect(progress).toEqual([1, 2, 3, 4]);
  });

  it('S09: pass rate, verdict distribution (with MISSING), averages over the cases where a figure is available', async () => {
    const specs: [EvalCase, TraceSpec | 'unloadable' | 'absent'][] = [
      [makeEvalCase({ id: 'pass' }), { toolInvocations: [toolCall('queryMetrics')], durationMs: 1000 }],
      [
        makeEvalCase({ id: 'reject' }),
        { verdict: 'reject', toolInvocations: [toolCall('a'), toolCall('b')], durationMs: null },
      ],
      [
        makeEvalCase({ id: 'no-verdict' }),
        {
          verdict: null,
          toolInvocations: [toolCall('a'), toolCall('b'), toolCall('c'), toolCall('d')],
          durationMs: 2001,
        },
      ],
      [makeEvalCase({ id: 'unloadable' }), 'unloadable'],
      [makeEvalCase({ id: 'absent' }), 'absent'],
    ];
    const files: Record<string, unknown> = {};
    for (const [evalCase, spec] of specs) {
      if (spec === 'unloadable') files[evalCase.traceFixture] = { finalAnswer: 1 };
      else if (spec !== 'absent') files[evalCase.traceFixture] = buildTrace(spec);
    }
    const { report } = await runFixtures(
      specs.map(([evalCase]) => evalCase),
      files,
    );
    expect(report.cases.map((result) => result.status)).toEqual(['passed', 'failed', 'failed', 'failed', 'not_run']);
    expect(report.summary).toEqual({
      total: 5,
      passed: 1,
      failed: 3,
      notRun: 1,
      casesWithWarnings: 0,
      passRate: 0.2,
      verdictDistribution: { MISSING: 1, PASS: 1, REJECT: 1 },
      avgToolCalls: 2.3333,
      avgDurationMs: 1500.5,
      avgTokens: null,
      avgRepeatedCalls: 0,
    });
    expect(Object.keys(report.summary.verdictDistribution)).toEqual(['MISSING', 'PASS', 'REJECT']);
  });

  it('S09: averages are null and the distribution empty when no trace gave a figure', async () => {
    const { report } = await runFixtures([makeEvalCase({ id: 'a' }), makeEvalCase({ id: 'b' })], { 'b.json': '{' });
    expect(report.summary).toEqual({
      total: 2,
      passed: 0,
      failed: 1,
      notRun: 1,
      casesWithWarnings: 0,
      passRate: 0,
      verdictDistribution: {},
      avgToolCalls: null,
      avgDurationMs: null,
      avgTokens: null,
      avgRepeatedCalls: null,
    });
  });

  it('S09: a trace without a duration still counts for tool calls, not for duration', async () => {
    const { report } = await runFixtures([makeEvalCase({ id: 'a' }), makeEvalCase({ id: 'b' })], {
      'a.json': buildTrace({ durationMs: null, toolInvocations: [] }),
      'b.json': buildTrace({ durationMs: 10, toolInvocations: [toolCall('x'), toolCall('y'), toolCall('z')] }),
    });
    expect(report.summary).toMatchObject({ avgToolCalls: 1.5, avgDurationMs: 10 });
  });

  it('S09: ratios and averages are rounded to 4 decimal places', async () => {
    const durations = [1, 1, 2];
    const cases = durations.map((_, index) =>
      makeEvalCase({ id: `c${index}`, allowedVerdicts: index === 0 ? ['PASS'] : ['REJECT'] }),
    );
    const files = Object.fromEntries(
      durations.map((durationMs, index) => [
        `c${index}.json`,
        buildTrace({ durationMs, toolInvocations: Array.from({ length: durationMs }, () => toolCall('q')) }),
      ]),
    );
    const { report } = await runFixtures(cases, files);
    expect(report.summary).toMatchObject({ passRate: 0.3333, avgToolCalls: 1.3333, avgDurationMs: 1.3333 });

    const twoThirds = buildReport([passedResult('x'), passedResult('y'), { ...passedResult('z'), status: 'failed' }]);
    expect(twoThirds.summary.passRate).toBe(0.6667);
  });
});

function passedResult(caseId: string, spec: TraceSpec = {}): CaseResult {
  return evaluateRun(
    makeEvalCase({ id: caseId }),
    { kind: 'document', document: buildTrace(spec), traceFixture: null, sessionId: null },
    DEFAULT_CONTRACT,
  );
}

function runOf(caseId: string, kind: 'passed' | 'failed' | 'not_run', spec: TraceSpec = {}): CaseResult {
  const evalCase = makeEvalCase({ id: caseId, rootCauseKeywords: ['pool'], budget: { maxToolCalls: 2 } });
  if (kind === 'not_run')
    return evaluateRun(
      evalCase,
      {
        kind: 'not_run',
        reason: 'GET /api/diagnosis/s/trace: 503 after 4 attempts',
        traceFixture: null,
        sessionId: null,
      },
      DEFAULT_CONTRACT,
    );
  return evaluateRun(
    evalCase,
    { kind: 'document', document: buildTrace(spec), traceFixture: null, sessionId: null },
    DEFAULT_CONTRACT,
  );
}

describe('combineRuns: one case asked K times (pass^K)', () => {
  it('passes only when every run passed; passedRuns, flaky, runs and the union of failed checks', () => {
    const passing = runOf('flaky-case', 'passed', { finalAnswer: 'pool exhausted', durationMs: 100 });
    const failing = runOf('flaky-case', 'failed', {
      finalAnswer: 'no idea',
      verdict: 'revise',
      toolInvocations: [toolCall('a'), toolCall('b'), toolCall('c')],
    });
    const absent = runOf('flaky-case', 'not_run');
    expect([passing.status, failing.status, absent.status]).toEqual(['passed', 'failed', 'not_run']);

    const combined = combineRuns([absent, passing, failing], ['s1', 's2', 's3']);
    expect(combined.status).toBe('failed');
    expect(combined.passedRuns).toBe(1);
    expect(combined.flaky).toBe(true);
    expect(combined.reason).toBeNull();
    // The other fields come from the first run that produced a trace.
    expect(combined.verdict).toBe('PASS');
    expect(combined.durationMs).toBe(100);
    expect(combined.failedChecks).toEqual([
      { check: 'verdict-allowed', message: expect.stringMatching(/^run 3: /u) },
      { check: 'keyword-coverage', message: expect.stringMatching(/^run 3: /u) },
      { check: 'tool-call-budget', message: expect.stringMatching(/^run 3: /u) },
    ]);
    expect(combined.runs).toEqual([
      {
        sessionId: 's1',
        status: 'not_run',
        reason: 'GET /api/diagnosis/s/trace: 503 after 4 attempts',
        verdict: null,
        failedChecks: [],
        toolCallCount: null,
        durationMs: null,
        tokens: null,
        repeatedCalls: null,
      },
      {
        sessionId: 's2',
        status: 'passed',
        reason: null,
        verdict: 'PASS',
        failedChecks: [],
        toolCallCount: 1,
        durationMs: 100,
        tokens: null,
        repeatedCalls: 0,
      },
      {
        sessionId: 's3',
        status: 'failed',
        reason: null,
        verdict: 'REVISE',
        failedChecks: failing.failedChecks,
        toolCallCount: 3,
        durationMs: 1000,
        tokens: null,
        repeatedCalls: 0,
      },
    ]);
    expect(Object.keys(combined).slice(-7)).toEqual([
      'traceFixture',
      'runs',
      'passedRuns',
      'flaky',
      'runPassRate',
      'runPassInterval',
      'checkFailureRates',
    ]);
  });

  it('the union keeps check order and the message of the first run each check failed in', () => {
    const overBudget = runOf('c', 'failed', {
      finalAnswer: 'pool',
      toolInvocations: [toolCall('a'), toolCall('b'), toolCall('c')],
    });
    const noKeywords = runOf('c', 'failed', {
      finalAnswer: 'nothing',
      toolInvocations: [toolCall('a'), toolCall('b'), toolCall('c'), toolCall('d')],
    });
    const combined = combineRuns([overBudget, noKeywords], [null, null]);
    expect(combined.failedChecks.map((failed) => failed.check)).toEqual(['keyword-coverage', 'tool-call-budget']);
    expect(combined.failedChecks.map((failed) => failed.message.slice(0, 6))).toEqual(['run 2:', 'run 1:']);
    expect(combined.flaky).toBe(false);
    expect(combined.passedRuns).toBe(0);
  });

  it('all runs passed: passed, not flaky; no run produced a trace: not_run with the first reason', () => {
    const passing = runOf('c', 'passed', { finalAnswer: 'pool' });
    expect(combineRuns([passing, passing], ['a', 'b'])).toMatchObject({
      status: 'passed',
      passedRuns: 2,
      flaky: false,
      failedChecks: [],
    });
    const absent = runOf('c', 'not_run');
    expect(combineRuns([absent, absent], ['a', 'b'])).toMatchObject({
      status: 'not_run',
      reason: 'GET /api/diagnosis/s/trace: 503 after 4 attempts',
      passedRuns: 0,
      flaky: false,
      checks: [],
    });
  });

  it('runCases with repeat: summary gains repeat, passAtK and runPassRate; passRate is pass^K; figures count runs', async () => {
    const cases = [
      makeEvalCase({ id: 'steady', rootCauseKeywords: ['pool'] }),
      makeEvalCase({ id: 'flaky', rootCauseKeywords: ['pool'] }),
      makeEvalCase({ id: 'down' }),
    ];
    const runs: Record<string, TraceRunInput[]> = {
      steady: [
        {
          kind: 'document',
          document: buildTrace({ finalAnswer: 'pool', durationMs: 100 }),
          traceFixture: null,
          sessionId: 's1',
        },
        {
          kind: 'document',
          document: buildTrace({ finalAnswer: 'pool', durationMs: 300 }),
          traceFixture: null,
          sessionId: 's2',
        },
      ],
      flaky: [
        {
          kind: 'document',
          document: buildTrace({ finalAnswer: 'pool', durationMs: 200 }),
          traceFixture: null,
          sessionId: 's3',
        },
        {
          kind: 'document',
          document: buildTrace({ finalAnswer: 'cpu', verdict: 'REVISE', durationMs: 400, toolInvocations: [] }),
          traceFixture: null,
          sessionId: 's4',
        },
      ],
      down: [
        {
          kind: 'not_run',
          reason: 'POST /api/chat: connection refused after 4 attempts',
          traceFixture: null,
          sessionId: null,
        },
        {
          kind: 'not_run',
          reason: 'POST /api/chat: connection refused after 4 attempts',
          traceFixture: null,
          sessionId: null,
        },
      ],
    };
    const source: TraceSource = {
      concurrency: 2,
      warnings: () => [],
      tracesFor: async (evalCase) => runs[evalCase.id] ?? [],
    };
    const report = await runCases(cases, source, DEFAULT_CONTRACT, { repeat: 2 });
    expect(report.cases.map((result) => [result.caseId, result.status, result.passedRuns, result.flaky])).toEqual([
      ['steady', 'passed', 2, false],
      ['flaky', 'failed', 1, true],
      ['down', 'not_run', 0, false],
    ]);
    expect(report.summary).toEqual({
      total: 3,
      passed: 1,
      failed: 1,
      notRun: 1,
      casesWithWarnings: 0,
      passRate: 0.3333,
      verdictDistribution: { PASS: 3, REVISE: 1 },
      avgToolCalls: 0.75,
      avgDurationMs: 250,
      avgTokens: null,
      avgRepeatedCalls: 0,
      repeat: 2,
      passAtK: 0.6667,
      runPassRate: 0.5,
      // S76: the Wilson interval of 3 passing runs of 6.
      runPassInterval: { low: 0.1876, high: 0.8124 },
    });
    expect(report.cases[1]?.runs?.map((run) => run.sessionId)).toEqual(['s3', 's4']);
  });

  it("every check id appears in a combined case's checks, from its representative run", () => {
    const combined = combineRuns([runOf('c', 'passed', { finalAnswer: 'pool' })], ['only']);
    expect(combined.checks.map((row) => row.check)).toEqual([...CHECK_IDS]);
  });
});

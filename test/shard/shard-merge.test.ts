import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main.js';
import { DEFAULT_CONTRACT } from '../../src/config/contract.js';
import { runCases } from '../../src/evaluate/run-cases.js';
import { buildReport } from '../../src/report/build.js';
import { renderReportJson } from '../../src/report/render/json.js';
import { renderReportMarkdown } from '../../src/report/render/markdown.js';
import type { CaseResult, Report } from '../../src/report/types.js';
import { assignShards } from '../../src/shard/assign-shards.js';
import { mergeShardReports } from '../../src/shard/merge-reports.js';
import { markShardCase, selectShard, shardReportHead } from '../../src/shard/shard-report.js';
import type { ShardSpec } from '../../src/shard/shard-spec.js';
import type { TraceRunInput, TraceSource } from '../../src/sources/types.js';
import { makeEvalCase } from '../helpers/eval-case.js';
import { createFakeIo } from '../helpers/fake-io.js';
import { caseFileYaml, caseYaml, writeFiles } from '../helpers/project.js';
import { useTempDirs } from '../helpers/temp-dir.js';
import { buildTrace, traceJson } from '../helpers/trace-builder.js';

const tempDir = useTempDirs();

async function cli(argv: string[], cwd: string) {
  const fake = createFakeIo({ cwd });
  const code = await main(argv, fake.io);
  return { code, stdout: fake.stdout(), stderr: fake.stderr() };
}

const CASE_COUNT = 13;

/** A shard's report as `run --shard` writes it: the shard head after the schema version, each case's position after its id. */
function markShardReport(report: Report, shard: ShardSpec, casesHash: string, caseIndexes: readonly number[]): Report {
  const cases = report.cases.map((result, position) => markShardCase(result, caseIndexes[position] as number));
  const { schemaVersion, ...rest } = report;
  return { schemaVersion, ...shardReportHead(shard, casesHash), ...rest, cases };
}

/** 13 cases, passing, failing (a forbidden verdict, slower) and not run (no fixture), so every summary figure is exercised. */
function shardProject(): string {
  const cwd = tempDir();
  const blocks: string[] = [];
  const files: Record<string, unknown> = {};
  for (let n = 0; n < CASE_COUNT; n += 1) {
    const id = `case-${String.fromCharCode(97 + n)}${n}`;
    blocks.push(caseYaml(id, n % 4 === 1 ? ['forbiddenVerdicts: [REVISE]'] : []));
    if (n % 5 === 3) continue; // no fixture: not_run
    files[`eval/fixtures/${id}.json`] = traceJson({
      verdict: n % 4 === 1 ? 'REVISE' : 'PASS',
      durationMs: 1000 + n * 37.5,
      toolInvocations: [],
    });
  }
  files['eval/cases.yaml'] = caseFileYaml(blocks);
  writeFiles(cwd, files);
  return cwd;
}

async function runShards(cwd: string, count: number): Promise<string[]> {
  const reports: string[] = [];
  for (let index = 1; index <= count; index += 1) {
    const out = `shards-${count}/shard-${index}`;
    const { code, stderr } = await cli(['run', '--shard', `${index}/${count}`, '--out', out], cwd);
    // No warning: the fixtures of the other shards' cases are not orphans.
    expect(stderr).toBe('');
    expect([0, 1]).toContain(code);
    reports.push(`${out}/report.json`);
  }
  return reports;
}

describe('shard assignment (run --shard i/n)', () => {
  it('S57: balanced: for every case count and shard count, slice sizes differ by at most one and cover every case once', () => {
    for (let total = 0; total <= 40; total += 1) {
      const ids = Array.from({ length: total }, (_, n) => `case-${n}`);
      for (let count = 1; count <= 7; count += 1) {
        const shards = assignShards(ids, count);
        const sizes = Array.from({ length: count }, (_, index) => shards.filter((shard) => shard === index + 1).length);
        expect(sizes.reduce((sum, size) => sum + size, 0)).toBe(total);
        expect(Math.max(...sizes) - Math.min(...sizes)).toBeLessThanOrEqual(1);
      }
    }
  });

  it('S57: stable: depends on the case ids only (not their order), and the digest order is fixed (the same on every machine)', () => {
    const ids = ['payment-timeout-db-pool', 'order-cpu-spike', 'inventory-oom', 'login-dns', 'search-slow-gc'];
    const forward = assignShards(ids, 2);
    const backward = assignShards([...ids].reverse(), 2).reverse();
    expect(backward).toEqual(forward);
    // SHA-256 of each id, ordered: the first half (rounded down) goes to shard 1. Recomputable by hand with `sha256sum`.
    expect(Object.fromEntries(ids.map((id, index) => [id, forward[index]]))).toEqual(GOLDEN_TWO_SHARDS);
  });

  it('S57: --shard out of range or malformed is exit 2 naming the flag', async () => {
    const cwd = shardProject();
    for (const bad of ['0/3', '4/3', '1/0', 'a/b', '2', '1/1001', '-1/2']) {
      const { code, stderr } = await cli(['run', `--shard=${bad}`, '--quiet'], cwd);
      expect(code, bad).toBe(2);
      expect(stderr).toContain(`--shard: found "${bad}", expected i/n`);
    }
  });
});

describe('merge: shards back into the unsharded report', () => {
  it('S57: for every n from 1 to 5, the merged report.json and report.md are byte-identical to the unsharded run, whatever the input order', async () => {
    const cwd = shardProject();
    const whole = await cli(['run', '--out', 'whole', '--quiet'], cwd);
    expect(whole.code).toBe(1);
    const wholeJson = readFileSync(join(cwd, 'whole/report.json'), 'utf8');
    const wholeMd = readFileSync(join(cwd, 'whole/report.md'), 'utf8');
    expect(wholeJson).not.toContain('caseIndex');
    expect(wholeJson).not.toContain('casesHash');
    for (let count = 1; count <= 5; count += 1) {
      const reports = await runShards(cwd, count);
      const shardJson = JSON.parse(readFileSync(join(cwd, reports[0] as string), 'utf8')) as Record<string, unknown>;
      expect(Object.keys(shardJson)).toEqual(['schemaVersion', 'shard', 'casesHash', 'summary', 'cases']);
      expect(shardJson['shard']).toEqual({ index: 1, count });
      expect(shardJson['casesHash']).toMatch(/^sha256:[0-9a-f]{64}$/u);
      for (const order of [reports, [...reports].reverse(), [...reports.slice(1), ...reports.slice(0, 1)]]) {
        const out = `merged-${count}`;
        const merged = await cli(['merge', ...order, '--out', out, '--quiet'], cwd);
        expect(merged.stderr).toBe('');
        expect(merged.code).toBe(0);
        expect(readFileSync(join(cwd, out, 'report.json'), 'utf8')).toBe(wholeJson);
        expect(readFileSync(join(cwd, out, 'report.md'), 'utf8')).toBe(wholeMd);
      }
    }
  });

  it('S57: live-mode reports with --repeat merge too: runs, passedRuns, flaky, repeat, passAtK, runPassRate and avgTokens come out as unsharded', async () => {
    const cases = ['steady', 'flaky', 'down', 'bad-trace', 'revise'].map((id) =>
      makeEvalCase({ id, rootCauseKeywords: ['pool'] }),
    );
    const doc = (finalAnswer: string, verdict: string, durationMs: number, sessionId: string): TraceRunInput => ({
      kind: 'document',
      // Every run's tokens differ, so the average is that of the runs, not of the cases.
      document: {
        ...buildTrace({ finalAnswer, verdict, durationMs }),
        usage: { inputTokens: durationMs, outputTokens: 7 },
      },
      traceFixture: null,
      sessionId,
    });
    const runs: Record<string, TraceRunInput[]> = {
      steady: [doc('pool', 'PASS', 100, 's1'), doc('pool', 'PASS', 300, 's2')],
      flaky: [doc('pool', 'PASS', 200, 's3'), doc('cpu', 'REVISE', 450.5, 's4')],
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
      'bad-trace': [
        { kind: 'unparsable', problem: 'not JSON', traceFixture: null, sessionId: 's5' },
        doc('pool', 'PASS', 10, 's6'),
      ],
      revise: [doc('pool', 'REVISE', 1, 's7'), doc('pool', 'REVISE', 2, 's8')],
    };
    const source: TraceSource = {
      concurrency: 1,
      warnings: () => [],
      tracesFor: async (evalCase) => runs[evalCase.id] ?? [],
    };
    const whole = await runCases(cases, source, DEFAULT_CONTRACT, { repeat: 2 });
    // Up to 7 shards of 5 cases: some shards are empty, and merge still gives the whole run.
    for (let count = 1; count <= 7; count += 1) {
      const texts = [];
      for (let index = 1; index <= count; index += 1) {
        const selection = selectShard(cases, { index, count });
        const report = await runCases(selection.cases, source, DEFAULT_CONTRACT, { repeat: 2 });
        texts.push({
          displayName: `shard-${index}.json`,
          text: renderReportJson(markShardReport(report, { index, count }, 'sha256:x', selection.caseIndexes)),
        });
      }
      const merged = mergeShardReports(texts.reverse());
      expect(renderReportJson(merged)).toBe(renderReportJson(whole));
      expect(renderReportMarkdown(merged)).toBe(renderReportMarkdown(whole));
    }
    expect(whole.summary.repeat).toBe(2);
    expect(whole.summary.avgTokens).toBe(158.9286);
  });
});

describe('merge refuses reports that are not one whole run (exit 2, naming them)', () => {
  async function threeShards(): Promise<{ cwd: string; reports: string[] }> {
    const cwd = shardProject();
    return { cwd, reports: await runShards(cwd, 3) };
  }

  it('S58: a missing shard is named', async () => {
    const { cwd, reports } = await threeShards();
    const { code, stderr } = await cli(['merge', reports[0] as string, reports[2] as string, '--out', 'm'], cwd);
    expect(code).toBe(2);
    expect(stderr).toContain('missing shard 2/3');
  });

  it('S58: a shard given twice is named with both files', async () => {
    const { cwd, reports } = await threeShards();
    writeFileSync(join(cwd, 'copy.json'), readFileSync(join(cwd, reports[1] as string)));
    const { code, stderr } = await cli(['merge', ...reports, 'copy.json', '--out', 'm'], cwd);
    expect(code).toBe(2);
    expect(stderr).toContain(`shard 2/3 is given 2 times: ${reports[1]}, copy.json`);
  });

  it('S58: shards of different case files (casesHash differs) are refused', async () => {
    const { cwd, reports } = await threeShards();
    writeFileSync(join(cwd, 'eval/cases.yaml'), `${readFileSync(join(cwd, 'eval/cases.yaml'), 'utf8')}# edited\n`);
    await cli(['run', '--shard', '3/3', '--out', 'edited', '--quiet'], cwd);
    const { code, stderr } = await cli(
      ['merge', reports[0] as string, reports[1] as string, 'edited/report.json', '--out', 'm'],
      cwd,
    );
    expect(code).toBe(2);
    expect(stderr).toContain('the reports differ in casesHash (they ran different case files)');
    expect(stderr).toContain('edited/report.json');
  });

  it('S58: different shard counts, another schema version and an unsharded report are refused, each file named', async () => {
    const { cwd, reports } = await threeShards();
    const two = await runShards(cwd, 2);
    const counts = await cli(['merge', reports[0] as string, two[1] as string, '--out', 'm'], cwd);
    expect(counts.code).toBe(2);
    expect(counts.stderr).toContain(`the reports differ in shard count: n = 3 in ${reports[0]}; n = 2 in ${two[1]}`);

    const future = JSON.parse(readFileSync(join(cwd, reports[1] as string), 'utf8')) as Record<string, unknown>;
    writeFileSync(join(cwd, 'future.json'), JSON.stringify({ ...future, schemaVersion: 3 }));
    const version = await cli(['merge', reports[0] as string, 'future.json', reports[2] as string, '--out', 'm'], cwd);
    expect(version.code).toBe(2);
    expect(version.stderr).toContain('future.json');
    expect(version.stderr).toContain('schemaVersion');

    await cli(['run', '--out', 'whole', '--quiet'], cwd);
    const unsharded = await cli(['merge', 'whole/report.json', '--out', 'm'], cwd);
    expect(unsharded.code).toBe(2);
    expect(unsharded.stderr).toContain(
      'whole/report.json: expected a report written by `diag-eval run --shard i/n`; found no "shard" field',
    );
  });

  it('S58: shards run with different --repeat are refused', () => {
    const cases = ['a', 'b'].map((id) => makeEvalCase({ id }));
    const report = (index: number, repeat: number | undefined) => {
      const selection = selectShard(cases, { index, count: 2 });
      const summary = {
        total: 1,
        passed: 1,
        failed: 0,
        notRun: 0,
        passRate: 1,
        verdictDistribution: {},
        avgToolCalls: null,
        avgDurationMs: null,
        ...(repeat === undefined ? {} : { repeat, passAtK: 1, runPassRate: 1 }),
      };
      const caseResults = selection.cases.map((evalCase) => ({
        caseId: evalCase.id,
        status: 'passed' as const,
        reason: null,
        verdict: null,
        failedChecks: [],
        checks: [],
        evidenceCoverage: null,
        keywordCoverage: null,
        toolCallCount: null,
        durationMs: null,
        traceFixture: null,
      }));
      return {
        displayName: `shard-${index}.json`,
        text: renderReportJson(
          markShardReport(
            { schemaVersion: 1, summary, cases: caseResults },
            { index, count: 2 },
            'sha256:x',
            selection.caseIndexes,
          ),
        ),
      };
    };
    expect(() => mergeShardReports([report(1, 3), report(2, undefined)])).toThrow(
      'the reports differ in runs per case: --repeat 3 in shard-1.json; no --repeat in shard-2.json',
    );
    expect(() => mergeShardReports([report(1, 3), report(2, 3)])).not.toThrow();
  });

  it('S58: a case moved into a shard it does not belong to is refused', async () => {
    const { cwd, reports } = await threeShards();
    type ShardJson = { summary: unknown; cases: unknown[] };
    const first = JSON.parse(readFileSync(join(cwd, reports[0] as string), 'utf8')) as ShardJson;
    const second = JSON.parse(readFileSync(join(cwd, reports[1] as string), 'utf8')) as ShardJson;
    first.cases.push(second.cases.shift());
    // Each summary recounted, so that only the case's shard is wrong (a miscounted summary is refused first).
    for (const shard of [first, second]) shard.summary = buildReport(shard.cases as CaseResult[]).summary;
    writeFileSync(join(cwd, reports[0] as string), JSON.stringify(first));
    writeFileSync(join(cwd, reports[1] as string), JSON.stringify(second));
    const { code, stderr } = await cli(['merge', ...reports, '--out', 'm'], cwd);
    expect(code).toBe(2);
    expect(stderr).toMatch(/case "[^"]+" is in shard 1\/3, expected in shard 2\/3/u);
  });

  it('S58: a shard of schema version 1 among shards of version 2 is refused, each version named with its files', async () => {
    const { cwd, reports } = await threeShards();
    const older = JSON.parse(readFileSync(join(cwd, reports[1] as string), 'utf8')) as Record<string, unknown>;
    writeFileSync(join(cwd, 'older.json'), JSON.stringify({ ...older, schemaVersion: 1 }));
    const { code, stderr } = await cli(
      ['merge', reports[0] as string, 'older.json', reports[2] as string, '--out', 'm'],
      cwd,
    );
    expect(code).toBe(2);
    expect(stderr).toContain(
      `the reports differ in schemaVersion (they were written by different diag-eval versions): schemaVersion 2 in ${reports[0]}, ${reports[2]}; schemaVersion 1 in older.json`,
    );
  });

  it('S58: a caseIndex past the last case is named with its file, not as a case no report holds', async () => {
    const { cwd, reports } = await threeShards();
    const first = JSON.parse(readFileSync(join(cwd, reports[0] as string), 'utf8')) as {
      cases: { caseId: string; caseIndex: number }[];
    };
    const moved = first.cases[0] as { caseId: string; caseIndex: number };
    moved.caseIndex = 1000;
    writeFileSync(join(cwd, reports[0] as string), JSON.stringify(first));
    const { code, stderr } = await cli(['merge', ...reports, '--out', 'm'], cwd);
    expect(code).toBe(2);
    expect(stderr).toContain(
      `${reports[0]}: case "${moved.caseId}" has caseIndex 1000, expected below ${CASE_COUNT} (the number of cases the reports hold)`,
    );
  });
});

describe('check --report: gating a merged report', () => {
  it('S58: a merged report is gated against the baseline: exit 0 unchanged, exit 1 on a regression; a shard report or an evaluation flag is exit 2', async () => {
    const cwd = shardProject();
    await cli(['baseline', '--baseline-dir', 'base', '--quiet'], cwd);
    const reports = await runShards(cwd, 2);
    await cli(['merge', ...reports, '--out', 'merged', '--quiet'], cwd);
    const same = await cli(
      ['check', '--report', 'merged/report.json', '--baseline', 'base/report.json', '--out', 'gate'],
      cwd,
    );
    expect(same.stderr).toBe('');
    expect(same.code).toBe(0);
    expect(same.stdout).toContain('wrote gate/diff.json');
    expect(same.stdout).not.toContain('wrote gate/report.json');
    // Every format asked for is written: the diff page and the report's JUnit file, not only diff.html.
    const formats = await cli(
      [
        'check',
        '--report',
        'merged/report.json',
        '--baseline',
        'base/report.json',
        '--out',
        'gate-html',
        '--format',
        'html,junit',
      ],
      cwd,
    );
    expect(formats.code).toBe(0);
    expect(formats.stdout).toContain('wrote gate-html/diff.html\nwrote gate-html/report.junit.xml\n');
    expect(readFileSync(join(cwd, 'gate-html/report.junit.xml'), 'utf8')).toContain('<testsuites name="diag-eval"');

    const merged = JSON.parse(readFileSync(join(cwd, 'merged/report.json'), 'utf8')) as { cases: { status: string }[] };
    const passed = merged.cases.find((result) => result.status === 'passed') as { status: string };
    passed.status = 'failed';
    writeFileSync(join(cwd, 'merged/report.json'), JSON.stringify(merged));
    const worse = await cli(
      ['check', '--report', 'merged/report.json', '--baseline', 'base/report.json', '--out', 'gate', '--quiet'],
      cwd,
    );
    expect(worse.code).toBe(1);

    const shard = await cli(
      ['check', '--report', reports[0] as string, '--baseline', 'base/report.json', '--out', 'gate'],
      cwd,
    );
    expect(shard.code).toBe(2);
    expect(shard.stderr).toContain('found shard 1/2 of a sharded run');
    const mixed = await cli(
      ['check', '--report', 'merged/report.json', '--fixtures', 'eval/fixtures', '--baseline', 'base/report.json'],
      cwd,
    );
    expect(mixed.code).toBe(2);
    expect(mixed.stderr).toContain('found --fixtures');
  });
});

/** sha256 order: login-dns 17ba…, inventory-oom 36b7…, order-cpu-spike 84c9…, payment-timeout-db-pool be56…, search-slow-gc f21e…. */
const GOLDEN_TWO_SHARDS: Record<string, number> = {
  'payment-timeout-db-pool': 2,
  'order-cpu-spike': 2,
  'inventory-oom': 1,
  'login-dns': 1,
  'search-slow-gc': 2,
};

describe('merge with hostile shard reports', () => {
  it('shards claiming a count of 1e9 are refused at once, naming the limit, not merged out of memory', async () => {
    const cwd = shardProject();
    const reports = await runShards(cwd, 3);
    for (const report of reports) {
      const path = join(cwd, report);
      const value = JSON.parse(readFileSync(path, 'utf8')) as { shard: { count: number } };
      value.shard.count = 1e9;
      writeFileSync(path, JSON.stringify(value));
    }
    const { code, stderr } = await cli(['merge', ...reports, '--out', 'm'], cwd);
    expect(code).toBe(2);
    expect(stderr).toContain('expected {"index": i, "count": n} with whole numbers 1 ≤ i ≤ n ≤ 1000');
  });

  it('a __proto__, constructor or prototype key inside a shard case is not carried into the merged report', async () => {
    const cwd = shardProject();
    const reports = await runShards(cwd, 3);
    const path = join(cwd, reports[0] as string);
    const text = readFileSync(path, 'utf8').replace(
      '"caseId":',
      '"__proto__": {"polluted": true}, "constructor": {"x": 1}, "prototype": 2, "caseId":',
    );
    writeFileSync(path, text);
    const { code, stderr } = await cli(['merge', ...reports, '--out', 'm'], cwd);
    expect(code, stderr).toBe(0);
    const merged = readFileSync(join(cwd, 'm', 'report.json'), 'utf8');
    expect(merged).not.toContain('__proto__');
    expect(merged).not.toContain('polluted');
    expect(merged).not.toContain('"constructor"');
    expect(merged).not.toContain('"prototype"');
  });

  it('merge checks every count against the cases it holds: a shard whose summary miscounts them is exit 2 naming the file, the field, found and expected', async () => {
    const tampered: [string, (summary: Record<string, unknown>) => void, RegExp][] = [
      [
        'total',
        (summary) => {
          summary['total'] = (summary['total'] as number) + 1;
        },
        /summary\.total: found (\d+), expected (\d+) \(what the \2 cases it holds give\)/u,
      ],
      [
        'passed',
        (summary) => {
          summary['passed'] = 0;
          summary['failed'] = summary['total'];
        },
        /summary\.passed: found 0, expected [1-9]\d*/u,
      ],
      [
        'notRun',
        (summary) => {
          summary['notRun'] = 7;
        },
        /summary\.notRun: found 7, expected \d+/u,
      ],
      [
        'casesWithWarnings',
        (summary) => {
          summary['casesWithWarnings'] = 99;
        },
        /summary\.casesWithWarnings: found 99, expected 0/u,
      ],
      [
        'verdictDistribution',
        (summary) => {
          summary['verdictDistribution'] = { PASS: 1000 };
        },
        /summary\.verdictDistribution\["PASS"\]: found 1000, expected \d+/u,
      ],
    ];
    for (const [field, tamper, message] of tampered) {
      const cwd = shardProject();
      const reports = await runShards(cwd, 3);
      const path = join(cwd, reports[1] as string);
      const value = JSON.parse(readFileSync(path, 'utf8')) as { summary: Record<string, unknown> };
      tamper(value.summary);
      writeFileSync(path, JSON.stringify(value));
      const { code, stderr } = await cli(['merge', ...reports, '--out', 'm'], cwd);
      expect(code, field).toBe(2);
      expect(stderr, field).toMatch(new RegExp(`^error: ${reports[1]}: ${message.source}`, 'mu'));
    }
  });
});

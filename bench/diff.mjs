/**
 * `node bench/diff.mjs [COUNT]` (after `npm run build`): `diag-eval diff` of two reports of COUNT
 * cases (default 10,000; the bundled baseline's cases repeated under new ids, ~5 KB each; in the
 * current one every seventh case has another verdict and duration, so the diff has items to
 * write), against its floor: a node process that reads both files and JSON.parse-s them. Each
 * is a fresh process, timed in turns; peak RSS is the process's maximum resident set size.
 * Figures are printed, never asserted.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { fixed, grouped, mb, median, verdict } from './stats.mjs';

const PROJECT_ROOT = fileURLToPath(new URL('..', import.meta.url));
const BIN = join(PROJECT_ROOT, 'dist/cli/bin.cjs');
export const DIFF_GOAL_RATIO = 1.5;
const RUNS = 5;

/** Prints the process's peak RSS when it ends; the command itself is `process.env.BENCH_ARGS` run by the bundled CLI, or the floor. */
const CHILD = `
const [mode, ...args] = JSON.parse(process.env.BENCH_ARGS);
process.on('exit', () => process.stderr.write('\\nBENCH ' + JSON.stringify({ maxRssKb: process.resourceUsage().maxRSS }) + '\\n'));
if (mode === 'floor') {
  const { readFileSync } = await import('node:fs');
  for (const path of args) JSON.parse(readFileSync(path, 'utf8'));
} else {
  process.argv = [process.argv[0], ${JSON.stringify(BIN)}, ...args];
  await import(${JSON.stringify(BIN)});
}
`;

/** Two reports of `count` cases made from the committed baseline: the baseline and a current one with verdict and duration changes. */
export function writeReportPair(dir, count) {
  const template = JSON.parse(readFileSync(join(PROJECT_ROOT, 'docs/eval/baseline/report.json'), 'utf8'));
  const cases = Array.from({ length: count }, (_, index) => ({
    ...structuredClone(template.cases[index % template.cases.length]),
    caseId: `case-${String(index).padStart(6, '0')}`,
  }));
  const baseline = join(dir, 'baseline.json');
  writeFileSync(baseline, `${JSON.stringify({ ...template, cases }, null, 2)}\n`);
  for (let index = 0; index < count; index += 7) {
    const changed = cases[index];
    changed.verdict = changed.verdict === null ? 'PASS' : `${changed.verdict}_WITH_NOTES`;
    changed.durationMs = (changed.durationMs ?? 0) + 1000;
  }
  const current = join(dir, 'current.json');
  writeFileSync(current, `${JSON.stringify({ ...template, cases }, null, 2)}\n`);
  return { baseline, current };
}

function runChild(mode, args, cwd) {
  const started = process.hrtime.bigint();
  const child = spawnSync(process.execPath, ['--input-type=module', '-e', CHILD], {
    cwd,
    env: { ...process.env, BENCH_ARGS: JSON.stringify([mode, ...args]) },
    encoding: 'utf8',
  });
  const ms = Number(process.hrtime.bigint() - started) / 1e6;
  const line = child.stderr.split('\n').find((text) => text.startsWith('BENCH '));
  if (child.status !== 0 || line === undefined) throw new Error(`${mode} exited ${child.status}:\n${child.stderr}`);
  return { ms, maxRss: JSON.parse(line.slice(6)).maxRssKb * 1024 };
}

/** The bench, for `npm run bench` (bench/run.mjs) and on its own: prints each figure, returns summary rows. */
export function benchDiff(log = (line) => console.log(line), count = 10_000) {
  const dir = mkdtempSync(join(tmpdir(), 'diag-eval-diff-bench-'));
  try {
    const { baseline, current } = writeReportPair(dir, count);
    const bytes = readFileSync(baseline).length + readFileSync(current).length;
    log(
      `two reports of ${grouped(count)} cases, ${fixed(mb(bytes), 1)} MB together; ${RUNS} rounds in turns after 1 warm-up`,
    );
    const commands = [
      ['floor', [baseline, current]],
      ['diff', ['diff', baseline, current, '--out', join(dir, 'out'), '--quiet']],
    ];
    const runs = commands.map(() => []);
    for (let round = 0; round <= RUNS; round += 1) {
      commands.forEach(([mode, args], index) => {
        const measured = runChild(mode, args, dir);
        if (round > 0) runs[index].push(measured);
      });
    }
    const [floor, diff] = runs.map((list) => ({
      ms: median(list.map((run) => run.ms)),
      maxRss: median(list.map((run) => run.maxRss)),
    }));
    const ratio = diff.ms / floor.ms;
    log(`floor (node: read both + JSON.parse)  median ${fixed(floor.ms)} ms, peak RSS ${fixed(mb(floor.maxRss))} MB`);
    log(
      `diag-eval diff                         median ${fixed(diff.ms)} ms, peak RSS ${fixed(mb(diff.maxRss))} MB = ${fixed(ratio, 2)}x floor ` +
        `(goal <= ${DIFF_GOAL_RATIO}x: ${verdict(ratio <= DIFF_GOAL_RATIO)})`,
    );
    return [
      [
        `diff of two ${grouped(count)}-case reports, wall median`,
        `${fixed(diff.ms)} ms = ${fixed(ratio, 2)}x read+JSON.parse of both (${fixed(floor.ms)} ms); peak RSS ${fixed(mb(diff.maxRss))} MB (floor ${fixed(mb(floor.maxRss))} MB)`,
        `<= ${DIFF_GOAL_RATIO}x`,
        verdict(ratio <= DIFF_GOAL_RATIO),
      ],
    ];
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const count = Number(process.argv[2] ?? 10_000);
  benchDiff(undefined, count > 0 ? count : 10_000);
}

/**
 * The goal for the speed of evaluating 10,000 traces (`npm run bench`, section [2]): the time
 * runCases takes (read, parse, evaluate every check) as a multiple of the read+JSON.parse floor
 * of the same fixtures, measured in the same run. A ratio, not milliseconds, so that it holds on
 * any machine and under any load: the floor slows down with the machine as the harness does.
 *
 * The goal is set against a reference build: the harness before the semantic checks
 * (numeric-grounding, assertion-aware matching and the rest of checks S33–S41) were added, at
 * commit 3e3b9d3. With them, evaluating a trace may take at most EVALUATION_GOAL_FACTOR times
 * what it took then.
 *
 * REFERENCE_EVALUATION_RATIO was measured with this file, on a 2-core machine shared with other
 * work, in four runs: three rounds at load average 10–15 (2.11, 2.16, 2.23), two at load average
 * 4–6 (2.65, 2.25), and, later, two and four rounds at load average 2–7 (2.11, 1.93; 2.04, 2.04,
 * 2.10, 2.01); the median of the eleven is 2.11. The build with the semantic checks gave 5.35,
 * 5.32 and 7.02 in the first run, 5.07 and 5.25 in the second, and, made faster, 4.29 and 4.40,
 * then 4.33, 3.65, 4.45 and 4.19 in the last two. Read ahead and judged check by check, it gave
 * 2.85, 2.96, 3.07, 3.31 and 3.30 in five rounds in which the reference gave 1.80 to 2.12, and,
 * with loadTrace made faster, 2.88, 2.85, 2.84, 2.83 and 3.09 against 2.03 to 2.08, then 2.88,
 * 2.71, 3.01, 2.91 and 2.87 against 1.97 to 2.30; at load average 0.2–1, 2.81, 2.72 and 2.75
 * against 1.93, 1.93 and 1.91. With the fixtures read on a thread of their own while the main
 * thread judges (src/sources/background-file-reader.ts), at load average 1–2: 2.34, 2.30, 2.29
 * and 2.21 against 1.97, 2.10, 2.07 and 2.12:
 *
 *   git worktree add --detach ../reference 3e3b9d3 && (cd ../reference && npm ci && npm run build)
 *   npm run build && node bench/reference-ratio.mjs ../reference 3
 *
 * which generates the 10,000-case synthetic set of the bench from each checkout's own bundled
 * cases (the fixtures are the same), and measures, in turns, the reference build and this one
 * with bench/measure-worker.mjs exactly as `npm run bench` does (`evaluation` mode: a fresh
 * process, 1 warm-up, then 5 repetitions of the floor followed by runCases; the median of the
 * ratios). The constant is the median of the reference's figures over the rounds.
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { measureInChild } from './measure.mjs';
import { fixed, median } from './stats.mjs';
import { generateFixtureSet, loadTemplates } from './synthetic-fixtures.mjs';

/** runCases ÷ read+parse floor of the reference build (3e3b9d3) on the 10,000-trace set, JSON case file. */
export const REFERENCE_EVALUATION_RATIO = 2.11;
/** How much slower than the reference the evaluation may be. */
export const EVALUATION_GOAL_FACTOR = 1.3;
export const EVALUATION_GOAL_RATIO = REFERENCE_EVALUATION_RATIO * EVALUATION_GOAL_FACTOR;

/**
 * The evaluation figure: bench/measure-worker.mjs in its `evaluation` mode, which times the floor
 * and runCases in turns in one process and gives the median of their ratios, so that the load of
 * a shared machine, which changes from one process to the next, falls on both alike.
 */
export function measureEvaluationRatio(set, { reps = REPS, distDir } = {}) {
  return measureInChild('evaluation', set, { casesFormat: 'json', reps, distDir });
}

const PROJECT_ROOT = fileURLToPath(new URL('..', import.meta.url));
const COUNT = 10_000;
const SEED = 10_000;
const REPS = 5;

/** One round: each build in turn, each on its own set. */
function measureRound(builds) {
  return builds.map(({ set, distDir }) => {
    const measured = measureEvaluationRatio(set, { distDir });
    return { floorMs: measured.floorMs, runCasesMs: measured.wallMs, ratio: measured.floorRatio };
  });
}

function main(referenceRoot, rounds) {
  const tmp = mkdtempSync(join(tmpdir(), 'diag-eval-reference-'));
  try {
    const builds = [
      { label: `reference (${referenceRoot})`, root: referenceRoot },
      { label: 'this checkout', root: PROJECT_ROOT },
    ].map(({ label, root }, index) => {
      const dir = join(tmp, `set-${index}`);
      mkdirSync(dir);
      return { label, distDir: join(root, 'dist'), set: generateFixtureSet(dir, COUNT, SEED, loadTemplates(root)) };
    });
    const ratios = builds.map(() => []);
    for (let round = 1; round <= rounds; round += 1) {
      measureRound(builds).forEach((measured, index) => {
        ratios[index].push(measured.ratio);
        const { label } = builds[index];
        process.stdout.write(
          `round ${round}, ${label}: runCases ${fixed(measured.runCasesMs)} ms, floor ${fixed(measured.floorMs)} ms = ${fixed(measured.ratio, 2)}x\n`,
        );
      });
    }
    builds.forEach(({ label }, index) => {
      process.stdout.write(
        `${label}: median ${fixed(median(ratios[index]), 2)}x the floor (${ratios[index].map((ratio) => fixed(ratio, 2)).join(', ')})\n`,
      );
    });
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}

if (process.argv[1] !== undefined && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const [referenceRoot, rounds = '3'] = process.argv.slice(2);
  if (referenceRoot === undefined) {
    process.stderr.write('usage: node bench/reference-ratio.mjs REFERENCE_CHECKOUT [ROUNDS]  (both checkouts built)\n');
    process.exitCode = 2;
  } else {
    main(resolve(referenceRoot), Number(rounds));
  }
}

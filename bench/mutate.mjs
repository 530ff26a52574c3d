/**
 * `node bench/mutate.mjs [COUNT…]` (after `npm run build`): mutants evaluated per second by
 * `diag-eval mutate`'s engine, in process, on the bundled suite (eval/, its config's contract) and
 * on generated suites (the generator of `npm run bench`; by default 1,000 cases). The figure
 * covers the whole engine: reading each fixture once, evaluating the case, making every mutant and
 * meaning-preserving variant and evaluating each. Figures are printed, never asserted.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadSettingsCases } from '../dist/cli/load-settings-cases.js';
import { resolveSettings } from '../dist/cli/settings.js';
import { runMutation } from '../dist/mutate/run-mutation.js';
import { fixtureFolder, readFixture } from '../dist/sources/fixture-dir.js';
import { generateFixtureSet } from './synthetic-fixtures.mjs';

const PROJECT_ROOT = fileURLToPath(new URL('..', import.meta.url));
const counts = process.argv
  .slice(2)
  .map(Number)
  .filter((count) => count > 0);
const BUNDLED_ROUNDS = 20;

/** Runs the engine `rounds` times over a suite; the median round's figures. */
async function measure(cwd, flags, rounds) {
  const settings = await resolveSettings(cwd, flags);
  const cases = await loadSettingsCases(settings, cwd);
  const timings = [];
  let report;
  const folder = fixtureFolder(settings.fixtures, cwd);
  for (let round = 0; round < rounds; round += 1) {
    const started = performance.now();
    report = await runMutation(cases, (evalCase) => readFixture(folder, evalCase), settings.config.contract);
    timings.push(performance.now() - started);
  }
  timings.sort((left, right) => left - right);
  const ms = timings[Math.floor(timings.length / 2)];
  const evaluated = report.summary.mutants + report.summary.variants;
  return {
    cases: cases.length,
    mutants: report.summary.mutants,
    variants: report.summary.variants,
    score: report.summary.score,
    ms,
    perSecond: (evaluated / ms) * 1000,
    mutantsPerSecond: (report.summary.mutants / ms) * 1000,
  };
}

function line(label, figures) {
  const score = figures.score === null ? '–' : `${(figures.score * 100).toFixed(1)}%`;
  return (
    `${label}: ${figures.cases} cases, ${figures.mutants} mutants + ${figures.variants} variants in ${figures.ms.toFixed(0)} ms: ` +
    `${Math.round(figures.mutantsPerSecond).toLocaleString('en-US')} mutants/s (${Math.round(figures.perSecond).toLocaleString('en-US')} evaluations/s), score ${score}`
  );
}

/** The bench, for `npm run bench` (bench/run.mjs) and on its own: prints each figure, returns summary rows. */
export async function benchMutation(
  log = (text) => console.log(text),
  generatedCounts = [1_000],
  bundledRounds = BUNDLED_ROUNDS,
) {
  const rows = [];
  const bundled = await measure(PROJECT_ROOT, {}, bundledRounds);
  log(line(`bundled suite (median of ${bundledRounds})`, bundled));
  rows.push([
    'mutate, bundled suite',
    `${Math.round(bundled.mutantsPerSecond).toLocaleString('en-US')} mutants/s`,
    '',
    '',
  ]);
  for (const count of generatedCounts) {
    const dir = mkdtempSync(join(tmpdir(), 'diag-eval-mutate-bench-'));
    try {
      const set = generateFixtureSet(dir, count, count);
      const figures = await measure(
        dir,
        { cases: set.casesPaths.json, fixtures: set.fixturesDir, config: join(PROJECT_ROOT, 'diag-eval.config.yaml') },
        3,
      );
      log(line(`${count.toLocaleString('en-US')} generated cases (median of 3)`, figures));
      rows.push([
        `mutate, ${count.toLocaleString('en-US')} generated cases`,
        `${Math.round(figures.mutantsPerSecond).toLocaleString('en-US')} mutants/s`,
        '',
        '',
      ]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }
  return rows;
}

if (process.argv[1] === fileURLToPath(import.meta.url))
  await benchMutation(undefined, counts.length > 0 ? counts : [1_000]);

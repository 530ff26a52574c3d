import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { median } from './stats.mjs';

const WORKER = fileURLToPath(new URL('./measure-worker.mjs', import.meta.url));

/**
 * Runs one measurement (the floor, or the harness with the YAML or the JSON case file) on a
 * fixture set in a fresh node process (see measure-worker.mjs), of this checkout's build or of
 * the one in `distDir`, and condenses its repetitions:
 * median wall time, traces per second, and the peak RSS of its first run above what the
 * process held before it.
 */
export function measureInChild(mode, set, { casesFormat = 'yaml', warmups = 1, reps = 3, held = true, distDir } = {}) {
  const jobFile = join(set.dir, `job-${mode}-${casesFormat}.json`);
  writeFileSync(
    jobFile,
    JSON.stringify({
      mode,
      casesPath: set.casesPaths[casesFormat],
      fixturesDir: set.fixturesDir,
      cwd: set.dir,
      // Only the floor reads the fixtures by path (evaluation times the floor too); the other
      // measurements are not handed the list, whose memory would count in their peak.
      fixturePaths: mode === 'floor' || mode === 'evaluation' ? set.fixturePaths : [],
      // load-cases times the case-file floor (the valid JSON file) in turns with the load.
      casesFloorPath: set.casesFloorPath ?? set.casesPaths.json,
      warmups,
      reps,
      held,
      distDir,
    }),
  );
  const child = spawnSync(process.execPath, ['--expose-gc', WORKER, jobFile], {
    encoding: 'utf8',
    maxBuffer: 16 * 1024 * 1024,
  });
  if (child.status !== 0) {
    throw new Error(`the ${mode} measurement failed (exit ${child.status}):\n${child.stderr}`);
  }
  const result = JSON.parse(child.stdout);
  const wallMs = median(result.runs.map((run) => run.wallMs));
  const items = result.runs[0].items;
  const phases = result.runs[0].phases === undefined ? null : medianPhases(result.runs.map((run) => run.phases));
  return {
    mode,
    items,
    wallMs,
    allWallMs: result.runs.map((run) => run.wallMs),
    tracesPerSecond: items / (wallMs / 1000),
    phases,
    maxRss: result.maxRss,
    baselineRss: result.baselineRss,
    rssDelta: result.maxRss - result.baselineRss,
    /** harness: peak RSS growth once the case file is loaded, before any trace is read; null for the floor. */
    loadRssDelta: result.maxRssAfterLoad === null ? null : result.maxRssAfterLoad - result.baselineRss,
    /** harness: heap held per case by the cases and the results; floor: by one parsed trace. */
    held: result.held,
    summary: result.runs[0].summary ?? null,
    /** load-cases: the problems reported (0 for a valid file). */
    problems: result.runs[0].problems ?? null,
    warnings: result.runs[0].warnings ?? null,
    reportJsonBytes: result.runs[0].reportJsonBytes ?? null,
    reportMdBytes: result.runs[0].reportMdBytes ?? null,
    /** evaluation and load-cases: the measurement ÷ its floor measured just before it, median over the repetitions; null otherwise. */
    floorRatio: result.runs[0].ratio === undefined ? null : median(result.runs.map((run) => run.ratio)),
    floorMs: result.runs[0].floorMs === undefined ? null : median(result.runs.map((run) => run.floorMs)),
    /** Every repetition must produce the same report bytes. */
    deterministic: new Set(result.runs.map((run) => run.digest)).size <= 1,
    digest: result.runs[0].digest ?? null,
  };
}

function medianPhases(list) {
  return Object.fromEntries(Object.keys(list[0]).map((key) => [key, median(list.map((phases) => phases[key]))]));
}

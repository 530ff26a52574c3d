/**
 * `npm run bench`: how fast the harness is, each figure beside its floor and its goal.
 *   1. CLI start-up: --help, --version and a run of the bundled example cases (eval/cases.yaml),
 *      timed in turns with bare `node -e 0`, their floor.
 *   2. Synthetic sets of 1,000 and 10,000 cases (~5 KB traces, seeded, in a temp dir):
 *      the read+JSON.parse floor and the in-process harness (load cases, evaluate, write both
 *      reports), traces per second, their ratio, and peak memory, each measurement in a fresh
 *      process; and reading the case file alone as run reads it, from YAML and from JSON, timed in
 *      turns with reading and JSON.parse-ing the JSON one; and the evaluation of the 10,000 traces (runCases) against the
 *      floor, timed in turns in one process, beside its goal: at most 1.3x the ratio of the build
 *      before the semantic checks (bench/reference-ratio.mjs).
 *      Then the error path: the same case files with one mistake (an unknown key) in the last
 *      case, reported (the read throws), against loading the valid file, each in a fresh process
 *      and each against the case-file floor timed in turns with it.
 *   2b. With DIAG_EVAL_BENCH_LARGE=1 only (it writes ~280 MB of fixtures and takes minutes): a
 *      50,000-case run (JSON case file), its peak RSS against its goal.
 *   3. The OTLP JSON Lines import bench of bench/import.mjs: conversion and end to end against the
 *      line-by-line parse floor, peak RSS at 50 MB and (with DIAG_EVAL_BENCH_IMPORT_200MB=1) 200 MB.
 *   4. Mutants per second of `diag-eval mutate` on the bundled suite and 1,000 generated cases (bench/mutate.mjs).
 *   5. `diag-eval diff` of two 10,000-case reports against reading and JSON.parse-ing both (bench/diff.mjs).
 * Timings are printed, never asserted. Needs a build (dist/); `npm run bench` builds first.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { arch, availableParallelism, loadavg, platform, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse as parseYaml } from 'yaml';
import { cliRunArgs, timeInterleaved } from './cli-timing.mjs';
import { benchDiff } from './diff.mjs';
import { LARGE_IMPORT_ENV } from './import.mjs';
import { figureLines, runImportBench } from './import-figures.mjs';
import { measureInChild } from './measure.mjs';
import { benchMutation } from './mutate.mjs';
import {
  EVALUATION_GOAL_FACTOR,
  EVALUATION_GOAL_RATIO,
  measureEvaluationRatio,
  REFERENCE_EVALUATION_RATIO,
} from './reference-ratio.mjs';
import { fixed, grouped, mb, verdict } from './stats.mjs';
import { generateFixtureSet, loadTemplates, withMistakeInLastCase } from './synthetic-fixtures.mjs';
import { renderMarkdownTable, renderTable } from './table.mjs';

const PROJECT_ROOT = fileURLToPath(new URL('..', import.meta.url));
const TARGETS = { tracesPerSecond: 10_000, floorRatio: 2 };
/** Goals as ratios to a floor measured in the same run: start-up to `node -e 0`, case files to reading and JSON.parse-ing the JSON one. */
const GOALS = {
  helpRatio: 1.3,
  runRatio: 1.6,
  yamlCasesRatio: 3,
  jsonCasesRatio: 2,
  yamlCasesPeakMb: 150,
  errorAtEndRatio: 1.5,
  largeRunPeakMb: 200,
  importRatio: 2.5,
  importRssGrowthMb: 30,
};
/** The large run, only with DIAG_EVAL_BENCH_LARGE=1. */
const LARGE_SET = { count: 50_000, seed: 50_000 };
/** The synthetic cases are measured from a JSON and from a YAML case file (same cases). */
const CASE_FORMATS = ['json', 'yaml'];
const CLI_RUNS = 25;
const SETS = [
  { count: 1_000, seed: 1_000, reps: 5 },
  { count: 10_000, seed: 10_000, reps: 3 },
];

const log = (line = '') => process.stdout.write(`${line}\n`);
const seconds = (ms) => `${fixed(ms / 1000, 1)} s`;

async function main() {
  if (!existsSync(join(PROJECT_ROOT, 'dist/cli/bin.cjs'))) {
    process.stderr.write('bench: dist/ is missing; run `npm run build` first (`npm run bench` does)\n');
    return 2;
  }
  const started = performance.now();
  const load = loadavg()
    .map((value) => fixed(value, 1))
    .join(' / ');
  log(
    `diag-eval bench: node ${process.version}, ${platform()} ${arch()}, ${availableParallelism()} CPUs, load average ${load}`,
  );
  const tmp = mkdtempSync(join(tmpdir(), 'diag-eval-bench-'));
  log(`temp dir ${tmp} (removed at the end)`);
  const rows = [];
  try {
    log();
    rows.push(...benchCli(tmp));
    log();
    rows.push(...benchSyntheticSets(tmp));
    log();
    if (process.env.DIAG_EVAL_BENCH_LARGE === '1') {
      rows.push(...benchLargeRun(tmp));
      log();
    }
    rows.push(...(await benchImport()));
    log();
    log('[4] mutate: mutants evaluated per second (bench/mutate.mjs)');
    rows.push(...(await benchMutation((line) => log(`    ${line}`))));
    log();
    log('[5] diff of two 10,000-case reports (bench/diff.mjs)');
    rows.push(...benchDiff((line) => log(`    ${line}`)));
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
  log();
  log(`Summary (whole bench ${seconds(performance.now() - started)})`);
  log(renderTable(['measurement', 'figure', 'target', 'status'], rows));
  log();
  log('The same, as Markdown (the performance table of README.md is made from it):');
  log(renderMarkdownTable(['measurement', 'figure', 'goal', 'status'], rows));
  return 0;
}

function benchCli(tmp) {
  const caseCount = parseYaml(readFileSync(join(PROJECT_ROOT, 'eval/cases.yaml'), 'utf8')).cases.length;
  const bin = join(PROJECT_ROOT, 'dist/cli/bin.cjs');
  log(
    `[1] CLI start-up: node -e 0, diag-eval --help, --version and the bundled ${caseCount}-case run (--quiet), in turns, ${CLI_RUNS} rounds after 1 warm-up`,
  );
  const [node, help, version, run] = timeInterleaved(
    [
      { label: 'node -e 0', args: ['-e', '0'] },
      { label: 'diag-eval --help', args: [bin, '--help'] },
      { label: 'diag-eval --version', args: [bin, '--version'] },
      { label: `diag-eval run, bundled ${caseCount} cases`, args: cliRunArgs(PROJECT_ROOT, join(tmp, 'cli-out')) },
    ],
    { cwd: PROJECT_ROOT, runs: CLI_RUNS },
  );
  log(
    `    ${node.label.padEnd(32)} median ${fixed(node.medianMs).padStart(4)} ms (min ${fixed(node.minMs)} ms)  = the floor`,
  );
  const rows = [];
  for (const [measured, goal] of [
    [help, GOALS.helpRatio],
    [version, GOALS.helpRatio],
    [run, GOALS.runRatio],
  ]) {
    const ratio = measured.medianMs / node.medianMs;
    log(
      `    ${measured.label.padEnd(32)} median ${fixed(measured.medianMs).padStart(4)} ms (min ${fixed(measured.minMs)} ms)  = ${fixed(ratio, 2)}x floor (goal <= ${goal}x: ${verdict(ratio <= goal)})`,
    );
    rows.push([
      `${measured.label}, wall median`,
      `${fixed(measured.medianMs)} ms = ${fixed(ratio, 2)}x node -e 0 (${fixed(node.medianMs)} ms)`,
      `<= ${goal}x`,
      verdict(ratio <= goal),
    ]);
  }
  return rows;
}

function benchSyntheticSets(tmp) {
  log('[2] Synthetic fixture sets (seeded; the bundled cases and traces, varied)');
  log(
    '    floor = read every fixture (sync, case order) + JSON.parse; harness = the case file read as run reads it + runCases (fixture-dir source)',
  );
  log(
    '    + orphan scan + write report.json and report.md as the CLI does (rendered and written, atomically), in process;',
  );
  log('    each measurement in a fresh process; peak RSS = that of the first (cold) run in the process,');
  log('    +X MB = above the RSS before that run, per case = that divided by the number of cases');
  const templates = loadTemplates(PROJECT_ROOT);
  const results = [];
  for (const { count, seed, reps } of SETS) {
    const dir = join(tmp, `set-${count}`);
    mkdirSync(dir);
    const generationStarted = performance.now();
    const set = generateFixtureSet(dir, count, seed, templates);
    const generationMs = performance.now() - generationStarted;
    log(
      `  ${grouped(count)} cases: ${grouped(set.written)} fixtures (avg ${fixed(set.averageBytes / 1024, 1)} KB, ${fixed(mb(set.bytes), 1)} MB) ` +
        `generated in ${seconds(generationMs)}; 1 warm-up, median of ${reps}`,
    );
    const floor = measureInChild('floor', set, { reps });
    log(`    floor                ${timing(floor)}`);
    const harness = {};
    for (const format of CASE_FORMATS) {
      const measured = measureInChild('harness', set, { casesFormat: format, reps });
      measured.ratio = measured.wallMs / floor.wallMs;
      harness[format] = measured;
      const { phases } = measured;
      log(`    harness, cases.${format.padEnd(4)}  ${timing(measured)}  = ${fixed(measured.ratio, 2)}x floor`);
      log(
        `      load cases ${fixed(phases.loadCases)} ms, runCases ${fixed(phases.runCases)} ms ` +
          `(${fixed(phases.runCases / floor.wallMs, 2)}x floor), orphan scan ${fixed(phases.warnings)} ms, ` +
          `write report.json ${fixed(phases.writeJson)} ms, write report.md ${fixed(phases.writeMd)} ms`,
      );
    }
    const reference = harness[CASE_FORMATS[0]];
    const { summary } = reference;
    const sameReport = CASE_FORMATS.every((format) => harness[format].digest === reference.digest);
    const repeatable = CASE_FORMATS.every((format) => harness[format].deterministic);
    log(
      `    report: ${grouped(summary.passed)} passed, ${grouped(summary.failed)} failed, ${grouped(summary.notRun)} not run; ` +
        `report.json ${fixed(mb(reference.reportJsonBytes), 1)} MB, report.md ${fixed(mb(reference.reportMdBytes), 1)} MB; ` +
        `byte-identical across repetitions: ${yesNo(repeatable)}, and for cases.yaml and cases.json: ${yesNo(sameReport)}`,
    );
    const casesFloor = measureInChild('cases-floor', set, { casesFormat: 'json', reps });
    log(
      `    case-file floor (read cases.json + JSON.parse) ${fixed(casesFloor.wallMs)} ms, peak RSS ${fixed(mb(casesFloor.maxRss), 1)} MB`,
    );
    results.push({ count, set, floor, harness });
  }
  const largest = results[results.length - 1];
  const loads = measureCaseFileLoads(largest);
  return [
    ...throughputRows(results),
    evaluationRow(largest),
    ...caseFileRows(largest, loads),
    ...errorAtEndRows(largest, loads),
    ...memoryRows(results),
  ];
}

/**
 * The case file read as run reads it, alone, in a fresh process per format and file, each load
 * timed in turns with the case-file floor (read cases.json + JSON.parse) in that process: the
 * valid case files, and the same files with one mistake (an unknown key) in the last case.
 */
function measureCaseFileLoads({ set }) {
  const reps = 7;
  const broken = withMistakeInLastCase(set);
  const loads = {};
  for (const format of CASE_FORMATS) {
    loads[format] = {
      valid: measureInChild('load-cases', set, { casesFormat: format, reps }),
      invalid: measureInChild('load-cases', broken, { casesFormat: format, reps }),
    };
  }
  return loads;
}

/**
 * A case file with one mistake in its last case (an unknown key), reported against loading the
 * valid file: the schema reads only the cases the quick check is unsure of, and the line is
 * found in one pass, so the report should cost about what loading the file costs.
 */
function errorAtEndRows({ count }, loads) {
  log(
    `  one mistake in the last of ${grouped(count)} cases (an unknown key), reported, against loading the valid file (each read as run reads it, timed in turns with the case-file floor, fresh process each):`,
  );
  const rows = [];
  for (const format of CASE_FORMATS) {
    const { valid, invalid } = loads[format];
    // Each against the floor timed in turns with it, so that the load of the machine, which
    // changes from one process to the next, falls on both alike.
    const ratio = invalid.floorRatio / valid.floorRatio;
    const goal = GOALS.errorAtEndRatio;
    log(
      `    cases.${format.padEnd(4)} valid ${fixed(valid.wallMs)} ms; with the mistake ${fixed(invalid.wallMs)} ms (${invalid.problems} problem reported), ` +
        `peak RSS ${fixed(mb(invalid.maxRss), 1)} MB = ${fixed(ratio, 2)}x (goal <= ${goal}x: ${verdict(ratio <= goal)})`,
    );
    rows.push([
      `${grouped(count)} cases, one mistake in the last, cases.${format}`,
      `reported in ${fixed(invalid.wallMs)} ms = ${fixed(ratio, 2)}x loading the valid file (${fixed(valid.wallMs)} ms)`,
      `<= ${goal}x`,
      verdict(ratio <= goal),
    ]);
  }
  return rows;
}

/** A 50,000-case run (JSON case file): load, evaluate, write both reports, as the CLI does; its peak RSS. */
function benchLargeRun(tmp) {
  const { count, seed } = LARGE_SET;
  log(`[2b] ${grouped(count)} cases, one run (DIAG_EVAL_BENCH_LARGE=1)`);
  const dir = join(tmp, `set-${count}`);
  mkdirSync(dir);
  const started = performance.now();
  const set = generateFixtureSet(dir, count, seed, loadTemplates(PROJECT_ROOT));
  log(
    `    ${grouped(set.written)} fixtures (${fixed(mb(set.bytes), 1)} MB) generated in ${seconds(performance.now() - started)}`,
  );
  const measured = measureInChild('harness', set, { casesFormat: 'json', warmups: 0, reps: 1, held: false });
  const peakMb = mb(measured.maxRss);
  const goal = GOALS.largeRunPeakMb;
  log(
    `    run: ${seconds(measured.wallMs)}, peak RSS ${fixed(peakMb, 1)} MB (goal <= ${goal} MB: ${verdict(peakMb <= goal)}); ` +
      `report.json ${fixed(mb(measured.reportJsonBytes), 1)} MB and report.md ${fixed(mb(measured.reportMdBytes), 1)} MB written in chunks`,
  );
  rmSync(dir, { recursive: true, force: true });
  return [
    [
      `${grouped(count)} cases, run (JSON case file), peak RSS`,
      `${fixed(peakMb, 1)} MB (${seconds(measured.wallMs)})`,
      `<= ${goal} MB`,
      verdict(peakMb <= goal),
    ],
  ];
}

/**
 * The evaluation (runCases: read, parse and judge every trace) against the read+parse floor,
 * both timed in turns in one process, beside the goal set against the reference build (see
 * bench/reference-ratio.mjs).
 */
function evaluationRow({ count, set }) {
  const measured = measureEvaluationRatio(set);
  const ratio = measured.floorRatio;
  const met = ratio <= EVALUATION_GOAL_RATIO;
  log(
    `    evaluation of ${grouped(count)} traces (runCases, the floor timed just before it, in turns, median of ${measured.allWallMs.length}): ` +
      `${fixed(measured.wallMs)} ms = ${fixed(ratio, 2)}x the floor (${fixed(measured.floorMs)} ms); goal <= ${fixed(EVALUATION_GOAL_RATIO, 2)}x ` +
      `= ${EVALUATION_GOAL_FACTOR} x the reference build's ${REFERENCE_EVALUATION_RATIO}x: ${verdict(met)}`,
  );
  return [
    `${grouped(count)} traces, evaluation (runCases) vs read+parse`,
    `${fixed(measured.wallMs)} ms = ${fixed(ratio, 2)}x the floor (${fixed(measured.floorMs)} ms)`,
    `<= ${fixed(EVALUATION_GOAL_RATIO, 2)}x (${EVALUATION_GOAL_FACTOR} x reference ${REFERENCE_EVALUATION_RATIO}x)`,
    verdict(met),
  ];
}

/** Loading the case file alone (loadCaseFile: read, parse, validate) against reading and JSON.parse-ing the JSON one. */
/**
 * Each case file read as run reads it, timed in turns with the case-file floor in one process
 * (the median of the ratios, see measureCaseFileLoads); its peak RSS from the harness's cold run.
 */
function caseFileRows({ count, harness }, loads) {
  const rows = [];
  for (const format of CASE_FORMATS) {
    const { valid } = loads[format];
    const ratio = valid.floorRatio;
    const goal = format === 'yaml' ? GOALS.yamlCasesRatio : GOALS.jsonCasesRatio;
    const measured = harness[format];
    const peak = measured.loadRssDelta + measured.baselineRss;
    const peakGoal = format === 'yaml' ? GOALS.yamlCasesPeakMb : null;
    log(
      `    load ${grouped(count)} cases from cases.${format}: ${fixed(valid.wallMs)} ms = ${fixed(ratio, 2)}x the case-file floor ` +
        `(goal <= ${goal}x: ${verdict(ratio <= goal)}), peak RSS once loaded ${fixed(mb(peak), 1)} MB` +
        (peakGoal === null ? '' : ` (goal <= ${peakGoal} MB: ${verdict(mb(peak) <= peakGoal)})`),
    );
    rows.push([
      `${grouped(count)} cases, load cases.${format}`,
      `${fixed(valid.wallMs)} ms = ${fixed(ratio, 2)}x read+JSON.parse (${fixed(valid.floorMs)} ms)`,
      `<= ${goal}x`,
      verdict(ratio <= goal),
    ]);
    if (peakGoal !== null)
      rows.push([
        `${grouped(count)} cases, load cases.${format}, peak RSS`,
        `${fixed(mb(peak), 1)} MB`,
        `<= ${peakGoal} MB`,
        verdict(mb(peak) <= peakGoal),
      ]);
  }
  return rows;
}

function timing(measured) {
  return (
    `${fixed(measured.wallMs).padStart(6)} ms ${grouped(measured.tracesPerSecond).padStart(7)} traces/s  ` +
    `peak RSS ${fixed(mb(measured.maxRss), 1).padStart(6)} MB (+${fixed(mb(measured.rssDelta), 1)} MB, ` +
    `${kb(measured.rssDelta / measured.items)} per case)`
  );
}

function throughputRows(results) {
  const largest = results[results.length - 1].count;
  const rows = [];
  for (const { count, floor, harness } of results) {
    const size = grouped(count);
    rows.push([`${size} traces, floor read+parse`, `${grouped(floor.tracesPerSecond)} traces/s`, '', '']);
    for (const format of CASE_FORMATS) {
      const measured = harness[format];
      const throughputTarget = count === largest;
      rows.push([
        `${size} traces, harness, cases.${format}`,
        `${grouped(measured.tracesPerSecond)} traces/s, ${fixed(measured.ratio, 2)}x floor`,
        `${throughputTarget ? `>= ${grouped(TARGETS.tracesPerSecond)}/s, ` : ''}<= ${TARGETS.floorRatio}x floor`,
        verdict(
          (!throughputTarget || measured.tracesPerSecond >= TARGETS.tracesPerSecond) &&
            measured.ratio <= TARGETS.floorRatio,
        ),
      ]);
    }
  }
  return rows;
}

/**
 * Memory must not grow with the traces, only with the per-case results. Two views:
 *  - retention: the heap runCases leaves behind per case (after a full GC) must stay below one
 *    parsed trace; were traces kept, it would be the results plus at least that;
 *  - peak: peak RSS growth per extra case (1k -> 10k sets) against what the harness has to
 *    hold per case: the loaded case and its result. The reports are written in chunks as they
 *    are rendered, so no report-sized text is held.
 */
function memoryRows(results) {
  const small = results[0];
  const large = results[results.length - 1];
  const extraCases = large.count - small.count;
  const perExtraCase = (pick) => (pick(large).rssDelta - pick(small).rssDelta) / extraCases;
  const traceHeap = large.floor.held.parsedTrace;
  log(`  memory, ${grouped(small.count)} -> ${grouped(large.count)} cases:`);
  log(
    `    floor: peak RSS +${fixed(mb(small.floor.rssDelta), 1)} -> +${fixed(mb(large.floor.rssDelta), 1)} MB, ` +
      `${kb(perExtraCase((result) => result.floor))} per extra case; one parsed trace takes ${kb(traceHeap)} of heap`,
  );
  const rows = [];
  for (const format of CASE_FORMATS) {
    const measured = large.harness[format];
    const growth = perExtraCase((result) => result.harness[format]);
    const { cases, results: caseResults } = measured.held;
    const held = cases + caseResults;
    const retentionMet = caseResults < traceHeap;
    const peakMet = growth <= held;
    const written = (measured.reportJsonBytes + measured.reportMdBytes) / measured.items;
    const loadGrowth = perExtraCase((result) => ({ rssDelta: result.harness[format].loadRssDelta }));
    log(
      `    harness, cases.${format}: peak RSS +${fixed(mb(small.harness[format].rssDelta), 1)} -> +${fixed(mb(measured.rssDelta), 1)} MB, ` +
        `${kb(growth)} per extra case; of which loading the case file alone (peak before any trace is read: ` +
        `+${fixed(mb(small.harness[format].loadRssDelta), 1)} -> +${fixed(mb(measured.loadRssDelta), 1)} MB) ${kb(loadGrowth)}`,
    );
    log(
      `      held per case after a full GC: case ${kb(cases)} + result ${kb(caseResults)} = ${kb(held)} ` +
        `(the reports, ${kb(written)} per case, are written in chunks, not held); peak growth is ${fixed(growth / held, 1)}x that`,
    );
    log(
      `      traces not retained (runCases keeps ${kb(caseResults)} per case < one parsed trace ${kb(traceHeap)}): ${verdict(retentionMet)}; ` +
        `peak RSS growth within what is held per case: ${verdict(peakMet)}`,
    );
    rows.push([
      `heap runCases keeps per case, cases.${format}`,
      kb(caseResults),
      `< ${kb(traceHeap)} (1 parsed trace)`,
      verdict(retentionMet),
    ]);
    rows.push([
      `peak RSS growth per extra case, cases.${format}`,
      kb(growth),
      `<= ${kb(held)} (case + result)`,
      verdict(peakMet),
    ]);
  }
  return rows;
}

function kb(bytes) {
  return `${fixed(bytes / 1024, 1)} KB`;
}

function yesNo(value) {
  return value ? 'yes' : 'NO';
}

async function benchImport() {
  log('[3] OTLP JSON Lines import (bench/import.mjs)');
  const imported = await runImportBench((line) => log(`    ${line}`));
  if (imported.status === 'skipped') {
    log(`    skipped: ${imported.note}`);
    return [['OTLP import', '–', '', `skipped: ${imported.note}`]];
  }
  // Its own summary lines are enough when it printed them; else the figures it returned.
  if (imported.logged === 0) for (const line of figureLines(imported.figures)) log(`    ${line}`);
  const figures = imported.figures ?? {};
  const growth = figures.rssGrowthMB ?? null;
  return [
    [
      `OTLP import (${figures.fileMB} MB JSON Lines), conversion`,
      `${figures.mbPerSecond} MB/s = ${fixed(figures.floorRatio, 2)}x the line-by-line parse floor (${figures.floorSeconds} s)`,
      `<= ${GOALS.importRatio}x`,
      verdict(figures.floorRatio <= GOALS.importRatio),
    ],
    [
      `OTLP import (${figures.fileMB} MB), end to end with ${grouped(figures.traces)} fixtures written`,
      `${figures.endToEndSeconds} s = ${fixed(figures.endToEndRatio, 2)}x the floor`,
      '',
      '',
    ],
    [
      'OTLP import, peak RSS 50 -> 200 MB export',
      growth === null
        ? `${figures.peakRssMB} MB at 50 MB; 200 MB not measured (set ${LARGE_IMPORT_ENV}=1)`
        : `${figures.peakRssMB} -> ${figures.largePeakRssMB} MB (+${fixed(growth, 1)} MB)`,
      `<= +${GOALS.importRssGrowthMb} MB`,
      growth === null ? 'not measured' : verdict(growth <= GOALS.importRssGrowthMb),
    ],
  ];
}

process.exitCode = await main();

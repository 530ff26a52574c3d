/**
 * One measurement in a process of its own, so that its peak memory is its own:
 *   node --expose-gc bench/measure-worker.mjs JOB_FILE
 * JOB_FILE holds { mode: 'floor' | 'harness', casesPath, fixturesDir, cwd, fixturePaths, warmups, reps }, and
 * optionally distDir: the build to measure (default: this checkout's dist/).
 * Prints one JSON object on stdout: wall time per repetition, phase times, memory figures.
 * Peak memory is the process's maxRSS right after its first run: the peak of one cold run,
 * not raised by the heap fragments later repetitions leave behind.
 *
 * floor:   read every fixture file (sync, case-file order) and JSON.parse it, nothing else.
 * cases-floor: read the case file (casesPath, the JSON one) and JSON.parse it, nothing else.
 * load-cases: the case file read as the CLI's run reads it (see harness), alone, for a valid file or
 *          one with a problem (its InputError caught: the time to report the problem), in turns
 *          with the case-file floor (job.casesFloorPath, the JSON file: read + JSON.parse) in this
 *          process, each load's ratio taken against the floor measured just before it.
 * evaluation: the floor and runCases (fixture-dir source), in turns, in this process (see evaluationOnce).
 * harness: the case file read as the CLI's run reads it (loadCaseSequence: a valid JSON file a case
 *          at a time; a build without it: loadCaseFile) + runCases with the fixture-dir source + orphan-fixture warnings +
 *          writing report.json and report.md into a temporary folder the way the CLI does
 *          (each case result written out as it comes, report-spill.js, then the reports put
 *          together from it and written atomically; a build without it: writeReportFiles from
 *          the report in memory), in process, from the built library (dist/).
 */
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { basename, join } from 'node:path';
import { pathToFileURL } from 'node:url';

const job = JSON.parse(readFileSync(process.argv[2], 'utf8'));

// The build measured: this checkout's dist/, or another checkout's (job.distDir, an absolute
// path), so that a reference build goes through the very same measurement (bench/reference-ratio.mjs).
const distUrl = job.distDir === undefined ? new URL('../dist/', import.meta.url) : pathToFileURL(`${job.distDir}/`);
const fromDist = (module) => import(new URL(module, distUrl).href);
// A build from before loadCaseFile sat beside resolveCaseFile has it in load-cases.js.
const { loadCaseFile } = await fromDist('cases/load-cases.js').catch(() => fromDist('cases/resolve-cases.js'));
// How the CLI's run reads its case file (a valid JSON one a case at a time); a build without it reads it whole.
const { loadCaseSequence } = await fromDist('cases/case-lines.js').catch(() => ({ loadCaseSequence: undefined }));
const { writeReportFiles } = await fromDist('cli/write-outputs.js');
const { resolveContract } = await fromDist('config/contract.js').catch(() => fromDist('contract.js'));
const { runCases, runCasesStreamed } = await fromDist('evaluate/run-cases.js').catch(() => fromDist('run-cases.js'));
const { writeAll } = await fromDist('cli/write-outputs.js');
// A reference build from before the reports were written case by case has no report-spill.js.
const { ReportSpill } = await fromDist('report/report-spill.js').catch(() => ({ ReportSpill: null }));
const { createFixtureDirSource } = await fromDist('sources/fixture-dir.js');
const { InputError } = await fromDist('io/errors.js').catch(() => fromDist('errors.js'));

function floorOnce() {
  const started = performance.now();
  let parsed = 0;
  for (const path of job.fixturePaths) {
    let text;
    try {
      text = readFileSync(path, 'utf8');
    } catch {
      continue; // a missing fixture: the harness reports it not_run without reading anything
    }
    try {
      JSON.parse(text);
      parsed += 1;
    } catch {
      // a broken fixture: the harness fails its trace-loadable check
    }
  }
  return { wallMs: performance.now() - started, items: job.fixturePaths.length, parsed };
}

function casesFloorOnce(path = job.casesPath) {
  const started = performance.now();
  const parsed = JSON.parse(readFileSync(path, 'utf8'));
  return { wallMs: performance.now() - started, items: parsed.cases.length };
}

/** The case file read as the CLI's run reads it: a valid JSON file a case at a time; a build without that, whole. */
async function readCasesAsRunDoes(contract) {
  return loadCaseSequence === undefined
    ? await loadCaseFile(job.casesPath, basename(job.casesPath), contract)
    : (await loadCaseSequence(job.casesPath, basename(job.casesPath), contract, false)).cases;
}

async function loadCasesOnce() {
  const floor = casesFloorOnce(job.casesFloorPath);
  const contract = resolveContract(undefined);
  const started = performance.now();
  let problems = 0;
  try {
    await readCasesAsRunDoes(contract);
  } catch (error) {
    if (!(error instanceof InputError)) throw error;
    problems = error.problems.length;
  }
  const wallMs = performance.now() - started;
  return { wallMs, items: 1, problems, floorMs: floor.wallMs, ratio: wallMs / floor.wallMs };
}

async function harnessOnce() {
  const contract = resolveContract(undefined);
  const outDir = mkdtempSync(join(job.cwd, 'out-'));
  const t0 = performance.now();
  const cases = await readCasesAsRunDoes(contract);
  const t1 = performance.now();
  const maxRssAfterLoad = process.resourceUsage().maxRSS * 1024;
  const source = createFixtureDirSource(job.fixturesDir, cases, job.cwd);
  const spill =
    ReportSpill === null || runCasesStreamed === undefined
      ? null
      : await ReportSpill.open(outDir, { json: true, md: true, junitCaseFile: null }, false);
  let summary;
  let warnings;
  let t2;
  let t3;
  let t4;
  if (spill === null) {
    const report = await runCases(cases, source, contract);
    summary = report.summary;
    t2 = performance.now();
    warnings = source.warnings();
    t3 = performance.now();
    await writeReportFiles(outDir, report, ['json']);
    t4 = performance.now();
    await writeReportFiles(outDir, report, ['md']);
  } else {
    summary = await runCasesStreamed(cases, source, contract, { onResult: (result) => spill.add(result) });
    spill.finish();
    t2 = performance.now();
    warnings = source.warnings();
    t3 = performance.now();
    // The report's head (a shard's marks) came before the summary from this build on; older builds take the summary alone.
    const reportJson =
      spill.reportJson.length >= 2 ? () => spill.reportJson({}, summary) : () => spill.reportJson(summary);
    await writeAll([[join(outDir, 'report.json'), reportJson]]);
    t4 = performance.now();
    await writeAll([[join(outDir, 'report.md'), () => spill.reportMarkdown(summary)]]);
    spill.remove();
  }
  const t5 = performance.now();
  // Taken before the bench's own bookkeeping below (reading the reports back for their sizes
  // and digest), which is neither timed nor counted in the peak.
  const maxRss = process.resourceUsage().maxRSS * 1024;
  const json = readFileSync(join(outDir, 'report.json'));
  const markdown = readFileSync(join(outDir, 'report.md'));
  rmSync(outDir, { recursive: true, force: true });
  return {
    wallMs: t5 - t0,
    items: cases.length,
    phases: { loadCases: t1 - t0, runCases: t2 - t1, warnings: t3 - t2, writeJson: t4 - t3, writeMd: t5 - t4 },
    summary,
    warnings: warnings.length,
    reportJsonBytes: json.length,
    reportMdBytes: markdown.length,
    digest: createHash('sha256').update(json).update(markdown).digest('hex').slice(0, 16),
    maxRss,
    maxRssAfterLoad,
  };
}

/**
 * evaluation: the floor and runCases in turns in this one process (floor, runCases, floor,
 * runCases, ...), the case file loaded once beforehand, untimed. Each repetition's ratio is
 * taken against the floor measured just before it, so that a change of the machine's load
 * between two processes does not show as a change of the ratio.
 */
async function evaluationOnce() {
  const floor = floorOnce();
  evaluationCases ??= await loadCaseFile(job.casesPath, basename(job.casesPath), resolveContract(undefined));
  const contract = resolveContract(undefined);
  const started = performance.now();
  await runCases(evaluationCases, createFixtureDirSource(job.fixturesDir, evaluationCases, job.cwd), contract);
  const runCasesMs = performance.now() - started;
  return { wallMs: runCasesMs, items: evaluationCases.length, floorMs: floor.wallMs, ratio: runCasesMs / floor.wallMs };
}

let evaluationCases = null;

/**
 * What the harness holds per case, from an extra, untimed run with a full garbage collection
 * after each phase: the loaded cases, then the results runCases returns (traces, had they been
 * kept, would show here). The reports are written in chunks, not held.
 */
async function harnessHeldPerCase() {
  const heapAfterGc = () => {
    globalThis.gc();
    return process.memoryUsage().heapUsed;
  };
  const contract = resolveContract(undefined);
  const start = heapAfterGc();
  const cases = await loadCaseFile(job.casesPath, basename(job.casesPath), contract);
  const afterLoad = heapAfterGc();
  const report = await runCases(cases, createFixtureDirSource(job.fixturesDir, cases, job.cwd), contract);
  const afterRun = heapAfterGc();
  // Read after the last measurement, so that the cases and the report stay alive until then.
  const count = Math.min(cases.length, report.cases.length) || 1;
  return {
    cases: (afterLoad - start) / count,
    results: (afterRun - afterLoad) / count,
  };
}

/** For scale: the heap one parsed trace takes (the first 500 fixtures, kept). */
function parsedTraceHeap() {
  globalThis.gc();
  const start = process.memoryUsage().heapUsed;
  const kept = [];
  for (const path of job.fixturePaths.slice(0, 500)) {
    try {
      kept.push(JSON.parse(readFileSync(path, 'utf8')));
    } catch {
      // missing or broken: nothing to keep
    }
  }
  globalThis.gc();
  const heapUsed = process.memoryUsage().heapUsed;
  return kept.length === 0 ? null : (heapUsed - start) / kept.length;
}

const ONCE = {
  floor: floorOnce,
  'cases-floor': casesFloorOnce,
  'load-cases': loadCasesOnce,
  evaluation: evaluationOnce,
  harness: harnessOnce,
};
const once = ONCE[job.mode];

globalThis.gc();
const baseline = process.memoryUsage();
const runs = [];
let firstRunMaxRss = null;
let firstRunMaxRssAfterLoad = null;
for (let rep = 0; rep < job.warmups + job.reps; rep += 1) {
  globalThis.gc();
  const { maxRss = process.resourceUsage().maxRSS * 1024, maxRssAfterLoad = null, ...result } = await once();
  if (rep === 0) {
    firstRunMaxRss = maxRss;
    firstRunMaxRssAfterLoad = maxRssAfterLoad;
  }
  if (rep >= job.warmups) runs.push(result);
}
// `held: false` in the job skips the extra run (the 50,000-case run, where only the peak is wanted).
const held =
  job.held === false
    ? null
    : job.mode === 'harness'
      ? await harnessHeldPerCase()
      : job.mode === 'floor'
        ? { parsedTrace: parsedTraceHeap() }
        : null;

process.stdout.write(
  JSON.stringify({
    mode: job.mode,
    runs,
    held,
    baselineRss: baseline.rss,
    maxRss: firstRunMaxRss,
    /** harness: the peak once the cases are loaded, before any trace is read. */
    maxRssAfterLoad: firstRunMaxRssAfterLoad,
  }),
);

/**
 * One measurement in a process of its own, so that its peak memory is its own:
 *   node --expose-gc bench/measure-worker.mjs JOB_FILE
 * JOB_FILE holds { mode: 'floor' | 'harness', casesPath, fixturesDir, cwd, fixturePaths, warmups, reps }.
 * Prints one JSON object on stdout: wall time per repetition, phase times, memory figures.
 * Peak memory is the process's maxRSS right after its first run: the peak of one cold run,
 * not raised by the heap fragments later repetitions leave behind.
 *
 * floor:   read every fixture file (sync, case-file order) and JSON.parse it, nothing else.
 * harness: loadCaseFile + runCases with the fixture-dir source + orphan-fixture warnings +
 *          rendering report.json and report.md, in process, from the built library (dist/).
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { loadCaseFile } from '../dist/cases/load-cases.js';
import { resolveContract } from '../dist/contract.js';
import { renderReportJson } from '../dist/report/render/json.js';
import { renderReportMarkdown } from '../dist/report/render/markdown.js';
import { runCases } from '../dist/run-cases.js';
import { createFixtureDirSource } from '../dist/sources/fixture-dir.js';

const job = JSON.parse(readFileSync(process.argv[2], 'utf8'));

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

async function harnessOnce() {
  const contract = resolveContract(undefined);
  const t0 = performance.now();
  const cases = await loadCaseFile(job.casesPath, basename(job.casesPath), contract);
  const t1 = performance.now();
  const source = createFixtureDirSource(job.fixturesDir, cases, job.cwd);
  const report = await runCases(cases, source, contract);
  const t2 = performance.now();
  const warnings = source.warnings();
  const t3 = performance.now();
  const json = renderReportJson(report);
  const t4 = performance.now();
  const markdown = renderReportMarkdown(report);
  const t5 = performance.now();
  // Timed by phases, so the bench's own bookkeeping below (sizes, digest) is left out.
  return {
    wallMs: t5 - t0,
    items: cases.length,
    phases: { loadCases: t1 - t0, runCases: t2 - t1, warnings: t3 - t2, renderJson: t4 - t3, renderMd: t5 - t4 },
    summary: report.summary,
    warnings: warnings.length,
    reportJsonBytes: Buffer.byteLength(json),
    reportMdBytes: Buffer.byteLength(markdown),
    digest: digestOf(json, markdown),
  };
}

/** Hashed in slices, so the bench adds no report-sized buffer to the peak it measures. */
function digestOf(...texts) {
  const hash = createHash('sha256');
  for (const text of texts) {
    for (let start = 0; start < text.length; start += 1 << 20) hash.update(text.slice(start, start + (1 << 20)));
  }
  return hash.digest('hex').slice(0, 16);
}

/**
 * What the harness holds per case, from an extra, untimed run with a full garbage collection
 * after each phase: the loaded cases, then the results runCases returns (traces, had they been
 * kept, would show here), then report.json and report.md as rendered strings.
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
  const rendered = [renderReportJson(report), renderReportMarkdown(report)];
  const afterRender = heapAfterGc();
  // Read after the last measurement, so that the cases, the report and the texts stay alive until then.
  const count = Math.min(cases.length, report.cases.length) || 1;
  const renderedChars = rendered[0].length + rendered[1].length;
  return {
    cases: (afterLoad - start) / count,
    results: (afterRun - afterLoad) / count,
    reports: (afterRender - afterRun) / count,
    renderedChars,
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

const once = job.mode === 'floor' ? floorOnce : harnessOnce;

globalThis.gc();
const baseline = process.memoryUsage();
const runs = [];
let firstRunMaxRss = null;
for (let rep = 0; rep < job.warmups + job.reps; rep += 1) {
  globalThis.gc();
  const result = await once();
  if (rep === 0) firstRunMaxRss = process.resourceUsage().maxRSS * 1024;
  if (rep >= job.warmups) runs.push(result);
}
const held = job.mode === 'harness' ? await harnessHeldPerCase() : { parsedTrace: parsedTraceHeap() };

process.stdout.write(
  JSON.stringify({
    mode: job.mode,
    runs,
    held,
    baselineRss: baseline.rss,
    maxRss: firstRunMaxRss,
  }),
);

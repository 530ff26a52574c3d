import type { CaseSequence } from '../cases/case-sequence.js';
import type { EvalCase } from '../cases/types.js';
import { EvaluationSession } from '../checks/session.js';
import type { ContractValues } from '../config/contract.js';
import { REPORT_SCHEMA_VERSION } from '../model/report-version.js';
import { CaseCounts, caseRunFigures, type RunFigures, summarize } from '../report/build.js';
import { combineRuns } from '../report/combine-runs.js';
import type { CaseResult, Report, ReportSummary } from '../report/types.js';
import type { TraceRunInput, TraceSource } from '../sources/types.js';
import { type CaseRun, evaluateRun, evaluateRuns } from './evaluate.js';

export interface RunProgress {
  done: number;
  total: number;
  failed: number;
}

export interface RunCasesOptions {
  /** K when every case is asked K times (live mode); the report then carries runs and pass^K figures. */
  repeat?: number | null;
  onCaseDone?: (progress: RunProgress) => void;
  /**
   * Called with each case's trace inputs while they are still in memory, for renderers that show
   * more of a trace than the report keeps (the HTML report); the pipeline itself keeps none.
   */
  onCaseEvaluated?: (
    caseIndex: number,
    evalCase: EvalCase,
    inputs: readonly TraceRunInput[],
    runResults: readonly CaseResult[],
  ) => void;
}

/**
 * The pipeline, the same for every source: ask the source for each case's traces, evaluate
 * them, and aggregate. Traces are dropped as soon as they are evaluated (a stretch read ahead,
 * a few MiB, as soon as it is), so memory holds only the per-case results however many cases run.
 */
export async function runCases(
  cases: CaseSequence,
  source: TraceSource,
  contract: ContractValues,
  options: RunCasesOptions = {},
): Promise<Report> {
  const results: CaseResult[] = [];
  const summary = await runCasesStreamed(cases, source, contract, {
    ...options,
    onResult: (result) => results.push(result),
  });
  return { schemaVersion: REPORT_SCHEMA_VERSION, summary, cases: results };
}

/**
 * runCases for a run that keeps no case result: each result is handed to `onResult` in case
 * order as soon as it and every case before it are evaluated (to be written out), and only the
 * counts and the few figures of each run are kept for the summary.
 */
export async function runCasesStreamed(
  cases: CaseSequence,
  source: TraceSource,
  contract: ContractValues,
  options: RunCasesOptions & { onResult: (result: CaseResult) => void },
): Promise<ReportSummary> {
  const repeat = options.repeat ?? null;
  const counts = new CaseCounts();
  const runFigures: RunFigures[] = [];
  // Results evaluated ahead of an earlier case still under way (several cases fetched at once).
  const waiting = new Map<number, CaseResult>();
  let nextInOrder = 0;
  await evaluateEach(cases, source, contract, options, (index, result) => {
    waiting.set(index, result);
    for (let ready = waiting.get(nextInOrder); ready !== undefined; ready = waiting.get(nextInOrder)) {
      waiting.delete(nextInOrder);
      nextInOrder += 1;
      counts.add(ready);
      for (const run of caseRunFigures(ready)) runFigures.push(run);
      options.onResult(ready);
    }
  });
  return summarize(counts, runFigures, repeat);
}

/**
 * Buys: a fixtures run's speed (CHANGELOG.md has the figures). How many cases a source that reads
 * ahead (TraceSource.readAhead) is asked for at once: their traces are read, then judged together
 * (evaluateRuns). Reading and judging each case in turn makes the processor switch between the
 * file reads and JSON parsing and the checks, two large sets of code and data, at every case; in
 * stretches, each stays in its caches. Not more: the garbage collector keeps more of the traces
 * of a longer stretch for longer, which raises the peak memory.
 */
const READ_AHEAD_CASES = 32;

/**
 * Evaluates every case, `source.concurrency` at a time (or in stretches read ahead), handing each
 * case's result to `onResult` as it is done: not in case order when several run at once.
 */
async function evaluateEach(
  cases: CaseSequence,
  source: TraceSource,
  contract: ContractValues,
  options: RunCasesOptions,
  onResult: (index: number, result: CaseResult) => void,
): Promise<void> {
  const repeat = options.repeat ?? null;
  const session = new EvaluationSession(contract);
  let next = 0;
  let done = 0;
  let failed = 0;

  const finishCase = (
    index: number,
    evalCase: EvalCase,
    inputs: readonly TraceRunInput[],
    runResults: CaseResult[],
  ): void => {
    options.onCaseEvaluated?.(index, evalCase, inputs, runResults);
    const single = repeat === null && runResults.length === 1;
    const result = single
      ? (runResults[0] as CaseResult)
      : combineRuns(
          runResults,
          inputs.map((run) => run.sessionId),
        );
    onResult(index, result);
    done += 1;
    if (result.status !== 'passed') failed += 1;
    options.onCaseDone?.({ done, total: cases.length, failed });
  };

  const { readAhead } = source;
  if (readAhead !== undefined) {
    // A case read a case at a time (case-sequence.ts) is parsed here and dropped once evaluated;
    // the cases of a stretch the source did not read are kept for the next one, not parsed again.
    const ahead: EvalCase[] = [];
    for (let index = 0; index < cases.length; ) {
      while (ahead.length < READ_AHEAD_CASES && index + ahead.length < cases.length)
        ahead.push(cases.at(index + ahead.length) as EvalCase);
      const runs = readAhead(ahead);
      if (runs.length === 0) throw new Error('the trace source read ahead no case');
      const stretchCases = ahead.splice(0, runs.length);
      const stretch = runs.flatMap((inputs, offset) =>
        inputs.map((input): CaseRun => ({ evalCase: stretchCases[offset] as EvalCase, input })),
      );
      const results = evaluateRuns(stretch, contract, session);
      let first = 0;
      runs.forEach((inputs, offset) => {
        const caseResults = results.slice(first, first + inputs.length);
        first += inputs.length;
        finishCase(index + offset, stretchCases[offset] as EvalCase, inputs, caseResults);
      });
      index += runs.length;
    }
    return;
  }

  // A source that cannot be used at all (tracesFor rejected) stops the run: no other case is
  // asked for, and no result is handed on once the failure is known, so nothing is written after it.
  let stopped: { error: unknown } | null = null;
  const worker = async (): Promise<void> => {
    for (let index = next++; index < cases.length && stopped === null; index = next++) {
      // A case read a case at a time (case-sequence.ts) is parsed here and dropped once evaluated.
      const evalCase = cases.at(index) as EvalCase;
      let inputs: TraceRunInput[];
      try {
        inputs = await source.tracesFor(evalCase);
      } catch (error) {
        stopped ??= { error };
        return;
      }
      if (stopped !== null) return;
      const runResults = inputs.map((input) => evaluateRun(evalCase, input, contract, session));
      finishCase(index, evalCase, inputs, runResults);
    }
  };

  const workers = Math.max(1, Math.min(source.concurrency, cases.length));
  await Promise.all(Array.from({ length: workers }, worker));
  if (stopped !== null) throw (stopped as { error: unknown }).error;
}

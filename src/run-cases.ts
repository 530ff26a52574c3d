import type { EvalCase } from './cases/types.js';
import type { ContractValues } from './contract.js';
import { evaluateRun } from './evaluate.js';
import { buildReport, figuresOf, type RunFigures } from './report/build.js';
import { combineRuns } from './report/combine-runs.js';
import type { CaseResult, Report } from './report/types.js';
import type { TraceRunInput, TraceSource } from './sources/types.js';

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
 * them, and aggregate. Traces are dropped as soon as they are evaluated, so memory holds
 * only the per-case results however many cases run.
 */
export async function runCases(
  cases: readonly EvalCase[],
  source: TraceSource,
  contract: ContractValues,
  options: RunCasesOptions = {},
): Promise<Report> {
  const repeat = options.repeat ?? null;
  const results: CaseResult[] = new Array<CaseResult>(cases.length);
  // The summary's figures are one per run. While every case has one run (no --repeat), they are
  // those of the case results, made from them at the end rather than kept beside each one.
  const figures: (RunFigures[] | null)[] = new Array<RunFigures[] | null>(cases.length).fill(null);
  let singleRuns = true;
  let next = 0;
  let done = 0;
  let failed = 0;

  const worker = async (): Promise<void> => {
    for (let index = next++; index < cases.length; index = next++) {
      const evalCase = cases[index] as EvalCase;
      const inputs = await source.tracesFor(evalCase);
      const runResults = inputs.map((input) => evaluateRun(evalCase, input, contract));
      options.onCaseEvaluated?.(index, evalCase, inputs, runResults);
      const single = repeat === null && runResults.length === 1;
      const result = single
        ? (runResults[0] as CaseResult)
        : combineRuns(
            runResults,
            inputs.map((input) => input.sessionId),
          );
      results[index] = result;
      if (!single) {
        singleRuns = false;
        figures[index] = runResults.map(figuresOf);
      }
      done += 1;
      if (result.status !== 'passed') failed += 1;
      options.onCaseDone?.({ done, total: cases.length, failed });
    }
  };

  const workers = Math.max(1, Math.min(source.concurrency, cases.length));
  await Promise.all(Array.from({ length: workers }, worker));
  const runFigures = singleRuns
    ? results.map(figuresOf)
    : results.flatMap((result, index) => figures[index] ?? [figuresOf(result)]);
  return buildReport(results, runFigures, repeat);
}

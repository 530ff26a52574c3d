import type { CaseResult, Report } from '../report/types.js';
import { runsToDetectDrop } from '../stats/sample-size.js';

/** The most runs per case the plan speaks of: `--repeat` allows no more. */
const MAX_RUNS = 1000;

/**
 * `diag-eval plan` (S78): for each case of a baseline, the runs per case that would detect a
 * drop of its run pass rate by `detect` (sample-size.ts), and whether the baseline's own K
 * would; then the most any case needs. Pure: the lines to print.
 */
export function planRuns(baseline: Report, options: { detect: number; alpha: number; power: number }): string[] {
  const { detect, alpha, power } = options;
  const lines = [
    `diag-eval plan: runs per case to detect a drop of ${points(detect)} in a case's run pass rate (one-sided, α ${alpha}, power ${percent(power)})`,
  ];
  let most = 0;
  for (const result of baseline.cases) {
    const counts = runCounts(result);
    if (counts === null) {
      lines.push(`  ${result.caseId}: not run in the baseline; no pass rate to start from`);
      continue;
    }
    const rate = counts.passed / counts.runs;
    const needed = runsToDetectDrop(rate, detect, alpha, power);
    const from = `${percent(rate)} (${counts.passed}/${counts.runs} ${counts.runs === 1 ? 'run' : 'runs'})`;
    if (needed === null) {
      lines.push(`  ${result.caseId}: ${from}: cannot drop by ${points(detect)}`);
      continue;
    }
    most = Math.max(most, needed);
    const drop = `a drop from ${percent(rate)} to ${percent(rate - detect)}`;
    lines.push(
      counts.runs >= needed
        ? `  ${result.caseId}: ${from}: K=${counts.runs} can tell ${drop} from noise (K ≥ ${needed} needed)`
        : `  ${result.caseId}: ${from}: with K=${counts.runs} ${drop} cannot be told from noise; ${runsThatCan(needed)}`,
    );
  }
  if (most > MAX_RUNS)
    lines.push(
      `every case: more than ${MAX_RUNS} runs per case, more than --repeat allows; a larger drop (--detect) needs fewer`,
    );
  else if (most > 0)
    lines.push(`every case: K ≥ ${most} runs per case (run … --ask --repeat K, or record that many runs)`);
  return lines;
}

/** The runs that would tell the drop: `K ≥ 83 can`, or beyond what `--repeat` allows (the diff's list says the same). */
export function runsThatCan(needed: number): string {
  return needed > MAX_RUNS ? `more than ${MAX_RUNS} runs would be needed` : `K ≥ ${needed} can`;
}

/** Passed runs of runs: a repeated case's runs, else its one run. Null for a case not run. */
function runCounts(result: CaseResult): { passed: number; runs: number } | null {
  const runs = result.runs;
  if (runs !== undefined && runs.length > 0) {
    if (runs.every((run) => run.status === 'not_run')) return null;
    return { passed: runs.filter((run) => run.status === 'passed').length, runs: runs.length };
  }
  if (result.status === 'not_run') return null;
  return { passed: result.status === 'passed' ? 1 : 0, runs: 1 };
}

/** A rate as a percentage to one decimal: `66.7%`. */
export function percent(rate: number): string {
  return `${Math.round(rate * 1000) / 10}%`;
}

function points(drop: number): string {
  return `${drop} (${percent(drop).slice(0, -1)} points)`;
}

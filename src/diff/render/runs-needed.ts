import { percent, runsThatCan } from '../plan-runs.js';
import { DEFAULT_ALPHA, PLAN_POWER } from '../significance.js';
import type { Diff } from '../types.js';

/**
 * S78: for each case whose drop the diff found within noise, how many runs would tell it from
 * noise: "with K=10 a drop from 80% to 60% cannot be told from noise; K ≥ 83 can", worded as
 * `plan` words it (more than `--repeat` allows is said so). Empty when no drop was within noise.
 */
export function runsNeededLines(diff: Diff): string[] {
  const lines: string[] = [];
  for (const item of diff.items) {
    const significance = item.significance;
    if (item.scope !== 'case' || significance === undefined || significance.runsNeeded === null) continue;
    const { baselinePassed, baselineRuns, currentPassed, currentRuns, runsNeeded } = significance;
    const runs = baselineRuns === currentRuns ? `K=${currentRuns}` : `K=${baselineRuns} and ${currentRuns}`;
    lines.push(
      `${item.caseId}: with ${runs} a drop from ${percent(baselinePassed / baselineRuns)} to ${percent(currentPassed / currentRuns)} cannot be told from noise; ${runsThatCan(runsNeeded)}`,
    );
  }
  return lines;
}

/** The heading of those lines: the level and power they are computed for. */
export function runsNeededHeading(diff: Diff): string {
  return `runs needed to tell a drop from noise (one-sided, α ${diff.summary.significance?.alpha ?? DEFAULT_ALPHA}, power ${PLAN_POWER * 100}%)`;
}

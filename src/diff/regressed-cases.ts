import { plural } from '../checks/support.js';
import type { Diff } from './types.js';

/**
 * Regressions as people count them: per case, not per item. One dropped evidence tool is three
 * items (the case's status, the check, the tool), but one case that got worse.
 */

/** The cases with a regression item, in the order of their first one. */
export function regressedCaseIds(diff: Diff): string[] {
  const ids = new Set<string>();
  for (const item of diff.items) {
    if (item.kind === 'regression' && item.caseId !== null) ids.add(item.caseId);
  }
  return [...ids];
}

/**
 * `4 cases regressed (11 regression items)`, `1 regression` (one with no case), `0 regressions`;
 * without the items, `4 cases regressed`.
 */
export function regressionCount(diff: Diff, withItems = true): string {
  const items = diff.summary.regressions;
  const cases = regressedCaseIds(diff).length;
  if (cases === 0) return plural(items, 'regression');
  return `${plural(cases, 'case')} regressed${withItems ? ` (${plural(items, 'regression item')})` : ''}`;
}

/**
 * The verdict of a diff in one line, for the CLI's last line: `no regressions`, or the regressed
 * cases by name (`2 cases regressed: a, b`), then what regressed beside them (`avgDurationMs
 * regressed`); the pass rate is named only when no case explains its fall.
 */
export function regressionVerdictLine(diff: Diff): string {
  if (diff.summary.regressions === 0) return 'no regressions';
  const cases = regressedCaseIds(diff);
  const parts: string[] = [];
  if (cases.length > 0) parts.push(`${plural(cases.length, 'case')} regressed: ${cases.join(', ')}`);
  // The regressions that belong to no case: a pass rate, a cost beyond the tolerance.
  const aggregates = diff.items
    .filter((item) => item.kind === 'regression' && item.caseId === null)
    .map((item) => item.metric)
    .filter((metric) => cases.length === 0 || metric !== 'passRate');
  if (aggregates.length > 0) parts.push(`${aggregates.join(', ')} regressed`);
  return parts.join('; ');
}

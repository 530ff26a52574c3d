import type { DiffSignificance, SignificanceSummary } from '../types.js';

/** The significance objects of diff.json (S77) in the contract's key order. */
export function orderSignificance(significance: DiffSignificance): DiffSignificance {
  return {
    verdict: significance.verdict,
    deterministic: significance.deterministic,
    baselinePassed: significance.baselinePassed,
    baselineRuns: significance.baselineRuns,
    currentPassed: significance.currentPassed,
    currentRuns: significance.currentRuns,
    pValue: significance.pValue,
    adjustedPValue: significance.adjustedPValue,
    alpha: significance.alpha,
    runsNeeded: significance.runsNeeded,
  };
}

export function orderSignificanceSummary(summary: SignificanceSummary): SignificanceSummary {
  return {
    test: summary.test,
    correction: summary.correction,
    alpha: summary.alpha,
    repeatedCases: summary.repeatedCases,
    note: summary.note,
  };
}

import { CHECK_IDS } from '../model/check-ids.generated.js';
import { caseRunStatistics } from '../stats/run-statistics.js';
import type { CaseResult, FailedCheck, RunResult } from './types.js';

/**
 * One case asked K times (live mode, `--repeat K`) becomes one case result (docs/contract.md §8).
 * An LLM agent is not deterministic, so the case passes only when every run passed (pass^K);
 * `flaky` marks a case that passed some runs and not others.
 */
export function combineRuns(runResults: CaseResult[], sessionIds: (string | null)[]): CaseResult {
  const first = runResults[0];
  if (first === undefined) throw new Error('combineRuns needs at least one run');
  const withTrace = runResults.filter((result) => result.status !== 'not_run');
  const passedRuns = runResults.filter((result) => result.status === 'passed').length;
  const representative = withTrace[0] ?? first;
  const status: CaseResult['status'] =
    withTrace.length === 0 ? 'not_run' : passedRuns === runResults.length ? 'passed' : 'failed';
  const runs: RunResult[] = runResults.map((result, index) => ({
    sessionId: sessionIds[index] ?? null,
    status: result.status,
    reason: result.reason,
    verdict: result.verdict,
    failedChecks: result.failedChecks,
    toolCallCount: result.toolCallCount,
    durationMs: result.durationMs,
    tokens: result.tokens ?? null,
    repeatedCalls: result.repeatedCalls ?? null,
  }));
  return {
    ...representative,
    status,
    reason: status === 'not_run' ? first.reason : null,
    failedChecks: failedInAnyRun(runResults),
    runs,
    passedRuns,
    flaky: passedRuns > 0 && passedRuns < runResults.length,
    ...caseRunStatistics(runResults),
  };
}

/** Each check that failed in some run, once, in check order, with the message of the first run it failed in. */
function failedInAnyRun(runResults: CaseResult[]): FailedCheck[] {
  const firstFailure = new Map<string, FailedCheck>();
  for (const [index, result] of runResults.entries())
    for (const failed of result.failedChecks)
      if (!firstFailure.has(failed.check))
        firstFailure.set(failed.check, { check: failed.check, message: `run ${index + 1}: ${failed.message}` });
  return CHECK_IDS.flatMap((id) => firstFailure.get(id) ?? []);
}

import type { Diff, DiffItem } from '../../src/diff/types.js';
import { CHECK_IDS, type CheckId } from '../../src/model/check-ids.generated.js';
import { round4 } from '../../src/model/round.js';
import type { CaseResult, CaseStatus, CheckOutcome, Report, ReportSummary } from '../../src/report/types.js';

export interface CaseSpec {
  caseId: string;
  /** Default: `failed` when some check fails, else `passed`. */
  status?: CaseStatus;
  reason?: string | null;
  verdict?: string | null;
  /** Outcomes of the checks named; every other check passes. */
  outcomes?: Partial<Record<CheckId, CheckOutcome>>;
  /** Default: queryMetrics and queryLogs, both covered. null: no trace was loaded. */
  required?: string[] | null;
  covered?: string[];
  toolCallCount?: number | null;
  durationMs?: number | null;
}

/** A case result as the harness writes it, built from the few fields a test cares about. */
export function makeCaseResult(spec: CaseSpec): CaseResult {
  const checks = CHECK_IDS.map((check) => ({
    check,
    outcome: spec.outcomes?.[check] ?? ('pass' as CheckOutcome),
    message: `${check} message`,
  }));
  const failedChecks = checks.filter((row) => row.outcome === 'fail').map(({ check, message }) => ({ check, message }));
  const required = spec.required === undefined ? ['queryMetrics', 'queryLogs'] : spec.required;
  const covered = spec.covered ?? required ?? [];
  return {
    caseId: spec.caseId,
    status: spec.status ?? (failedChecks.length > 0 ? 'failed' : 'passed'),
    reason: spec.reason ?? null,
    verdict: spec.verdict === undefined ? 'PASS' : spec.verdict,
    failedChecks,
    checks,
    evidenceCoverage:
      required === null
        ? null
        : {
            required,
            covered: required.filter((tool) => covered.includes(tool)),
            missing: required.filter((tool) => !covered.includes(tool)),
            ratio:
              required.length === 0
                ? null
                : round4(required.filter((tool) => covered.includes(tool)).length / required.length),
          },
    keywordCoverage: { concepts: 1, covered: 1, ratio: 1, min: 1, missing: [] },
    toolCallCount: spec.toolCallCount === undefined ? 3 : spec.toolCallCount,
    durationMs: spec.durationMs === undefined ? 15000 : spec.durationMs,
    traceFixture: `eval/fixtures/${spec.caseId}.json`,
  };
}

/** A report whose summary is computed from its cases as the harness would, then overridden. */
export function makeReport(cases: CaseResult[], summary: Partial<ReportSummary> = {}): Report {
  const passed = cases.filter((caseResult) => caseResult.status === 'passed').length;
  const failed = cases.filter((caseResult) => caseResult.status === 'failed').length;
  const distribution: Record<string, number> = {};
  for (const caseResult of cases) {
    if (caseResult.status === 'not_run') continue;
    const verdict = caseResult.verdict ?? 'MISSING';
    distribution[verdict] = (distribution[verdict] ?? 0) + 1;
  }
  const toolCalls = cases.flatMap((caseResult) =>
    caseResult.toolCallCount === null ? [] : [caseResult.toolCallCount],
  );
  const durations = cases.flatMap((caseResult) => (caseResult.durationMs === null ? [] : [caseResult.durationMs]));
  return {
    schemaVersion: 1,
    summary: {
      total: cases.length,
      passed,
      failed,
      notRun: cases.length - passed - failed,
      passRate: cases.length === 0 ? null : round4(passed / cases.length),
      verdictDistribution: Object.fromEntries(
        Object.entries(distribution).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
      ),
      avgToolCalls: average(toolCalls),
      avgDurationMs: average(durations),
      ...summary,
    },
    cases,
  };
}

function average(values: number[]): number | null {
  return values.length === 0 ? null : round4(values.reduce((sum, value) => sum + value, 0) / values.length);
}

/** The items of the case, check and evidence scopes: what per-case tests assert on. */
export function caseLevelItems(diff: Diff): DiffItem[] {
  return diff.items.filter((item) => item.scope === 'case' || item.scope === 'check' || item.scope === 'evidence');
}

/** The fields that identify an item, for compact table rows. */
export function shape(item: DiffItem): Omit<DiffItem, 'message'> {
  const { message: _message, ...rest } = item;
  return rest;
}

import type { EvalCase } from '../cases/types.js';
import { createCheckContext } from '../checks/context.js';
import { repeatedCalls } from '../checks/derived.js';
import { CHECKS } from '../checks/index.js';
import { renderMessage } from '../checks/messages.js';
import { EvaluationSession } from '../checks/session.js';
import type { CheckContext, CheckDefinition } from '../checks/types.js';
import type { ContractValues } from '../config/contract.js';
import { DEFAULT_SEVERITY, ERROR_ONLY_CHECKS, type Severity } from '../config/severity.js';
import type { CheckOutcome } from '../model/outcomes.js';
import type { CaseResult, CheckRow, FailedCheck } from '../report/types.js';
import type { TraceRunInput } from '../sources/types.js';
import { loadTrace } from '../trace/load-trace.js';

/**
 * Evaluates one run of a case: the trace a source found, against the case's rules.
 * Pure: no I/O, no clock, no state kept between calls; the same case, input and contract always
 * give an equal result, made afresh (the caller may change it). `session` holds what the run keeps
 * from trace to trace, the compiled answer-reading rules among it (one per run: see
 * EvaluationSession); absent, one is made for this run.
 */
export function evaluateRun(
  evalCase: EvalCase,
  input: TraceRunInput,
  contract: ContractValues,
  session: EvaluationSession = new EvaluationSession(contract),
): CaseResult {
  if (input.kind === 'not_run') return notRunResult(evalCase, input.reason, input.traceFixture);
  const loaded =
    input.kind === 'document' ? loadTrace(input.document) : ({ ok: false, problem: input.problem } as const);
  if (!loaded.ok) return unloadableResult(evalCase, loaded.problem, input.traceFixture);
  const context = createCheckContext(evalCase, loaded.trace, contract, session);
  const checks: CheckRow[] = [];
  for (const check of CHECKS) {
    const severity = severityOf(evalCase, check);
    if (severity === 'off') continue;
    const { outcome, message } = runGuarded(check, context);
    checks.push({ check: check.id, outcome: outcome === 'fail' && severity === 'warn' ? 'warn' : outcome, message });
  }
  const { trace } = context;
  const failedChecks = rowsWith(checks, 'fail');
  return {
    caseId: evalCase.id,
    status: failedChecks.length === 0 ? 'passed' : 'failed',
    reason: null,
    verdict: context.verdict,
    failedChecks,
    warnedChecks: rowsWith(checks, 'warn'),
    checks,
    evidenceCoverage: context.evidenceCoverage,
    keywordCoverage: context.keywordCoverage,
    toolCallCount: trace.toolInvocations.length,
    durationMs: trace.durationMs,
    tokens: trace.usage === undefined ? null : trace.usage.inputTokens + trace.usage.outputTokens,
    repeatedCalls: repeatedCalls(context).repeats.length,
    traceFixture: input.traceFixture,
  };
}

/**
 * The case's severity for the check (config, `defaults.checks` and the case's `checks:` are
 * merged into `evalCase.checks` when the case file loads), else the check's own default.
 */
function severityOf(evalCase: EvalCase, check: CheckDefinition): Severity {
  if (ERROR_ONLY_CHECKS.has(check.id)) return 'error';
  return (
    (Object.hasOwn(evalCase.checks, check.id) ? evalCase.checks[check.id] : undefined) ??
    check.defaultSeverity ??
    DEFAULT_SEVERITY
  );
}

/**
 * The check's finding with its text, made from the check's message templates. A check that throws
 * (or names a message it lacks) is a bug in the check, not in the trace; it fails that check on
 * that case and the run goes on.
 */
function runGuarded(check: CheckDefinition, context: CheckContext): { outcome: CheckOutcome; message: string } {
  try {
    const finding = check.run(context);
    return { outcome: finding.outcome, message: renderMessage(check.messages, finding) };
  } catch (error) {
    return {
      outcome: 'fail',
      message: `the check crashed: ${error instanceof Error ? error.message : String(error)}`,
    };
  }
}

function unloadableResult(evalCase: EvalCase, problem: string, traceFixture: string | null): CaseResult {
  const checks: CheckRow[] = CHECKS.filter((check) => severityOf(evalCase, check) !== 'off').map((check) =>
    check.id === 'trace-loadable'
      ? { check: check.id, outcome: 'fail', message: `the trace did not load: ${problem}` }
      : { check: check.id, outcome: 'skip', message: 'skipped: the trace did not load' },
  );
  return {
    caseId: evalCase.id,
    status: 'failed',
    reason: null,
    verdict: null,
    failedChecks: rowsWith(checks, 'fail'),
    warnedChecks: [],
    checks,
    evidenceCoverage: null,
    keywordCoverage: null,
    toolCallCount: null,
    durationMs: null,
    tokens: null,
    repeatedCalls: null,
    traceFixture,
  };
}

export function notRunResult(evalCase: EvalCase, reason: string, traceFixture: string | null): CaseResult {
  return {
    caseId: evalCase.id,
    status: 'not_run',
    reason,
    verdict: null,
    failedChecks: [],
    warnedChecks: [],
    checks: [],
    evidenceCoverage: null,
    keywordCoverage: null,
    toolCallCount: null,
    durationMs: null,
    tokens: null,
    repeatedCalls: null,
    traceFixture,
  };
}

/** The checks with this outcome, as the report lists its failed and warned checks. */
function rowsWith(checks: readonly CheckRow[], outcome: 'fail' | 'warn'): FailedCheck[] {
  return checks.filter((row) => row.outcome === outcome).map((row) => ({ check: row.check, message: row.message }));
}

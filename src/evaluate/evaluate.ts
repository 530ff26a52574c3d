// Buys: judging a stretch of traces check by check, with the stretches read ahead (sources/fixture-dir.ts), makes a fixtures run about a fifth faster (CHANGELOG.md).
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
 * give an equal result, made afresh (the caller may change it).
 */
export function evaluateRun(
  evalCase: EvalCase,
  input: TraceRunInput,
  contract: ContractValues,
  session: EvaluationSession = new EvaluationSession(contract),
): CaseResult {
  return evaluateRuns([{ evalCase, input }], contract, session)[0] as CaseResult;
}

export interface CaseRun {
  evalCase: EvalCase;
  input: TraceRunInput;
}

/**
 * evaluateRun of each run, in order, judged check by check: each check runs on every trace of the
 * stretch before the next one starts. Run trace by trace, the processor goes through the code and
 * data of every check at each trace, more than its caches hold; check by check, the code of one
 * check stays in them across the stretch. `session` holds what the run keeps from trace to trace,
 * the compiled answer-reading rules among it (one per run: see EvaluationSession); absent, one is
 * made for these runs.
 */
export function evaluateRuns(
  runs: readonly CaseRun[],
  contract: ContractValues,
  session: EvaluationSession = new EvaluationSession(contract),
): CaseResult[] {
  const results = new Array<CaseResult>(runs.length);
  const judged: Judgement[] = [];
  runs.forEach(({ evalCase, input }, index) => {
    if (input.kind === 'not_run') {
      results[index] = withoutTrace(evalCase, input.traceFixture, 'not_run', input.reason, []);
      return;
    }
    const loaded =
      input.kind === 'document' ? loadTrace(input.document) : { ok: false as const, problem: input.problem };
    if (loaded.ok) {
      const context = createCheckContext(evalCase, loaded.trace, contract, session);
      judged.push({ index, traceFixture: input.traceFixture, context, checks: [] });
    } else {
      results[index] = unloadableResult(evalCase, loaded.problem, input.traceFixture);
    }
  });
  for (const check of CHECKS) {
    for (const judgement of judged) judgeWith(check, judgement);
  }
  for (const judgement of judged) results[judgement.index] = resultOf(judgement);
  return results;
}

/** A loaded trace being judged (its case and trace are the context's), with the rows of the checks run so far. */
interface Judgement {
  index: number;
  traceFixture: string | null;
  context: CheckContext;
  checks: CheckRow[];
}

/**
 * Runs one check on the trace (at the case's severity), adding its row: the check's finding with
 * its text, made from the check's message templates. A check that throws (or names a message it
 * lacks) is a bug in the check, not in the trace; it fails that check on that case and the run goes on.
 */
function judgeWith(check: CheckDefinition, judgement: Judgement): void {
  const severity = severityOf(judgement.context.evalCase, check);
  if (severity === 'off') return;
  let outcome: CheckOutcome;
  let message: string;
  try {
    const finding = check.run(judgement.context);
    outcome = finding.outcome;
    message = renderMessage(check.messages, finding);
  } catch (error) {
    outcome = 'fail';
    message = `the check crashed: ${error instanceof Error ? error.message : String(error)}`;
  }
  judgement.checks.push({
    check: check.id,
    outcome: outcome === 'fail' && severity === 'warn' ? 'warn' : outcome,
    message,
  });
}

function resultOf({ traceFixture, context, checks }: Judgement): CaseResult {
  const { evalCase, trace } = context;
  const failedChecks = rowsWith(checks, 'fail');
  // The keys in report.json's order (docs/contract.md §6), as withoutTrace writes them.
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
    traceFixture,
  };
}

/**
 * The case's severity for the check (config, `defaults.checks` and the case's `checks:` are
 * merged into `evalCase.checks` when the case file loads), else the check's own default.
 */
function severityOf(evalCase: EvalCase, check: CheckDefinition): Severity {
  if (ERROR_ONLY_CHECKS.has(check.id)) return 'error';
  return evalCase.checks[check.id] ?? check.defaultSeverity ?? DEFAULT_SEVERITY;
}

function unloadableResult(evalCase: EvalCase, problem: string, traceFixture: string | null): CaseResult {
  const checks: CheckRow[] = CHECKS.filter((check) => severityOf(evalCase, check) !== 'off').map((check) =>
    check.id === 'trace-loadable'
      ? { check: check.id, outcome: 'fail', message: `the trace did not load: ${problem}` }
      : { check: check.id, outcome: 'skip', message: 'skipped: the trace did not load' },
  );
  return withoutTrace(evalCase, traceFixture, 'failed', null, checks);
}

/** The result of a case whose trace was not judged: no verdict, no warning and none of a trace's figures. */
function withoutTrace(
  evalCase: EvalCase,
  traceFixture: string | null,
  status: 'failed' | 'not_run',
  reason: string | null,
  checks: CheckRow[],
): CaseResult {
  // The keys in report.json's order (docs/contract.md §6).
  return {
    caseId: evalCase.id,
    status,
    reason,
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

function rowsWith(checks: readonly CheckRow[], outcome: CheckOutcome): FailedCheck[] {
  return checks.filter((row) => row.outcome === outcome).map((row) => ({ check: row.check, message: row.message }));
}

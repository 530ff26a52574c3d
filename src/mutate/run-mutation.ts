import type { EvalCase } from '../cases/types.js';
import { EvaluationSession } from '../checks/session.js';
import type { ContractValues } from '../config/contract.js';
import { evaluateRun } from '../evaluate/evaluate.js';
import { isStackOverflow } from '../io/errors.js';
import { round4 } from '../model/round.js';
import type { CaseResult } from '../report/types.js';
import type { TraceRunInput } from '../sources/types.js';
import type {
  CaseScore,
  FragileVariant,
  MutantResult,
  MutationReport,
  OperatorScore,
  Survivor,
} from './mutation-types.js';
import { OPERATORS } from './operators/index.js';
import { calledTools, type PlainTrace, toPlainTrace } from './plain-trace.js';
import { REWRITES } from './rewrites/index.js';
import type { MutationContext, MutationOperator } from './types.js';

export interface MutationOptions {
  /** The regression operators to apply (default: all, in registry order). */
  operators?: readonly MutationOperator[];
  minScore?: number | null;
  /** Sees every mutant's document as it is evaluated (for --keep-mutants); the run keeps none. */
  onMutant?: (caseId: string, operator: string, index: number, document: PlainTrace) => void;
}

/**
 * Measures how strong a suite is: every case whose trace passes today is regressed by each
 * operator, and each regressed trace is evaluated by the normal pipeline (evaluateRun). A mutant
 * is killed when its case fails. Pure apart from `traceOf` and `onMutant`: the same inputs give
 * the same report.
 */
export async function runMutation(
  cases: readonly EvalCase[],
  traceOf: (evalCase: EvalCase) => TraceRunInput,
  contract: ContractValues,
  options: MutationOptions = {},
): Promise<MutationReport> {
  const operators = options.operators ?? OPERATORS;
  const passing: {
    evalCase: EvalCase;
    input: TraceRunInput & { kind: 'document' };
    trace: PlainTrace;
    caseScore: CaseScore;
  }[] = [];
  const caseScores: CaseScore[] = [];
  // One session for the whole run: its answer-reading rules are compiled once, not per mutant.
  const session = new EvaluationSession(contract);
  for (const evalCase of cases) {
    const input = traceOf(evalCase);
    const result = evaluateRun(evalCase, input, contract, session);
    if (result.status !== 'passed' || input.kind !== 'document') {
      caseScores.push(newCaseScore(evalCase, skipReason(result)));
      continue;
    }
    const trace = plainOrNull(input.document);
    const caseScore = newCaseScore(evalCase, trace === null ? TOO_DEEP : null);
    caseScores.push(caseScore);
    if (trace !== null) passing.push({ evalCase, input, trace, caseScore });
  }
  // Tool names the suite knows (the contract's list, the cases' required tools, the tools the traces call): an uncalled one is cited by cite-uncalled-tool.
  const suiteToolNames = [
    ...new Set([
      ...contract.toolNames,
      ...cases.flatMap((evalCase) => [
        ...evalCase.requiredEvidenceTools,
        ...evalCase.requiredEvidenceAlternatives.flat(),
      ]),
      ...passing.flatMap(({ trace }) => calledTools(trace)),
    ]),
  ].sort();

  const operatorScores = new Map<string, OperatorScore>(
    operators.map((operator) => [
      operator.id,
      { operator: operator.id, description: operator.description, mutants: 0, killed: 0, survived: 0, score: null },
    ]),
  );
  const mutants: MutantResult[] = [];
  const survivors: Survivor[] = [];
  const fragile: FragileVariant[] = [];
  let variants = 0;

  for (const { evalCase, input, trace, caseScore } of passing) {
    // Between cases the process takes its signals: SIGINT or SIGTERM stops a long run at once.
    await new Promise<void>((resolve) => setImmediate(resolve));
    const context: MutationContext = { evalCase, trace, contract, suiteToolNames };
    const evaluate = (document: PlainTrace): CaseResult =>
      evaluateRun(evalCase, { ...input, document }, contract, session);
    for (const operator of operators) {
      const operatorScore = operatorScores.get(operator.id) as OperatorScore;
      operator.mutate(context).forEach((mutant, index) => {
        options.onMutant?.(evalCase.id, operator.id, index, mutant.document);
        const result = evaluate(mutant.document);
        const killed = result.status !== 'passed';
        const name = { caseId: evalCase.id, operator: operator.id, label: mutant.label };
        mutants.push({ ...name, killed, killedBy: result.failedChecks.map((failed) => failed.check) });
        for (const score of [operatorScore, caseScore]) {
          score.mutants += 1;
          if (killed) score.killed += 1;
          else score.survived += 1;
        }
        if (!killed) survivors.push({ ...name, suggestion: mutant.suggestion });
      });
    }
    for (const rewrite of REWRITES) {
      for (const variant of rewrite.rewrite(context)) {
        variants += 1;
        const result = evaluate(variant.document);
        if (result.status !== 'passed')
          fragile.push({
            caseId: evalCase.id,
            rewrite: rewrite.id,
            label: variant.label,
            failedChecks: result.failedChecks.map(({ check, message }) => ({ check, message })),
          });
      }
    }
  }

  for (const score of [...caseScores, ...operatorScores.values()]) score.score = scoreOf(score.killed, score.mutants);
  const killed = mutants.filter((mutant) => mutant.killed).length;
  return {
    mutationVersion: 1,
    summary: {
      cases: cases.length,
      mutatedCases: passing.length,
      skippedCases: cases.length - passing.length,
      mutants: mutants.length,
      killed,
      survived: mutants.length - killed,
      score: scoreOf(killed, mutants.length),
      minScore: options.minScore ?? null,
      variants,
      fragileVariants: fragile.length,
    },
    operators: [...operatorScores.values()],
    cases: caseScores,
    survivors,
    mutants,
    fragile,
  };
}

/** Exit code of `mutate`: 1 when --min-score is given and the score is below it (or there was nothing to score), else 0. */
export function mutationExitCode(report: MutationReport): 0 | 1 {
  const { score, minScore } = report.summary;
  if (minScore === null) return 0;
  return score !== null && score >= minScore ? 0 : 1;
}

function scoreOf(killed: number, mutants: number): number | null {
  return mutants === 0 ? null : round4(killed / mutants);
}

const TOO_DEEP = 'the trace is nested too deeply to copy (thousands of levels)';

/** The trace in the plain form, or null for one nested so deeply that copying it runs out of stack. */
function plainOrNull(document: unknown): PlainTrace | null {
  try {
    const trace = toPlainTrace(document);
    // The mutants are copies of it, made and written by JSON.stringify: it must take it too.
    JSON.stringify(trace);
    return trace;
  } catch (error) {
    if (isStackOverflow(error)) return null;
    throw error;
  }
}

/** A case's score before any mutant is counted: `mutated`, or `skipped` with the reason. */
function newCaseScore(evalCase: EvalCase, skipped: string | null): CaseScore {
  const status = skipped === null ? 'mutated' : 'skipped';
  return { caseId: evalCase.id, status, reason: skipped, mutants: 0, killed: 0, survived: 0, score: null };
}

function skipReason(result: CaseResult): string {
  if (result.status === 'not_run') return `not run: ${result.reason ?? 'no trace'}`;
  if (result.status === 'passed') return 'the trace could not be read as a document';
  return `fails today (${result.failedChecks.map((failed) => failed.check).join(', ')})`;
}

import { serialize } from 'node:v8';

import { afterAll, describe, expect, it } from 'vitest';

import type { EvalCase } from '../../src/cases/types.js';
import { createCheckContext } from '../../src/checks/context.js';
import type { CheckContext, CheckDefinition, CheckFinding } from '../../src/checks/types.js';
import { type ContractValues, DEFAULT_CONTRACT } from '../../src/config/contract.js';
import type { DiagnosisTrace, ToolInvocation } from '../../src/trace/types.js';
import { makeEvalCase } from '../helpers/eval-case.js';

/** A full case that every check accepts or skips; rows override only what they test. */
export function makeCase(overrides: Partial<EvalCase> = {}): EvalCase {
  return makeEvalCase({ question: '支付接口大量超时，根因是什么？', ...overrides });
}

/** The V2 audit chain as the service writes it when everything went right. */
export function makeVerifierEvaluation(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    verdict: 'PASS',
    reason: 'evidence supports the answer',
    trace_summaries: [],
    gatekeeper_result: { status: 'pass', violations: [] },
    claim_checks: [{ claim_id: 'c1', verification: 'supported', detail: 'pool usage at 100% in queryMetrics' }],
    composer_output: { mode: 'parsed' },
    ...overrides,
  };
}

/** The verifier evaluation without `key`: absent, which is not the same input as `null`. */
export function verifierWithout(key: string, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  const evaluation = makeVerifierEvaluation(overrides);
  delete evaluation[key];
  return evaluation;
}

export function makeTrace(overrides: Partial<DiagnosisTrace> = {}): DiagnosisTrace {
  return {
    sessionId: 'diag-0001',
    status: 'COMPLETED',
    finalAnswer: '',
    durationMs: null,
    toolInvocations: [],
    agentSteps: [],
    verifierEvaluation: makeVerifierEvaluation(),
    ...overrides,
  };
}

export function toolCall(
  toolName: string,
  evidenceStatus: ToolInvocation['evidenceStatus'] = 'supported',
): ToolInvocation {
  return { toolName, evidenceStatus, durationMs: 120 };
}

export interface ContextInput {
  case?: Partial<EvalCase>;
  trace?: Partial<DiagnosisTrace>;
  contract?: Partial<ContractValues>;
}

/** The context the evaluator would make for these inputs (createCheckContext). */
export function makeContext(input: ContextInput = {}): CheckContext {
  return createCheckContext(makeCase(input.case), makeTrace(input.trace), { ...DEFAULT_CONTRACT, ...input.contract });
}

export interface PassRow extends ContextInput {
  name: string;
  /** A part of the message, when the confirmation itself matters. */
  message?: string;
}

export interface FindingRow extends ContextInput {
  name: string;
  /** A part of the message that names what was wrong (fail) or why the check does not apply (skip). */
  message: string;
}

/** An outcome a table must show for its check: `warn` is made from `fail` by the severity, outside the check. */
type TableOutcome = 'pass' | 'fail' | 'skip';

export interface CheckTable {
  valid?: PassRow[];
  invalid?: FindingRow[];
  skipped?: FindingRow[];
  /**
   * Outcomes `run` cannot give, each with the reason (e.g. trace-loadable fails in the evaluator,
   * before `run`). A check whose `skippedWhen` starts with "never" need not show `skip`.
   */
  unreachable?: Partial<Record<'fail' | 'skip', string>>;
}

/**
 * What is wrong with a check's tables (all its testCheck calls in one test file), in the manner
 * of ESLint's RuleTester: two rows with the same input (after the defaults are applied), a row
 * that fails or skips without the part of the message it expects, and an outcome the check can
 * give that no row shows. Empty when the tables are sound.
 */
export function tableProblems(check: CheckDefinition, tables: readonly CheckTable[]): string[] {
  const problems: string[] = [];
  const rows = tables.flatMap((table) =>
    outcomeRows(table).flatMap(([, outcome, list]) => list.map((row) => ({ outcome, row }))),
  );
  for (const { outcome, row } of rows) {
    if (outcome !== 'pass' && (row.message ?? '').trim() === '') {
      problems.push(`row "${row.name}" (${outcome}) names no part of the message it expects`);
    }
  }
  const firstRowOfInput = new Map<string, string>();
  for (const { row } of rows) {
    const input = effectiveInput(row);
    const first = firstRowOfInput.get(input);
    if (first === undefined) {
      firstRowOfInput.set(input, row.name);
    } else {
      problems.push(`row "${row.name}" has the same input as row "${first}"`);
    }
  }
  const unreachable = Object.assign(
    {},
    ...tables.map((table) => table.unreachable ?? {}),
  ) as CheckTable['unreachable'] & {};
  const required: TableOutcome[] = [
    'pass',
    'fail',
    ...(check.skippedWhen.startsWith('never') ? [] : ['skip' as const]),
  ];
  for (const outcome of required) {
    const shown = rows.some((row) => row.outcome === outcome);
    const reason = outcome === 'pass' ? undefined : unreachable[outcome];
    if (reason !== undefined && reason.trim() === '') {
      problems.push(`outcome ${outcome} is declared unreachable without a reason`);
    } else if (reason !== undefined && shown) {
      problems.push(`outcome ${outcome} is declared unreachable (${reason}), yet rows expect it`);
    } else if (reason === undefined && !shown) {
      problems.push(`no row shows outcome ${outcome}, which ${check.id} can give`);
    }
  }
  return problems;
}

/** Every table given to testCheck in this test file, by check: they are policed together when the file ends. */
const tablesOfThisFile = new Map<CheckDefinition, CheckTable[]>();

afterAll(() => {
  const problems = [...tablesOfThisFile].flatMap(([check, tables]) =>
    tableProblems(check, tables).map((problem) => `${check.id}: ${problem}`),
  );
  tablesOfThisFile.clear();
  if (problems.length > 0) {
    throw new Error(`the check tables of this file are not sound:\n${problems.join('\n')}`);
  }
});

/**
 * Runs a check over a table of rows, in the manner of ESLint's RuleTester: `valid` rows pass,
 * `invalid` rows fail, `skipped` rows skip, and every non-passing row names a part of its message.
 * Inputs are frozen, so a check that mutates its context throws instead of passing. When the test
 * file ends, its tables are policed together (tableProblems): no repeated input, no finding
 * without an expected message, every outcome of the check shown.
 */
export function testCheck(check: CheckDefinition, table: CheckTable): void {
  tablesOfThisFile.set(check, [...(tablesOfThisFile.get(check) ?? []), table]);
  for (const [title, outcome, rows] of outcomeRows(table)) {
    if (rows.length === 0) {
      continue;
    }
    describe(title, () => {
      it.each(rows)('$name', (row) => {
        const finding = runFrozen(check, row);
        expect(finding.outcome).toBe(outcome);
        expect(finding.message.trim()).not.toBe('');
        if (row.message !== undefined) {
          expect(finding.message).toContain(row.message);
        }
        expect(runFrozen(check, row)).toEqual(finding);
      });
    });
  }
}

function outcomeRows(table: CheckTable): [string, TableOutcome, (PassRow | FindingRow)[]][] {
  return [
    ['valid', 'pass', table.valid ?? []],
    ['invalid', 'fail', table.invalid ?? []],
    ['skipped', 'skip', table.skipped ?? []],
  ];
}

/**
 * The inputs a row gives the check once the defaults are applied, serialised as structuredClone
 * would: rows differing only in spelling are the same row, while key order, `undefined` beside an
 * absent key and -0 beside 0 stay apart, since a check may see them.
 */
function effectiveInput(row: ContextInput): string {
  const input = {
    case: makeCase(row.case),
    trace: makeTrace(row.trace),
    contract: { ...DEFAULT_CONTRACT, ...row.contract },
  };
  return serialize(input).toString('base64');
}
export function runCheck(check: CheckDefinition, input: ContextInput = {}): CheckFinding {
  return check.run(makeContext(input));
}

function runFrozen(check: CheckDefinition, input: ContextInput): CheckFinding {
  // The inputs are cloned first so that freezing never reaches shared values such as DEFAULT_CONTRACT.
  const { evalCase, trace, contract } = structuredClone({
    evalCase: makeCase(input.case),
    trace: makeTrace(input.trace),
    contract: { ...DEFAULT_CONTRACT, ...input.contract },
  });
  return check.run(deepFreeze(createCheckContext(deepFreeze(evalCase), deepFreeze(trace), deepFreeze(contract))));
}

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) {
      deepFreeze(child);
    }
  }
  return value;
}

import { describe, expect, it } from 'vitest';

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

export interface CheckTable {
  valid?: PassRow[];
  invalid?: FindingRow[];
  skipped?: FindingRow[];
}

/**
 * Runs a check over a table of rows, in the manner of ESLint's RuleTester: `valid` rows pass,
 * `invalid` rows fail, `skipped` rows skip, and every non-passing row names a part of its message.
 * Inputs are frozen, so a check that mutates its context throws instead of passing.
 */
export function testCheck(check: CheckDefinition, table: CheckTable): void {
  const cases: [string, 'pass' | 'fail' | 'skip', (PassRow | FindingRow)[]][] = [
    ['valid', 'pass', table.valid ?? []],
    ['invalid', 'fail', table.invalid ?? []],
    ['skipped', 'skip', table.skipped ?? []],
  ];
  for (const [title, outcome, rows] of cases) {
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

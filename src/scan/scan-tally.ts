import { compareText } from '../model/text-order.js';
import type { CaseResult } from '../report/types.js';
import type { PolicyCheck } from './policies.js';

export interface Violation extends PolicyCheck {
  message: string;
}

export interface CheckTally extends PolicyCheck {
  violations: number;
  passed: number;
  skipped: number;
}

export interface AgentTally {
  agent: string;
  traces: number;
  withViolations: number;
}

export interface Offender {
  trace: string;
  errors: number;
  warnings: number;
  violations: Violation[];
}

/** What a scan keeps however many traces it reads: counts, and the worst few traces. */
export interface ScanTally {
  traces: number;
  clean: number;
  withErrors: number;
  withWarnings: number;
  checks: CheckTally[];
  /** Sorted by name; the agents past MAX_AGENTS are counted under OTHER_AGENTS. */
  agents: AgentTally[];
  /** Most errors first, then most warnings, then by trace name. */
  worst: Offender[];
}

const MAX_AGENTS = 1000;
const OTHER_AGENTS = '(other agents)';
/** A message longer than this is cut: the worst list is for reading, the trace has the rest. */
const MAX_MESSAGE = 300;

/**
 * Folds one trace's results into the tally as they come, so memory holds the counts and the
 * `top` worst traces, not the traces. The result does not depend on the order traces come in:
 * counts are sums, agents are sorted, and the worst list is ordered by a total order.
 */
export function createScanTally(policyChecks: readonly PolicyCheck[], top: number) {
  const checks = policyChecks.map((policy): CheckTally => ({ ...policy, violations: 0, passed: 0, skipped: 0 }));
  const agents = new Map<string, AgentTally>();
  const worst: Offender[] = [];
  const totals = { traces: 0, clean: 0, withErrors: 0, withWarnings: 0 };

  function add(trace: string, result: CaseResult, agentNames: readonly string[]): void {
    totals.traces += 1;
    const outcomes = new Map(result.checks.map((row) => [row.check, row]));
    const violations: Violation[] = [];
    for (const tally of checks) {
      const row = outcomes.get(tally.check);
      if (row === undefined || row.outcome === 'skip') tally.skipped += 1;
      else if (row.outcome === 'fail') {
        tally.violations += 1;
        violations.push({ check: tally.check, severity: tally.severity, message: cut(row.message) });
      } else tally.passed += 1;
    }
    const errors = violations.filter((violation) => violation.severity === 'error').length;
    const warnings = violations.length - errors;
    if (violations.length === 0) totals.clean += 1;
    if (errors > 0) totals.withErrors += 1;
    if (warnings > 0) totals.withWarnings += 1;
    for (const name of new Set(agentNames)) {
      const key = agents.has(name) || agents.size < MAX_AGENTS ? name : OTHER_AGENTS;
      const tally = agents.get(key) ?? { agent: key, traces: 0, withViolations: 0 };
      tally.traces += 1;
      if (violations.length > 0) tally.withViolations += 1;
      agents.set(key, tally);
    }
    if (violations.length > 0) keepWorst({ trace, errors, warnings, violations });
  }

  function keepWorst(offender: Offender): void {
    if (top === 0) return;
    if (worst.length === top && compareOffenders(offender, worst[worst.length - 1] as Offender) >= 0) return;
    let index = worst.length;
    while (index > 0 && compareOffenders(offender, worst[index - 1] as Offender) < 0) index -= 1;
    worst.splice(index, 0, offender);
    if (worst.length > top) worst.pop();
  }

  function result(): ScanTally {
    return {
      ...totals,
      checks,
      agents: [...agents.values()].sort((a, b) => compareText(a.agent, b.agent)),
      worst,
    };
  }

  return { add, result };
}

function compareOffenders(a: Offender, b: Offender): number {
  return b.errors - a.errors || b.warnings - a.warnings || compareText(a.trace, b.trace);
}

function cut(message: string): string {
  return message.length <= MAX_MESSAGE ? message : `${message.slice(0, MAX_MESSAGE - 1)}…`;
}

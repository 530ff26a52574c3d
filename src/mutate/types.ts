import type { EvalCase } from '../cases/types.js';
import type { ContractValues } from '../config/contract.js';
import type { PlainTrace } from './plain-trace.js';

/** What an operator or a rewrite sees: one passing case, a private copy of its trace in the plain form, the contract. */
export interface MutationContext {
  evalCase: EvalCase;
  /** The trace in the plain form (docs/contract.md §3); operators return changed copies, never change it. */
  trace: PlainTrace;
  contract: ContractValues;
  /** Every tool name the contract lists, the suite's cases require or their traces call, sorted: candidates for a tool that was not called. */
  suiteToolNames: readonly string[];
}

/** A variant that says the same thing differently; a case that fails it would raise a false alarm. */
interface Variant {
  /** Names this variant among the variants of one case, e.g. `queryLogs` or `concept 2`. */
  label: string;
  document: PlainTrace;
}

/** One regressed variant of a trace, and what to change in the case when no check notices it. */
export interface Mutant extends Variant {
  /** Shown when the mutant survives: a concrete change to the case (or config) that would notice it. */
  suggestion: string;
}

/**
 * A regression operator: one realistic way the agent gets worse, as a pure function from a
 * passing trace to its regressed variants (none when the trace offers nothing to regress).
 */
export interface MutationOperator {
  id: string;
  description: string;
  mutate(context: MutationContext): Mutant[];
}

/** A meaning-preserving rewrite: the same diagnosis in another form the contract accepts. */
export interface PreservingRewrite {
  id: string;
  description: string;
  rewrite(context: MutationContext): Variant[];
}

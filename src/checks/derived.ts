import { type EvidenceYield, invocationFailed, invocationYield } from '../trace/evidence-yield.js';
import { findRepeatedCalls, type RepeatedCalls } from './measures/repeated-calls.js';
import { enumeratedValue, isRecord } from './support.js';
import type { CheckContext } from './types.js';

/**
 * Values several checks derive from the same context (which calls yielded evidence, which tools
 * were called, which names are tool names). Each is computed on first use and kept for that
 * context only, so a trace pays for it once and a check that never asks pays nothing. The context
 * itself is not changed (it may be frozen): the values go in the map it carries for them.
 */
function derive<T>(context: CheckContext, key: string, compute: () => T): T {
  if (!context.derived.has(key)) context.derived.set(key, compute());
  return context.derived.get(key) as T;
}

/** The calls that repeat an earlier call of the same agent (S41, S70): the check and the report's cost row read them. */
export function repeatedCalls(context: CheckContext): RepeatedCalls {
  return derive(context, 'repeatedCalls', () => findRepeatedCalls(context.trace, context.session.emptyResultMarkers));
}

/** Whether each tool invocation yielded evidence, in `toolInvocations` order. */
export function invocationYields(context: CheckContext): readonly EvidenceYield[] {
  return derive(context, 'invocationYields', () =>
    context.trace.toolInvocations.map((invocation) => invocationYield(invocation, context.session.emptyResultMarkers)),
  );
}

/**
 * Whether each tool invocation failed (evidence-yield.ts, invocationFailed), in `toolInvocations`
 * order: numeric-grounding reads it for the result summaries and again for the arguments, and
 * judging a call may parse its result.
 */
export function invocationFailures(context: CheckContext): readonly boolean[] {
  return derive(context, 'invocationFailures', () =>
    context.trace.toolInvocations.map((invocation) => invocationFailed(invocation, context.session.emptyResultMarkers)),
  );
}

/** Whether a tool of this name (any case: the answer's mention and the call may differ in case) was invoked. */
export function wasInvoked(context: CheckContext, name: string): boolean {
  const lowered = derive(
    context,
    'invokedToolNamesLowered',
    () => new Set(context.trace.toolInvocations.map((invocation) => invocation.toolName.toLowerCase())),
  );
  return lowered.has(name.toLowerCase());
}

/**
 * The known tool names that no invocation carries, in any case: the only names a text can cite
 * wrongly. Known names are the case's required evidence tools, the verifier's `trace_summaries`
 * tool names and `contract.toolNames` (an invoked tool's name is known too, but never uninvoked).
 * Sorted, without repeats; usually none, and then nothing needs to be searched.
 */
export function uninvokedToolNames(context: CheckContext): readonly string[] {
  return derive(context, 'uninvokedToolNames', () => {
    let names: Set<string> | null = null;
    const consider = (name: string): void => {
      if (!wasInvoked(context, name)) (names ??= new Set()).add(name);
    };
    for (const name of context.evalCase.requiredEvidenceTools) consider(name);
    for (const name of context.evalCase.requiredEvidenceAlternatives.flat()) consider(name);
    for (const entry of traceSummaryEntries(context)) {
      const name = entry['tool_name'];
      if (typeof name === 'string' && name.trim() !== '') consider(name);
    }
    for (const name of context.contract.toolNames) consider(name);
    return names === null ? NO_NAMES : [...(names as Set<string>)].sort();
  });
}

const NO_NAMES: readonly string[] = [];

/** The verifier's `trace_summaries` entries that are objects; others are passed over. */
export function traceSummaryEntries(context: CheckContext): readonly Record<string, unknown>[] {
  return derive(context, 'traceSummaryEntries', () => {
    const summaries = context.trace.verifierEvaluation?.['trace_summaries'];
    return Array.isArray(summaries) ? (summaries as unknown[]).filter(isRecord) : [];
  });
}

/**
 * The claim verification that asserts support: `supported` when contract.claimVerifications lists
 * it (any case), else the list's first value. Lower case.
 */
function supportedVerification(context: CheckContext): string {
  return derive(context, 'supportedVerification', () => {
    const lowered = context.contract.claimVerifications.map((value) => value.toLowerCase());
    return lowered.includes('supported') ? 'supported' : (lowered[0] ?? 'supported');
  });
}

/** Whether a claim check's verification (any case, spaces trimmed) is the supported one. */
export function isSupportedClaim(context: CheckContext, claim: Record<string, unknown>): boolean {
  return enumeratedValue(claim['verification']) === supportedVerification(context);
}

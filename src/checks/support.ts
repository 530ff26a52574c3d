import { describeValue as describeFoundValue } from '../io/validation/describe-value.js';
import type { CheckOutcome } from '../model/outcomes.js';
import { containsNormalized } from '../text/normalize.js';
import type { MessageData, MessageList, MessagePart } from './messages.js';
import type { CheckContext, CheckFinding } from './types.js';

export { isRecord } from '../io/validation/is-record.js';

/** docs/contract.md §3: a field that is null counts as missing. */
export function isMissing(value: unknown): value is null | undefined {
  return value === null || value === undefined;
}

/**
 * An enumerated value (gatekeeper status, composer mode, claim verification, run status) as the
 * checks compare it (docs/contract.md §3): trimmed and in lower case; null when it is not text.
 */
export function enumeratedValue(value: unknown): string | null {
  return typeof value === 'string' ? value.trim().toLowerCase() : null;
}

/** A field of `verifier_evaluation`; undefined when the evaluation itself is missing. */
export function verifierField(context: CheckContext, key: string): unknown {
  return context.trace.verifierEvaluation?.[key];
}

/** Verdicts compare upper-cased (docs/contract.md §3); the contract's own are upper-cased again in case a caller built it by hand. */
export function verdictIs(context: CheckContext, expected: string): boolean {
  return context.verdict !== null && context.verdict === expected.toUpperCase();
}

/** The configured texts the normalised final answer contains, in configuration order. */
export function matchedTexts(context: CheckContext, texts: readonly string[]): string[] {
  return texts.filter((text) => containsNormalized(context.normalizedFinalAnswer, text));
}

/** Strings as JSON so that spaces, quotes and empty strings stay visible; CJK is kept as written. */
export function quote(value: string): string {
  return JSON.stringify(value);
}

export function quoteList(values: readonly string[]): string {
  return values.map(quote).join(', ');
}

/** A value found in a trace, for "found X, expected Y" messages; an absent field reads "missing" here. */
export function describeValue(value: unknown): string {
  return value === undefined ? 'missing' : describeFoundValue(value);
}

export function plural(count: number, singular: string, pluralForm = `${singular}s`): string {
  return `${count} ${count === 1 ? singular : pluralForm}`;
}

export const NO_VERIFIER_MESSAGE =
  'the case names no allowedVerdicts: the agent has no verifier, so there is no verdict to check';

/**
 * The verdict checks' skip, with their message `noVerifier` (NO_VERIFIER_MESSAGE), when the case
 * names no `allowedVerdicts` (S73): most agents have no verifier, and a case for one says so by
 * leaving the list out.
 */
export function hasNoVerifier(evalCase: { allowedVerdicts: readonly string[] }): boolean {
  return evalCase.allowedVerdicts.length === 0;
}

/** The findings a check returns: one of its messageIds, with the data of the template's placeholders. */
export const pass = finding('pass');
export const fail = finding('fail');
export const skip = finding('skip');

/** A budget check's finding: `over` by the excess when `used` exceeds `budget`, else `within`; `over` may need more data. */
export function againstBudget(used: number, budget: number, within: MessageData, over = within): CheckFinding {
  return used > budget ? fail('over', { ...over, excess: used - budget }) : pass('within', within);
}

function finding(outcome: CheckOutcome): (messageId: string, data?: MessageData) => CheckFinding {
  return (messageId, data) => (data === undefined ? { outcome, messageId } : { outcome, messageId, data });
}

/** Several messages of the check in one placeholder: a list of problems. */
export function messageList(parts: readonly MessagePart[], separator = '; '): MessageList {
  return { parts, separator };
}

import { answerFigures, evidenceNumbers, groundsFigure, type Figure, type NumberToken } from '../text/figures.js';
import { normalizeText } from '../text/normalize.js';
import { invocationFailed } from '../trace/evidence-yield.js';
import { invocationYields, traceSummaryEntries } from './derived.js';
import { isRecord, plural, quoteList, verifierField } from './support.js';
import type { CheckContext, CheckDefinition } from './types.js';

/** The claim verification whose detail is evidence; the detail of an unsupported claim may repeat the very figure it doubts. */
const SUPPORTED = 'supported';

export const numericGroundingCheck: CheckDefinition = {
  id: 'numeric-grounding',
  spec: ['S37'],
  description:
    'Every figure of the final answer (a number with a unit or %, not approximate) occurs in the evidence: result summaries of calls that did not fail, trace_summaries, supported claim-check details, the question, or an argument that names its unit.',
  run(context) {
    if (context.normalizedFinalAnswer.trim() === '') {
      return { outcome: 'skip', message: 'the final answer is empty' };
    }
    const unrecorded = unrecordedEvidence(context);
    if (unrecorded !== null) {
      return {
        outcome: 'skip',
        message: `toolInvocations[${unrecorded}] yielded evidence but records no resultSummary, so figures cannot be checked against the evidence`,
      };
    }
    const figures = answerFigures(context.normalizedFinalAnswer);
    if (figures.length === 0) {
      return { outcome: 'pass', message: 'the final answer states no exact figure' };
    }
    const evidence = evidenceTokens(context);
    const ungrounded = figures.filter((figure) => !evidence.some((token: NumberToken) => groundsFigure(figure, token)));
    if (ungrounded.length > 0) {
      return {
        outcome: 'fail',
        message: `the final answer states ${ungrounded.length === 1 ? 'a figure' : 'figures'} found in no evidence: ${quoteList(distinctTexts(ungrounded))}`,
      };
    }
    return { outcome: 'pass', message: `all ${plural(figures.length, 'figure')} of the final answer occur in the evidence` };
  },
};

/** The index of the first invocation that yielded evidence without recording it; null when every one records it. */
function unrecordedEvidence(context: CheckContext): number | null {
  const yields = invocationYields(context);
  const index = context.trace.toolInvocations.findIndex((invocation, position) => yields[position]?.yielded === true && !('resultSummary' in invocation));
  return index < 0 ? null : index;
}

/**
 * The evidence numbers: those of the result summaries of the calls that did not fail (a call that
 * found nothing relevant still reports real facts, e.g. the sampling rate it searched at), of the
 * verifier's summaries, of the details of supported claim checks, and of the question (a figure the
 * user gave is no invention); and, from the arguments of those calls, the numbers whose unit is
 * written (`durationSeconds: 30`, `"step": "30s"`): the length of a profile the agent asked for is a
 * fact of the investigation. Bare argument values (`limit: 200`) are not evidence of anything.
 * Parts are separated by a line break, so that numbers never join.
 */
function evidenceTokens(context: CheckContext): NumberToken[] {
  const parts: string[] = [context.evalCase.question];
  const argumentParts: string[] = [];
  for (const invocation of context.trace.toolInvocations) {
    if (invocationFailed(invocation, context.contract.emptyResultMarkers)) continue;
    parts.push(asText(invocation.resultSummary));
    if (invocation.arguments !== undefined) argumentParts.push(asText(invocation.arguments));
  }
  for (const entry of traceSummaryEntries(context)) parts.push(asText(entry['summary']));
  const claims = verifierField(context, 'claim_checks');
  if (Array.isArray(claims)) {
    for (const claim of claims as unknown[]) {
      if (isRecord(claim) && typeof claim['verification'] === 'string' && claim['verification'].trim().toLowerCase() === SUPPORTED) {
        parts.push(asText(claim['detail']));
      }
    }
  }
  const tokens = evidenceNumbers(normalizeText(parts.join('\n')));
  if (argumentParts.length > 0) {
    for (const token of evidenceNumbers(normalizeText(argumentParts.join('\n')))) if (token.family !== null) tokens.push(token);
  }
  return tokens;
}

function asText(value: unknown): string {
  if (value === undefined || value === null) return '';
  return typeof value === 'string' ? value : (JSON.stringify(value) ?? '');
}

function distinctTexts(figures: readonly Figure[]): string[] {
  return [...new Set(figures.map((figure) => figure.text))];
}

import {
  answerFigures,
  evidenceFormOfLowered,
  keyedNumber,
  type NumberToken,
  scanNumbers,
  ungroundedByNumbers,
  ungroundedInEvidence,
} from '../text/figures.js';
import { jsonTextOf } from '../trace/json-text.js';
import { invocationFailures, invocationYields, isSupportedClaim, traceSummaryEntries } from './derived.js';
import { fail, isRecord, pass, plural, quoteList, skip, verifierField } from './support.js';
import type { CheckContext, CheckDefinition } from './types.js';

export const numericGroundingCheck: CheckDefinition = {
  id: 'numeric-grounding',
  order: 200,
  spec: ['S37'],
  description:
    'Every figure of the final answer (a number with a unit or %, not approximate) occurs in the evidence: result summaries of calls that did not fail, trace_summaries, supported claim-check details, the question, or an argument that names its unit.',
  failsWhen: 'a figure of the final answer is found in no evidence (see below)',
  skippedWhen: 'empty answer, or a call that yielded evidence has no `resultSummary`',
  scanByDefault: true,
  inputs: ['question'],
  messages: {
    noFigure: 'the final answer states no exact figure',
    grounded: 'all {{figures}} of the final answer occur in the evidence',
    ungrounded: 'the final answer states {{figureWord}} found in no evidence: {{found}}',
    emptyAnswer: 'the final answer is empty',
    unrecordedEvidence:
      'toolInvocations[{{index}}] yielded evidence but records no resultSummary, so figures cannot be checked against the evidence',
  },
  run(context) {
    if (context.normalizedFinalAnswer.trim() === '') return skip('emptyAnswer');
    const unrecorded = unrecordedEvidence(context);
    if (unrecorded !== null) return skip('unrecordedEvidence', { index: unrecorded });
    const figures = answerFigures(context.normalizedFinalAnswer);
    if (figures.length === 0) return pass('noFigure');
    // One text, parts joined by a line break so that numbers never join; lower case for units. Each
    // part is lowered alone: an ASCII part goes at once, a joined text with CJK character by character.
    const evidenceText = evidenceTexts(context)
      .map((text) => text.toLowerCase())
      .join('\n');
    // The arguments last: they almost never ground a figure the evidence texts do not, and reading
    // them costs about as much as the scan, which stops once every figure is grounded.
    let ungrounded = ungroundedInEvidence(figures, evidenceFormOfLowered(evidenceText));
    if (ungrounded.length > 0) ungrounded = ungroundedByNumbers(ungrounded, argumentTokens(context));
    if (ungrounded.length > 0) {
      const found = quoteList([...new Set(ungrounded.map((figure) => figure.text))]);
      return fail('ungrounded', { figureWord: ungrounded.length === 1 ? 'a figure' : 'figures', found });
    }
    return pass('grounded', { figures: plural(figures.length, 'figure') });
  },
};

/** The index of the first invocation that yielded evidence without recording it; null when every one records it. */
function unrecordedEvidence(context: CheckContext): number | null {
  const invocations = context.trace.toolInvocations;
  // Judging whether calls yielded evidence may parse their results: asked only when a call records none.
  if (invocations.every((invocation) => 'resultSummary' in invocation)) return null;
  const yields = invocationYields(context);
  const index = invocations.findIndex(
    (invocation, position) => yields[position]?.yielded === true && !('resultSummary' in invocation),
  );
  return index < 0 ? null : index;
}

/**
 * The evidence texts, raw: the numbers of these, and the argument figures (argumentTokens), are the
 * evidence a figure of the answer must occur in. The texts are the result summaries of the calls
 * that did not fail (a call that found nothing relevant still reports real facts, e.g. the sampling
 * rate it searched at), the verifier's summaries, the details of supported claim checks, and the
 * question (a figure the user gave is no invention). From the arguments of those calls, only the
 * numbers whose unit is written (`durationSeconds: 30`, `"step": "30s"`): the length of a profile
 * the agent asked for is a fact of the investigation; bare argument values (`limit: 200`) are not
 * evidence of anything.
 */
function evidenceTexts(context: CheckContext): string[] {
  const texts: string[] = [];
  const add = (value: unknown): void => {
    const text = asText(value);
    if (text !== '') texts.push(text);
  };
  add(context.evalCase.question);
  const failures = invocationFailures(context);
  context.trace.toolInvocations.forEach((invocation, index) => {
    if (failures[index] !== true) add(invocation.resultSummary);
  });
  for (const entry of traceSummaryEntries(context)) add(entry['summary']);
  // Only supported claims: the detail of an unsupported claim may quote the very figure it doubts.
  const claims = verifierField(context, 'claim_checks');
  for (const claim of Array.isArray(claims) ? (claims as unknown[]) : []) {
    if (isRecord(claim) && isSupportedClaim(context, claim)) add(claim['detail']);
  }
  return texts;
}

/** The argument figures (see addArgumentFigures). */
function argumentTokens(context: CheckContext): NumberToken[] {
  const reading: ArgumentReading = { tokens: [], textsRead: new Set() };
  const failures = invocationFailures(context);
  context.trace.toolInvocations.forEach((invocation, index) => {
    if (invocation.arguments !== undefined && failures[index] !== true)
      addArgumentFigures(invocation.arguments, null, reading, 0);
  });
  return reading.tokens;
}

interface ArgumentReading {
  tokens: NumberToken[];
  /**
   * The texts read already: calls often repeat an argument (the same time range, the same query),
   * and the figures of a text are the same each time; one of them grounds a figure as well as two.
   */
  textsRead: Set<string>;
}

const MAX_ARGUMENT_DEPTH = 8;
const MAX_ARGUMENT_TEXT = 200;
/** A digit followed by a letter, % or CJK: "30s", "5 min", "10%"; not "2024-06-11T13:50:00+08:00". */
const FIGURE_HINT = /\d\s?[a-zA-Z%\u4e00-\u9fff]/u;

/** The figures of call arguments whose unit is written: a number under a key that names it, or text with a unit ("30s"). */
function addArgumentFigures(value: unknown, key: string | null, reading: ArgumentReading, depth: number): void {
  if (typeof value === 'number') {
    const token = key === null ? null : keyedNumber(key, value);
    if (token !== null) reading.tokens.push(token);
  } else if (typeof value === 'string') {
    // Only text that may hold a figure is read: dates and names are the common argument texts.
    if (value.length <= MAX_ARGUMENT_TEXT && !reading.textsRead.has(value) && FIGURE_HINT.test(value)) {
      reading.textsRead.add(value);
      for (const token of scanNumbers(evidenceFormOfLowered(value.toLowerCase())))
        if (token.family !== null) reading.tokens.push(token);
    }
  } else if (typeof value === 'object' && value !== null && depth < MAX_ARGUMENT_DEPTH) {
    if (Array.isArray(value)) for (const item of value as unknown[]) addArgumentFigures(item, key, reading, depth + 1);
    else
      for (const childKey of Object.keys(value))
        addArgumentFigures((value as Record<string, unknown>)[childKey], childKey, reading, depth + 1);
  }
}

/** Evidence as text; a value too deeply nested to write as JSON holds no figure that can be read. */
function asText(value: unknown): string {
  if (value === undefined || value === null) return '';
  return typeof value === 'string' ? value : (jsonTextOf(value) ?? '');
}

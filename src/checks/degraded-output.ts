import { round4 } from '../model/round.js';
import {
  type DraftReproduction,
  executorDraft,
  isReproduction,
  measureDraftReproduction,
} from './measures/executor-draft.js';
import type { MessagePart } from './messages.js';
import {
  fail,
  hasNoVerifier,
  matchedTexts,
  messageList,
  NO_VERIFIER_MESSAGE,
  pass,
  quote,
  quoteList,
  skip,
  verdictIs,
} from './support.js';
import type { CheckDefinition } from './types.js';

export const degradedOutputCheck: CheckDefinition = {
  id: 'degraded-output',
  order: 80,
  spec: ['S06', 'S73'],
  description:
    "When the verdict is the reject verdict, the final answer carries a degraded-output marker and does not reproduce the executor's draft answer.",
  failsWhen: "the final answer has none of the degraded markers, or reproduces the executor's draft answer",
  skippedWhen: 'the verdict is not `contract.rejectVerdict`, or the case names no `allowedVerdicts`',
  scanByDefault: true,
  inputs: ['allowedVerdicts'],
  messages: {
    degraded: "the final answer is degraded (marker {{marker}}); it does not reproduce the executor's draft answer",
    degradedWithoutDraft: 'the final answer is degraded (marker {{marker}}); no executor draft answer to compare',
    notDegraded: 'verdict is {{verdict}} but {{problems}}',
    noMarker: 'the final answer has none of the degraded-output markers {{markers}}',
    emptyWithoutMarker: 'the final answer is empty and has none of the degraded-output markers {{markers}}',
    containsShortDraft: "the final answer contains the executor's short draft answer {{draft}}",
    reproducesDraft:
      "the final answer reproduces the executor's draft answer: {{shared}} of its {{total}} token trigrams ({{overlap}}) occur in it, at or above degradedOutput.maxDraftOverlap {{maxOverlap}}",
    noVerdict: 'no verdict; degraded output is required only for verdict {{reject}}',
    notRejected: 'verdict is {{verdict}}; degraded output is required only for verdict {{reject}}',
    noVerifier: NO_VERIFIER_MESSAGE,
  },
  run(context) {
    if (hasNoVerifier(context.evalCase)) return skip('noVerifier');
    const { contract } = context;
    const rejectVerdict = contract.rejectVerdict.toUpperCase();
    if (!verdictIs(context, rejectVerdict)) {
      return context.verdict === null
        ? skip('noVerdict', { reject: quote(rejectVerdict) })
        : skip('notRejected', { verdict: quote(context.verdict), reject: quote(rejectVerdict) });
    }
    const { markers, maxDraftOverlap } = contract.degradedOutput;
    const problems: MessagePart[] = [];
    const markersFound = matchedTexts(context, markers);
    if (markersFound.length === 0) {
      const messageId = context.normalizedFinalAnswer.trim() === '' ? 'emptyWithoutMarker' : 'noMarker';
      problems.push({ messageId, data: { markers: quoteList(markers) } });
    }
    const draft = executorDraft(context.trace);
    if (draft !== null) {
      const reproduction = measureDraftReproduction(context.normalizedFinalAnswer, draft);
      if (isReproduction(reproduction, maxDraftOverlap)) {
        problems.push(reproductionPart(reproduction, draft, maxDraftOverlap));
      }
    }
    if (problems.length > 0) {
      return fail('notDegraded', { verdict: quote(rejectVerdict), problems: messageList(problems, '; and ') });
    }
    const marker = quote(markersFound[0] ?? '');
    return pass(draft === null ? 'degradedWithoutDraft' : 'degraded', { marker });
  },
};

function reproductionPart(reproduction: DraftReproduction, draft: string, maxOverlap: number): MessagePart {
  if (reproduction.method === 'substring')
    return { messageId: 'containsShortDraft', data: { draft: quote(draft.trim()) } };
  const { shared, total, overlap } = reproduction;
  return { messageId: 'reproducesDraft', data: { shared, total, overlap: round4(overlap), maxOverlap } };
}

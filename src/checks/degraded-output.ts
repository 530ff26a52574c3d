import { round4 } from '../model/round.js';
import {
  type DraftReproduction,
  executorDraft,
  isReproduction,
  measureDraftReproduction,
} from './measures/executor-draft.js';
import { matchedTexts, quote, quoteList, verdictIs, withoutVerifier } from './support.js';
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
  run(context) {
    const noVerifier = withoutVerifier(context.evalCase);
    if (noVerifier !== null) return noVerifier;
    const { contract } = context;
    const rejectVerdict = contract.rejectVerdict.toUpperCase();
    if (!verdictIs(context, rejectVerdict)) {
      return {
        outcome: 'skip',
        message:
          context.verdict === null
            ? `no verdict; degraded output is required only for verdict ${quote(rejectVerdict)}`
            : `verdict is ${quote(context.verdict)}; degraded output is required only for verdict ${quote(rejectVerdict)}`,
      };
    }
    const { markers, maxDraftOverlap } = contract.degradedOutput;
    const problems: string[] = [];
    const markersFound = matchedTexts(context, markers);
    if (markersFound.length === 0) {
      const answer =
        context.normalizedFinalAnswer.trim() === '' ? 'the final answer is empty and has' : 'the final answer has';
      problems.push(`${answer} none of the degraded-output markers ${quoteList(markers)}`);
    }
    const draft = executorDraft(context.trace);
    if (draft !== null) {
      const reproduction = measureDraftReproduction(context.normalizedFinalAnswer, draft);
      if (isReproduction(reproduction, maxDraftOverlap)) {
        problems.push(describeReproduction(reproduction, draft, maxDraftOverlap));
      }
    }
    if (problems.length > 0) {
      return { outcome: 'fail', message: `verdict is ${quote(rejectVerdict)} but ${problems.join('; and ')}` };
    }
    const draftNote =
      draft === null ? 'no executor draft answer to compare' : "it does not reproduce the executor's draft answer";
    return {
      outcome: 'pass',
      message: `the final answer is degraded (marker ${quote(markersFound[0] ?? '')}); ${draftNote}`,
    };
  },
};

function describeReproduction(reproduction: DraftReproduction, draft: string, maxDraftOverlap: number): string {
  if (reproduction.method === 'substring') {
    return `the final answer contains the executor's short draft answer ${quote(draft.trim())}`;
  }
  return (
    `the final answer reproduces the executor's draft answer: ${reproduction.shared} of its ${reproduction.total} ` +
    `token trigrams (${round4(reproduction.overlap)}) occur in it, at or above degradedOutput.maxDraftOverlap ${maxDraftOverlap}`
  );
}

import { changed, isObject, stepsOf, verifierOf } from '../plain-trace.js';
import type { MutationOperator } from '../types.js';

/** After a REJECT verdict the composer passes the executor's draft on instead of degrading. */
export const pasteRejectedDraft: MutationOperator = {
  id: 'paste-rejected-draft',
  description: "under the reject verdict, the final answer replaced by the executor's rejected draft",
  mutate({ evalCase, trace, contract }) {
    const verdict = verifierOf(trace)?.['verdict'];
    if (typeof verdict !== 'string' || verdict.toUpperCase() !== contract.rejectVerdict) return [];
    const draft = draftOf(stepsOf(trace));
    if (draft === null || draft === trace.finalAnswer) return [];
    return [
      {
        label: 'executor draft',
        document: changed(trace, (copy) => {
          copy.finalAnswer = draft;
        }),
        suggestion: `case \`${evalCase.id}\` does not notice the rejected draft passed on as the answer: keep degraded-output at severity error`,
      },
    ];
  },
};

/** The last executor step's `answer` (its output a JSON object or a string holding one), else its text output. */
function draftOf(steps: readonly Record<string, unknown>[]): string | null {
  const step = steps.findLast((candidate) => typeof candidate['agentName'] === 'string' && candidate['agentName'].toLowerCase() === 'executor');
  if (step === undefined) return null;
  let output = step['output'];
  if (typeof output === 'string') {
    try {
      output = JSON.parse(output) as unknown;
    } catch {
      return output as string;
    }
  }
  if (isObject(output) && typeof output['answer'] === 'string') return output['answer'];
  return typeof step['output'] === 'string' ? step['output'] : null;
}

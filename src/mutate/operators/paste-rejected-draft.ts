import { executorDraft } from '../../checks/measures/executor-draft.js';
import { loadTrace } from '../../trace/load-trace.js';
import { changed, verifierOf } from '../plain-trace.js';
import type { MutationOperator } from '../types.js';

/** After a REJECT verdict the composer passes the executor's draft on instead of degrading. */
export const pasteRejectedDraft: MutationOperator = {
  id: 'paste-rejected-draft',
  description: "under the reject verdict, the final answer replaced by the executor's rejected draft",
  mutate({ evalCase, trace, contract }) {
    const verdict = verifierOf(trace)?.['verdict'];
    if (typeof verdict !== 'string' || verdict.toUpperCase() !== contract.rejectVerdict) return [];
    // The draft as degraded-output reads it (docs/contract.md §3), from the trace as the evaluator loads it.
    const loaded = loadTrace(trace);
    const draft = loaded.ok ? executorDraft(loaded.trace) : null;
    if (draft === null || draft === trace.finalAnswer) return [];
    return [
      {
        label: 'executor draft',
        document: changed(trace, { finalAnswer: draft }),
        suggestion: `case \`${evalCase.id}\` does not notice the rejected draft passed on as the answer: keep degraded-output at severity error`,
      },
    ];
  },
};

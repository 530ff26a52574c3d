import { answerOf, calledTools, changed } from '../plain-trace.js';
import type { MutationOperator } from '../types.js';

/** The composer pastes the executor's raw JSON, protocol markers and all, into the answer. */
export const leakExecutorJson: MutationOperator = {
  id: 'leak-executor-json',
  description:
    'raw executor JSON with protocol markers (answer_version, claim_id, evidence_bindings) appended to the answer',
  mutate({ evalCase, trace }) {
    const tool = calledTools(trace)[0] ?? 'queryMetrics';
    const raw = JSON.stringify({
      answer_version: 'executor_evidence_v2',
      claims: [{ claim_id: 'c1', evidence_bindings: ['ev-1'] }],
      evidence_bindings: [{ evidence_id: 'ev-1', tool, status: 'supported' }],
    });
    return [
      {
        label: 'executor JSON',
        document: changed(trace, { finalAnswer: `${answerOf(trace)}\n\n${raw}` }),
        suggestion: `case \`${evalCase.id}\` would not notice raw executor JSON in the answer: turn on audit.v2, or keep no-raw-structure at severity error`,
      },
    ];
  },
};

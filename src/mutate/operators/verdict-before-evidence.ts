import { changed, stepsOf } from '../plain-trace.js';
import type { MutationOperator } from '../types.js';

/** The verifier rules before the executor has gathered and written up the evidence. */
export const verdictBeforeEvidence: MutationOperator = {
  id: 'verdict-before-evidence',
  description: 'the verifier step moved before the executor step (steps renumbered)',
  mutate({ evalCase, trace }) {
    const steps = stepsOf(trace);
    const executor = steps.findIndex((step) => agentIs(step, 'executor'));
    const verifier = steps.findIndex((step) => agentIs(step, 'verifier'));
    if (executor < 0 || verifier < 0 || verifier < executor) return [];
    return [
      {
        label: 'verifier before executor',
        document: changed(trace, (copy) => {
          const copied = stepsOf(copy);
          const [moved] = copied.splice(verifier, 1);
          copied.splice(executor, 0, moved as Record<string, unknown>);
          copied.forEach((step, index) => {
            if ('stepIndex' in step) step['stepIndex'] = index + 1;
          });
          copy.agentSteps = copied;
        }),
        suggestion: `case \`${evalCase.id}\` does not notice a verdict given before the evidence: keep evidence-before-verdict at severity error`,
      },
    ];
  },
};

function agentIs(step: Record<string, unknown>, agent: string): boolean {
  const name = step['agentName'];
  return typeof name === 'string' && name.toLowerCase() === agent;
}

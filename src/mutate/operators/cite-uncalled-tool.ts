import { speaksChinese, withConcludingSentence } from '../case-text.js';
import { calledTools } from '../plain-trace.js';
import type { MutationOperator } from '../types.js';

/** The answer cites a tool the agent never called, as if it had evidence from it. */
export const citeUncalledTool: MutationOperator = {
  id: 'cite-uncalled-tool',
  description: "the conclusion cites a tool the trace never called (one the suite's other cases use, else queryTraces)",
  mutate({ evalCase, trace, suiteToolNames }) {
    const called = new Set(calledTools(trace));
    const tool = suiteToolNames.find((name) => !called.has(name)) ?? (called.has('queryTraces') ? null : 'queryTraces');
    if (tool === null) return [];
    const sentence = speaksChinese(evalCase)
      ? `${tool} 的结果也证实了这一点。`
      : `According to ${tool}, this is confirmed.`;
    return [
      {
        label: tool,
        document: withConcludingSentence(trace, sentence),
        suggestion: `case \`${evalCase.id}\` does not notice the answer citing \`${tool}\`, which was never called: list the agent's tool names in the config's contract.toolNames`,
      },
    ];
  },
};

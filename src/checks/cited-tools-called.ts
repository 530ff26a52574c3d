import { mentionedToolNames } from '../text/tool-mentions.js';
import { invokedToolNames, knownToolNames, wasInvoked } from './derived.js';
import { plural, quoteList } from './support.js';
import type { CheckDefinition } from './types.js';

export const citedToolsCalledCheck: CheckDefinition = {
  id: 'cited-tools-called',
  spec: ['S38'],
  description:
    'Every tool name the final answer mentions (whole word, any case; names from requiredEvidenceTools, trace_summaries and contract.toolNames) was invoked.',
  run(context) {
    if (context.normalizedFinalAnswer.trim() === '') {
      return { outcome: 'skip', message: 'the final answer is empty' };
    }
    const uncalled = knownToolNames(context).filter((name) => !wasInvoked(context, name));
    const cited = mentionedToolNames(context.normalizedFinalAnswer, uncalled);
    if (cited.length > 0) {
      return {
        outcome: 'fail',
        message: `the final answer cites ${cited.length === 1 ? 'a tool' : 'tools'} never invoked: ${quoteList(cited)}`,
      };
    }
    const mentioned = mentionedToolNames(context.normalizedFinalAnswer, [...invokedToolNames(context)].sort());
    return {
      outcome: 'pass',
      message: mentioned.length === 0 ? 'the final answer cites no tool by name' : `the final answer cites only invoked tools (${plural(mentioned.length, 'tool')})`,
    };
  },
};

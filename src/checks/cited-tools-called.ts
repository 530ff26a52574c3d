import { mentionedToolNames } from '../text/tool-mentions.js';
import { uninvokedToolNames } from './derived.js';
import { fail, pass, quoteList, skip } from './support.js';
import type { CheckDefinition } from './types.js';

export const citedToolsCalledCheck: CheckDefinition = {
  id: 'cited-tools-called',
  order: 210,
  spec: ['S38'],
  description:
    'Every tool name the final answer mentions (whole word, any case; names from requiredEvidenceTools, trace_summaries and contract.toolNames) was invoked.',
  failsWhen:
    'the final answer mentions a known tool name that no invocation carries (any case); known names: `requiredEvidenceTools`, `trace_summaries` tool names, `contract.toolNames`; a mention is the whole word in any case (`queryLogs` is not mentioned by "logs" or "queryLogsV2"); a name that is a plain word (`logs`) counts only as code (in backticks, or followed by `(`)',
  skippedWhen: 'empty answer',
  scanByDefault: true,
  inputs: ['requiredEvidenceTools'],
  messages: {
    allCalled: 'the final answer cites no tool that was not invoked',
    uncalled: 'the final answer cites {{toolWord}} never invoked: {{tools}}',
    emptyAnswer: 'the final answer is empty',
  },
  run(context) {
    if (context.normalizedFinalAnswer.trim() === '') return skip('emptyAnswer');
    const cited = mentionedToolNames(context.normalizedFinalAnswer, uninvokedToolNames(context));
    if (cited.length > 0) {
      const toolWord = cited.length === 1 ? 'a tool' : 'tools';
      return fail('uncalled', { toolWord, tools: quoteList(cited) });
    }
    return pass('allCalled');
  },
};

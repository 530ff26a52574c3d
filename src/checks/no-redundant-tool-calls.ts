import { repeatedCalls } from './derived.js';
import { fail, messageList, pass, plural, skip } from './support.js';
import type { CheckDefinition } from './types.js';

/**
 * S41, S70: repeated calls are a cost, not a wrong diagnosis, so the check warns by default (a
 * project that gates on them sets it to `error`); the report counts them per case
 * (`repeatedCalls`) and `diff` compares their average like the other costs.
 */
export const noRedundantToolCallsCheck: CheckDefinition = {
  id: 'no-redundant-tool-calls',
  order: 240,
  spec: ['S41', 'S70'],
  description:
    'No agent invokes a tool again with deep-equal arguments (key order ignored), unless the earlier call failed or the later one is deduped; budget.maxRepeatedCalls repeats are tolerated (default 0). Warns by default: repeats are a cost.',
  failsWhen:
    "more than `budget.maxRepeatedCalls` (default 0) invocations repeat an earlier invocation of the same tool by the same agent (`agent` on the invocation; calls of different agents are no repeats) with deep-equal `arguments` (object keys in any order; arguments given as JSON text are parsed), unless the latest equal earlier call failed or the repeat's status is `deduped`; severity `warn` unless set",
  skippedWhen: 'fewer than two invocations record `arguments`',
  defaultSeverity: 'warn',
  inputs: ['budget.maxRepeatedCalls'],
  messages: {
    noRepeats: 'no tool call repeats an earlier one ({{compared}} compared)',
    withinBudget: '{{repeats}}, within budget.maxRepeatedCalls {{allowed}}',
    redundant: '{{repeats}} (budget.maxRepeatedCalls {{allowed}}): {{calls}}',
    repeat: 'toolInvocations[{{index}}] repeats [{{repeats}}]: {{tool}}{{agent}} with {{arguments}}',
    tooFewArguments: 'fewer than two tool invocations record their arguments',
  },
  run(context) {
    const allowed = context.evalCase.budget.maxRepeatedCalls ?? 0;
    const { compared, repeats } = repeatedCalls(context);
    if (compared < 2) return skip('tooFewArguments');
    if (repeats.length > allowed) {
      const calls = messageList(repeats.map((repeat) => ({ messageId: 'repeat', data: { ...repeat } })));
      return fail('redundant', { repeats: plural(repeats.length, 'redundant tool call'), allowed, calls });
    }
    return repeats.length === 0
      ? pass('noRepeats', { compared })
      : pass('withinBudget', { repeats: plural(repeats.length, 'repeated call'), allowed });
  },
};

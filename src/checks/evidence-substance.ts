import { summaryYield } from '../trace/evidence-yield.js';
import { invocationYields, traceSummaryEntries } from './derived.js';
import type { MessagePart } from './messages.js';
import { fail, messageList, pass, quote, quoteList, skip } from './support.js';
import type { CheckContext, CheckDefinition } from './types.js';

export const evidenceSubstanceCheck: CheckDefinition = {
  id: 'evidence-substance',
  order: 170,
  spec: ['S34'],
  description:
    'Every required evidence tool that evidence-coverage counts has a call that yielded evidence: not failed or no_evidence, no errorMessage, and a resultSummary that is not empty, an empty-result marker or a failure payload.',
  failsWhen:
    'a required tool that `evidence-coverage` counts has no call that yielded evidence (section 3); a tool in `toolInvocations` is judged by its invocations only, a tool known only from `trace_summaries` by its summaries (`evidence_status`, `summary`)',
  skippedWhen: 'no required tools, or none covered',
  scanByDefault: true,
  inputs: ['requiredEvidenceTools'],
  messages: {
    yieldedOne: 'the required evidence tool {{tools}} yielded evidence',
    yieldedAll: 'all {{covered}} covered required evidence tools yielded evidence: {{tools}}',
    withoutEvidence: 'required evidence {{toolWord}} called without yielding evidence: {{tools}}',
    tool: '{{tool}} ({{calls}}: {{reasons}})',
    statusWithoutEvidence: 'evidence status "{{found}}"',
    errorMessage: 'error message {{found}}',
    summaryStatus: 'evidence status {{found}} in trace_summaries',
    emptyResult: 'empty result summary {{found}}',
    failurePayload: 'failure payload {{found}}',
    noRequiredTools: 'the case requires no evidence tools',
    noneCovered: 'no required evidence tool is covered (see evidence-coverage)',
  },
  run(context) {
    const coverage = context.evidenceCoverage;
    if (coverage.required.length === 0) return skip('noRequiredTools');
    if (coverage.covered.length === 0) return skip('noneCovered');
    const problems: MessagePart[] = [];
    for (const tool of coverage.covered) {
      const reasons = reasonsWithoutEvidence(context, tool);
      if (reasons !== null) problems.push(toolPart(tool, reasons));
    }
    if (problems.length > 0) {
      return fail('withoutEvidence', {
        toolWord: problems.length === 1 ? 'tool' : 'tools',
        tools: messageList(problems),
      });
    }
    const tools = quoteList(coverage.covered);
    return coverage.covered.length === 1
      ? pass('yieldedOne', { tools })
      : pass('yieldedAll', { covered: coverage.covered.length, tools });
  },
};

/**
 * null when some call of `tool` yielded evidence, else why none did. A tool that appears in
 * `toolInvocations` is judged by its invocations only: a verifier summary cannot rescue a call
 * that failed or came back empty. A tool known only from `trace_summaries` is judged by them.
 */
function reasonsWithoutEvidence(context: CheckContext, tool: string): MessagePart[] | null {
  const { toolInvocations } = context.trace;
  let results = invocationYields(context).filter((_, index) => toolInvocations[index]?.toolName === tool);
  if (results.length === 0) {
    const summaries = traceSummaryEntries(context).filter((entry) => entry['tool_name'] === tool);
    results = summaries.map((entry) => summaryYield(entry, context.session.emptyResultMarkers));
  }
  if (results.some((result) => result.yielded)) return null;
  return results.flatMap((result) => (result.yielded ? [] : [{ messageId: result.messageId, data: result.data }]));
}

/** The tool and why none of its calls yielded evidence, each reason once. */
function toolPart(tool: string, reasons: readonly MessagePart[]): MessagePart {
  const distinct = [...new Map(reasons.map((reason) => [JSON.stringify(reason), reason])).values()];
  const calls = reasons.length === 1 ? 'its call' : `all ${reasons.length} calls`;
  return { messageId: 'tool', data: { tool: quote(tool), calls, reasons: messageList(distinct, ', ') } };
}

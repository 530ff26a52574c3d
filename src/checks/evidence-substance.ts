import { type EvidenceYield, summaryYield } from '../trace/evidence-yield.js';
import { invocationYields, traceSummaryEntries } from './derived.js';
import { quote, quoteList } from './support.js';
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
  run(context) {
    const coverage = context.evidenceCoverage;
    if (coverage.required.length === 0) {
      return { outcome: 'skip', message: 'the case requires no evidence tools' };
    }
    if (coverage.covered.length === 0) {
      return { outcome: 'skip', message: 'no required evidence tool is covered (see evidence-coverage)' };
    }
    const problems: string[] = [];
    for (const tool of coverage.covered) {
      const reasons = reasonsWithoutEvidence(context, tool);
      if (reasons !== null) problems.push(`${quote(tool)} (${describeReasons(reasons)})`);
    }
    if (problems.length > 0) {
      return {
        outcome: 'fail',
        message: `required evidence ${problems.length === 1 ? 'tool' : 'tools'} called without yielding evidence: ${problems.join('; ')}`,
      };
    }
    return {
      outcome: 'pass',
      message:
        coverage.covered.length === 1
          ? `the required evidence tool ${quoteList(coverage.covered)} yielded evidence`
          : `all ${coverage.covered.length} covered required evidence tools yielded evidence: ${quoteList(coverage.covered)}`,
    };
  },
};

/**
 * null when some call of `tool` yielded evidence, else why none did. A tool that appears in
 * `toolInvocations` is judged by its invocations only: a verifier summary cannot rescue a call
 * that failed or came back empty. A tool known only from `trace_summaries` is judged by them.
 */
function reasonsWithoutEvidence(context: CheckContext, tool: string): string[] | null {
  const reasons: string[] = [];
  const yields = invocationYields(context);
  let invoked = false;
  context.trace.toolInvocations.forEach((invocation, index) => {
    if (invocation.toolName !== tool) return;
    invoked = true;
    collect(reasons, yields[index]);
  });
  if (!invoked) {
    for (const entry of traceSummaryEntries(context)) {
      if (entry['tool_name'] === tool) collect(reasons, summaryYield(entry, context.contract.emptyResultMarkers));
    }
  }
  return reasons.includes('') ? null : reasons;
}

/** An empty string stands for "this call yielded evidence". */
function collect(reasons: string[], result: EvidenceYield | undefined): void {
  if (result === undefined || result.yielded) reasons.push('');
  else reasons.push(result.reason);
}

function describeReasons(reasons: readonly string[]): string {
  const distinct = [...new Set(reasons)];
  const calls = reasons.length === 1 ? 'its call' : `all ${reasons.length} calls`;
  return `${calls}: ${distinct.join(', ')}`;
}

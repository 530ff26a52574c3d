import type { AgentStep } from '../trace/types.js';
import { invocationYields } from './derived.js';
import type { MessagePart } from './messages.js';
import { fail, messageList, pass, quote, skip } from './support.js';
import type { CheckContext, CheckDefinition } from './types.js';

const EXECUTOR = 'executor';
const VERIFIER = 'verifier';

interface OrderedStep {
  step: AgentStep;
  /** Its place in agentSteps. */
  position: number;
}

/**
 * How a step is named in messages: its stepIndex when steps are ordered by it, else its place in
 * agentSteps. Made only for a message that names it: most traces pass.
 */
function labelOf({ step, position }: OrderedStep, byIndex: boolean): string {
  return byIndex ? `(stepIndex ${String(step.stepIndex)})` : `(agentSteps[${position}])`;
}

export const evidenceBeforeVerdictCheck: CheckDefinition = {
  id: 'evidence-before-verdict',
  order: 220,
  spec: ['S39'],
  description:
    "The verifier's step comes after the executor's, and, where start times are recorded, every required tool's evidence-yielding call starts before the verdict step.",
  failsWhen:
    'in step order (`stepIndex` when every step has one, else `agentSteps` order) a `verifier` step comes before the first `executor` step (agent names in any case); or, when the last verifier step (the verdict) has a `startedAt`, the earliest evidence-yielding call of a required tool with a `startedAt` does not start before it',
  skippedWhen: 'neither executor and verifier steps nor start times to compare',
  inputs: ['requiredEvidenceTools'],
  messages: {
    ordered: 'the verdict follows the executor step and the evidence calls',
    outOfOrder: 'the verdict does not follow the evidence: {{problems}}',
    verifierFirst: 'the verifier step {{verifier}} comes before the first executor step {{executor}}',
    evidenceLate:
      'the first evidence-yielding call of {{tool}} starts at {{startedAt}}, not before the verdict step {{verdict}} at {{verdictAt}}',
    nothingToOrder:
      'the trace records neither executor and verifier steps nor start times to order evidence and verdict',
  },
  run(context) {
    const { steps, byIndex } = orderedSteps(context.trace.agentSteps);
    const firstExecutor = steps.find(({ step }) => agentIs(step, EXECUTOR));
    const verifiers = steps.filter(({ step }) => agentIs(step, VERIFIER));
    const verdictStep = verifiers.at(-1);
    const problems: MessagePart[] = [];
    let judged = false;
    if (firstExecutor !== undefined && verdictStep !== undefined) {
      judged = true;
      const early = verifiers.find((verifier) => steps.indexOf(verifier) < steps.indexOf(firstExecutor));
      if (early !== undefined) {
        const data = { verifier: labelOf(early, byIndex), executor: labelOf(firstExecutor, byIndex) };
        problems.push({ messageId: 'verifierFirst', data });
      }
    }
    const verdictStart = verdictStep?.step.startedAt;
    if (verdictStep !== undefined && verdictStart !== undefined) {
      for (const { tool, startedAt } of firstEvidenceCalls(context)) {
        judged = true;
        if (startedAt >= verdictStart) {
          const verdict = labelOf(verdictStep, byIndex);
          const data = { tool: quote(tool), startedAt: isoText(startedAt), verdict, verdictAt: isoText(verdictStart) };
          problems.push({ messageId: 'evidenceLate', data });
        }
      }
    }
    if (!judged) return skip('nothingToOrder');
    if (problems.length > 0) {
      return fail('outOfOrder', { problems: messageList(problems) });
    }
    return pass('ordered');
  },
};

function agentIs(step: AgentStep, agent: string): boolean {
  return typeof step.agentName === 'string' && step.agentName.trim().toLowerCase() === agent;
}

/** By stepIndex when every step records one (ties keep agentSteps order), else in agentSteps order. */
function orderedSteps(agentSteps: readonly AgentStep[]): { steps: OrderedStep[]; byIndex: boolean } {
  const byIndex = agentSteps.every((step) => step.stepIndex !== undefined);
  const steps = agentSteps.map((step, position) => ({ step, position }));
  if (byIndex)
    steps.sort((a, b) => (a.step.stepIndex as number) - (b.step.stepIndex as number) || a.position - b.position);
  return { steps, byIndex };
}

/** For each required tool with a timed call that yielded evidence: the earliest such start, in case-file order. */
function firstEvidenceCalls(context: CheckContext): { tool: string; startedAt: number }[] {
  const yields = invocationYields(context);
  const first = new Map<string, number>();
  // The tools of a `{ any: [...] }` entry count each: the one that was called is the evidence.
  const names = [...context.evalCase.requiredEvidenceTools, ...context.evalCase.requiredEvidenceAlternatives.flat()];
  const required = new Set(names);
  context.trace.toolInvocations.forEach((invocation, index) => {
    const { toolName, startedAt } = invocation;
    if (startedAt === undefined || !required.has(toolName) || yields[index]?.yielded !== true) return;
    const known = first.get(toolName);
    if (known === undefined || startedAt < known) first.set(toolName, startedAt);
  });
  return names.flatMap((tool) => {
    const startedAt = first.get(tool);
    return startedAt === undefined ? [] : [{ tool, startedAt }];
  });
}

/** Times are shown in UTC ISO-8601, whatever form the trace wrote them in (parseTimestamp keeps them in Date's range). */
function isoText(epochMs: number): string {
  return new Date(epochMs).toISOString();
}

import { describe } from 'vitest';
import { evidenceBeforeVerdictCheck } from '../../src/checks/evidence-before-verdict.js';
import type { MessagePart } from '../../src/checks/messages.js';
import type { AgentStep, ToolInvocation } from '../../src/trace/types.js';
import { testCheck } from './helpers.js';

const T0 = Date.UTC(2024, 5, 11, 6, 0, 0);
const step = (agentName: string, stepIndex?: number, startedAt?: number): AgentStep => ({
  agentName,
  output: 'x',
  ...(stepIndex === undefined ? {} : { stepIndex }),
  ...(startedAt === undefined ? {} : { startedAt: T0 + startedAt }),
});
const call = (toolName: string, startedAt: number, fields: Partial<ToolInvocation> = {}): ToolInvocation => ({
  toolName,
  evidenceStatus: 'supported',
  durationMs: 1,
  startedAt: T0 + startedAt,
  ...fields,
});
const required = { requiredEvidenceTools: ['queryMetrics', 'queryLogs'] };
const ordered = [
  step('executor', 1, 0),
  step('gatekeeper', 2, 9000),
  step('verifier', 3, 10_000),
  step('composer', 4, 20_000),
];

/** The `outOfOrder` finding, its problems joined by "; ". */
const outOfOrder = (...parts: MessagePart[]) => ({
  messageId: 'outOfOrder',
  data: { problems: { parts, separator: '; ' } },
});
/** A first evidence call of `tool` at `startedAt`, after the verdict step of the ordered steps (stepIndex 3, at 06:00:10). */
const late = (tool: string, startedAt: string): MessagePart => ({
  messageId: 'evidenceLate',
  data: { tool, startedAt, verdict: '(stepIndex 3)', verdictAt: '2024-06-11T06:00:10.000Z' },
});

describe('evidence-before-verdict (S39)', () => {
  testCheck(evidenceBeforeVerdictCheck, {
    valid: [
      {
        name: 'S39: executor, gatekeeper, verifier, composer by stepIndex',
        trace: { agentSteps: ordered },
        message: 'follows the executor step',
      },
      {
        name: 'S39: stepIndex decides over array order',
        trace: { agentSteps: [step('verifier', 3), step('executor', 1)] },
      },
      {
        name: 'S39: array order when steps carry no stepIndex',
        trace: { agentSteps: [step('EXECUTOR'), step('Verifier')] },
      },
      {
        name: 'S39: evidence calls start before the verdict step',
        case: required,
        trace: { agentSteps: ordered, toolInvocations: [call('queryMetrics', 1000), call('queryLogs', 2000)] },
      },
      {
        name: 'S39: a revise loop: the final verdict follows evidence gathered after the first verdict',
        case: required,
        trace: {
          agentSteps: [
            step('executor', 1, 0),
            step('verifier', 2, 5000),
            step('executor', 3, 6000),
            step('verifier', 4, 12_000),
          ],
          toolInvocations: [call('queryMetrics', 1000), call('queryLogs', 7000)],
        },
      },
      {
        name: 'S39: a call after the verdict that yielded no evidence does not count',
        case: required,
        trace: {
          agentSteps: ordered,
          toolInvocations: [
            call('queryMetrics', 1000),
            call('queryLogs', 2000),
            call('queryLogs', 15_000, { evidenceStatus: 'failed' }),
          ],
        },
      },
      {
        name: 'S39: times only: no executor step, evidence before the verifier',
        case: required,
        trace: { agentSteps: [step('verifier', 1, 10_000)], toolInvocations: [call('queryMetrics', 1000)] },
      },
    ],
    invalid: [
      {
        name: 'S39: the verifier step comes before the executor step (stepIndex)',
        trace: { agentSteps: [step('verifier', 1), step('executor', 2)] },
        message: 'the verifier step (stepIndex 1) comes before the first executor step (stepIndex 2)',
        ...outOfOrder({ messageId: 'verifierFirst', data: { verifier: '(stepIndex 1)', executor: '(stepIndex 2)' } }),
      },
      {
        name: 'S39: the verifier step comes first in array order',
        trace: { agentSteps: [step('verifier'), step('executor'), step('composer')] },
        message: '(agentSteps[0]) comes before the first executor step (agentSteps[1])',
        ...outOfOrder({
          messageId: 'verifierFirst',
          data: { verifier: '(agentSteps[0])', executor: '(agentSteps[1])' },
        }),
      },
      {
        name: 'S39: a verifier step before the executor even when a later one follows it',
        trace: { agentSteps: [step('verifier', 1), step('executor', 2), step('verifier', 3)] },
        message: 'comes before',
        ...outOfOrder({ messageId: 'verifierFirst', data: { verifier: '(stepIndex 1)', executor: '(stepIndex 2)' } }),
      },
      {
        name: 'S39: a required evidence call starts after the verdict step',
        case: required,
        trace: { agentSteps: ordered, toolInvocations: [call('queryMetrics', 1000), call('queryLogs', 12_000)] },
        message:
          'the first evidence-yielding call of "queryLogs" starts at 2024-06-11T06:00:12.000Z, not before the verdict step (stepIndex 3) at 2024-06-11T06:00:10.000Z',
        ...outOfOrder(late('"queryLogs"', '2024-06-11T06:00:12.000Z')),
      },
      {
        name: 'S39: every evidence call after the verdict',
        case: required,
        trace: { agentSteps: ordered, toolInvocations: [call('queryMetrics', 11_000), call('queryLogs', 12_000)] },
        message: '"queryMetrics"',
        ...outOfOrder(
          late('"queryMetrics"', '2024-06-11T06:00:11.000Z'),
          late('"queryLogs"', '2024-06-11T06:00:12.000Z'),
        ),
      },
      {
        name: 'S39: the only call before the verdict failed; the evidence came after',
        case: required,
        trace: {
          agentSteps: ordered,
          toolInvocations: [
            call('queryMetrics', 1000),
            call('queryLogs', 2000, { errorMessage: 'timeout' }),
            call('queryLogs', 11_000),
          ],
        },
        message: '"queryLogs"',
        ...outOfOrder(late('"queryLogs"', '2024-06-11T06:00:11.000Z')),
      },
    ],
    skipped: [
      {
        name: 'S39: skipped without steps or times',
        trace: { agentSteps: [] },
        message: 'neither executor and verifier steps nor start times',
      },
      {
        name: 'S39: skipped with only an executor step and no times',
        trace: { agentSteps: [step('executor', 1)], toolInvocations: [call('queryMetrics', 1000)] },
        case: required,
        message: 'neither',
      },
    ],
  });
});

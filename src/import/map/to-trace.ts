import { parseEmbeddedJson } from '../../io/parse-json.js';
import type {
  AgentStepDocument,
  ToolInvocationDocument,
  TraceDocument,
  VerifierEvaluationDocument,
} from '../../trace/types.js';
import type { AttributeValue, ImportedSpan, SpanEvent } from '../read/span.js';
import { spanDurationMs } from '../read/values.js';
import {
  ATTR,
  asText,
  EVENT,
  FRAMEWORK_TOOL_ARGUMENTS,
  FRAMEWORK_TOOL_RESULT,
  frameworkKind,
  isRunCandidate,
  openInferenceKind,
  operationName,
  spanRole,
  stringAttribute,
} from './conventions.js';
import { type UnwrappedValue, unwrapArguments, unwrapResult } from './envelopes.js';
import { resultFailureOf, type ToolFailure, toolFailureOf } from './failure.js';
import { inputText, outputText, withoutFrameworkPrefix } from './input-text.js';
import { isoTime as isoTimeOf } from './iso-time.js';
import type { MessageToolCall } from './message-tool-calls.js';
import { ancestors, compareByStart, findRunRoot, type SpanTree, spanTree } from './run-root.js';
import { factsOf } from './span-facts.js';
import { UsageIndex } from './usage.js';

export interface SpanTrace {
  traceId: string;
  spans: readonly ImportedSpan[];
  /** Events recorded outside the spans for this trace: OTLP log records (see read/otlp-logs.ts). */
  events?: readonly SpanEvent[];
}

/**
 * One trace's spans as a diagnosis trace (docs/contract.md §3), in its plain form, by the mapping of
 * docs/contract.md §9. Pure: the same spans, in any order, give the same document with the same key order.
 */
export function toTraceDocument(trace: SpanTrace): TraceDocument {
  const spans = [...trace.spans].sort(compareByStart);
  const tree = spanTree(spans);
  const root = findRunRoot(spans, tree);
  // The run root speaks first; the others in start order.
  const searchOrder = root === null ? spans : [root, ...spans.filter((span) => span !== root)];
  const usage = new UsageIndex(spans, tree);
  const toolInvocations = toolInvocationsOf(spans);
  const agentSteps = agentStepsOf(spans, tree, usage);
  const totalUsage = usage.total();
  return {
    sessionId:
      firstAttribute(searchOrder, ATTR.conversationId) ?? firstAttribute(searchOrder, ATTR.sessionId) ?? trace.traceId,
    question: questionOf(root, searchOrder),
    status: root?.status.code === 'error' ? 'FAILED' : 'COMPLETED',
    finalAnswer: finalAnswerOf(root, spans),
    durationMs: root === null ? null : spanDurationMs(root.startNs, root.endNs),
    stepCount: agentSteps.length,
    toolCallCount: toolInvocations.length,
    ...(totalUsage === null ? {} : { usage: totalUsage }),
    selfEvaluation: selfEvaluationOf(spans, trace.events ?? []),
    agentSteps,
    toolInvocations,
  };
}

/** Whether the mapping recognised anything in the spans: a run, a model call or a tool call. */
export function hasRecognisedSpan(spans: readonly ImportedSpan[]): boolean {
  return spans.some((span) => spanRole(span) !== null || isRunCandidate(span));
}

function firstAttribute(spans: ImportedSpan[], key: string): string | null {
  for (const span of spans) {
    const value = stringAttribute(span, key);
    if (value !== null && value !== '') return value;
  }
  return null;
}

/**
 * The question: the run root's input — its first user message, else its `input.value` /
 * `traceloop.entity.input` unwrapped (input-text.ts) — else the first user message of any span,
 * without a framework's prefix.
 */
function questionOf(root: ImportedSpan | null, searchOrder: ImportedSpan[]): string | null {
  const question =
    (root === null
      ? null
      : (factsOf(root).question.genAi ?? factsOf(root).question.openInference ?? rootInputText(root))) ??
    firstFound(searchOrder, (span) => factsOf(span).question.genAi) ??
    firstFound(searchOrder, (span) => factsOf(span).question.openInference) ??
    firstFound(searchOrder, (span) => factsOf(span).question.adk);
  return question === null ? null : withoutFrameworkPrefix(question);
}

function rootInputText(root: ImportedSpan): string | null {
  for (const key of [ATTR.inputValue, ATTR.traceloopEntityInput, ATTR.ioaObserveEntityInput]) {
    const value = root.attributes[key];
    if (value === undefined || value === null) continue;
    const text = inputText(value);
    if (text !== null && text.trim() !== '') return text;
  }
  return null;
}

function finalAnswerOf(root: ImportedSpan | null, spans: ImportedSpan[]): string | null {
  // The run root's output, else that of the first agent inside it that gives one (a CHAIN root often records none).
  const agents = spans.filter((span) => span !== root && spanRole(span) === 'agent');
  for (const span of root === null ? agents : [root, ...agents]) {
    const answer = factsOf(span).answer.genAi ?? runOutputText(span);
    if (answer !== null) return answer;
  }
  const models = spans.filter((span) => spanRole(span) === 'model');
  for (let index = models.length - 1; index >= 0; index -= 1) {
    const answer = modelOutput(models[index] as ImportedSpan);
    if (answer !== null) return answer;
  }
  return null;
}

/** A run span's `output.value` (unwrapped when JSON that holds an answer, else as written), else `traceloop.entity.output` unwrapped. */
function runOutputText(root: ImportedSpan): string | null {
  const value = stringAttribute(root, ATTR.outputValue);
  if (value !== null) return outputText(value) ?? value;
  for (const key of [ATTR.traceloopEntityOutput, ATTR.ioaObserveEntityOutput]) {
    const entity = root.attributes[key];
    const text = entity === undefined || entity === null ? null : outputText(entity);
    if (text !== null) return text;
  }
  return null;
}

function modelOutput(span: ImportedSpan): string | null {
  const { answer } = factsOf(span);
  const fromMessages = answer.genAi ?? answer.openInference ?? answer.adk;
  if (fromMessages !== null) return fromMessages;
  // An LLM span's `output.value` is often the provider's raw JSON response, which is no answer.
  const mimeType = stringAttribute(span, ATTR.outputMimeType) ?? '';
  return (mimeType.includes('json') ? null : stringAttribute(span, ATTR.outputValue)) ?? anyAgentOutput(span);
}

/** any-agent's own `gen_ai.output` on a model span: the answer as text or JSON, unless it lists tool calls. */
function anyAgentOutput(span: ImportedSpan): string | null {
  const output = stringAttribute(span, ATTR.anyAgentOutput);
  if (output === null || output.trim() === '') return null;
  const parsed = parseEmbeddedJson(output);
  const isToolCalls =
    Array.isArray(parsed) && parsed.some((item) => typeof item === 'object' && item !== null && 'tool.name' in item);
  return isToolCalls ? null : output;
}

function firstFound(spans: ImportedSpan[], read: (span: ImportedSpan) => string | null): string | null {
  for (const span of spans) {
    const value = read(span);
    if (value !== null) return value;
  }
  return null;
}

/**
 * Tool spans, and tool calls found only in model messages (message-tool-calls.ts) whose call id
 * no tool span carries, in time order: a tool span by its start, a call from a message by the
 * end of the model call that asked for it.
 */
function toolInvocationsOf(spans: ImportedSpan[]): ToolInvocationDocument[] {
  const timed: { timeNs: bigint; invocation: ToolInvocationDocument }[] = [];
  const toolSpans = spans.filter((span) => spanRole(span) === 'tool');
  const spanCallIds = new Set<string>();
  const spanToolNames = new Set<string>();
  for (const span of toolSpans) {
    const invocation = toToolInvocation(span);
    if (typeof invocation.callId === 'string') spanCallIds.add(invocation.callId);
    spanToolNames.add(invocation.toolName);
    timed.push({ timeNs: span.startNs ?? -1n, invocation });
  }
  const responses = new Map<string, unknown>();
  for (const span of spans) {
    for (const response of factsOf(span).toolResponses)
      if (!responses.has(response.id)) responses.set(response.id, response.response);
  }
  const seenCallIds = new Set<string>();
  for (const span of spans) {
    for (const call of factsOf(span).toolCalls) {
      // A call without an id is taken from the messages only when no tool span ran a tool of that name.
      if (call.id === null ? spanToolNames.has(call.name) : spanCallIds.has(call.id) || seenCallIds.has(call.id))
        continue;
      if (call.id !== null) seenCallIds.add(call.id);
      const response = call.id === null ? undefined : responses.get(call.id);
      timed.push({
        timeNs: span.endNs ?? span.startNs ?? -1n,
        invocation: messageInvocation(call, response, span.endNs),
      });
    }
  }
  // A stable sort: tool spans keep their start order (ties by span id) among themselves.
  return timed
    .sort((a, b) => (a.timeNs < b.timeNs ? -1 : a.timeNs > b.timeNs ? 1 : 0))
    .map((entry) => entry.invocation);
}

const ARGUMENT_KEYS = [ATTR.toolArguments, ATTR.inputValue, ...FRAMEWORK_TOOL_ARGUMENTS];
const RESULT_KEYS = [ATTR.toolResult, ATTR.outputValue, ...FRAMEWORK_TOOL_RESULT];

function toToolInvocation(span: ImportedSpan): ToolInvocationDocument {
  const rawArguments = anyValue(firstPresent(span, ARGUMENT_KEYS));
  const rawResult = anyValue(firstPresent(span, RESULT_KEYS));
  const args = unwrapArguments(rawArguments);
  const result = unwrapResult(rawResult);
  const failure = toolFailureOf(span, result.levels);
  return invocationDocument({
    toolName: toolNameOf(span),
    callId: callIdOf(span),
    failure,
    startNs: span.startNs,
    durationMs: spanDurationMs(span.startNs, span.endNs),
    args,
    result,
  });
}

function messageInvocation(call: MessageToolCall, response: unknown, askedAtNs: bigint | null): ToolInvocationDocument {
  const args = unwrapArguments(call.arguments);
  const result = unwrapResult(
    response === undefined ? null : typeof response === 'string' ? (parseEmbeddedJson(response) ?? response) : response,
  );
  return invocationDocument({
    toolName: call.name,
    callId: call.id,
    failure: resultFailureOf(result.levels),
    startNs: askedAtNs,
    durationMs: null,
    args,
    result,
  });
}

interface InvocationParts {
  toolName: string;
  callId: string | null;
  failure: ToolFailure;
  startNs: bigint | null;
  durationMs: number | null;
  args: UnwrappedValue;
  result: UnwrappedValue;
}

/** Keys in a fixed order; the raw values only when an envelope was taken off. */
function invocationDocument(parts: InvocationParts): ToolInvocationDocument {
  const startedAt = isoTime(parts.startNs);
  return {
    toolName: parts.toolName,
    ...(parts.callId === null ? {} : { callId: parts.callId }),
    ...(parts.failure.failed ? { evidenceStatus: 'failed' } : {}),
    ...(startedAt === null ? {} : { startedAt }),
    durationMs: parts.durationMs,
    arguments: parts.args.value,
    resultSummary: parts.result.value,
    errorMessage: parts.failure.failed ? parts.failure.message : null,
    ...(parts.args.levels.length > 1 ? { rawArguments: parts.args.levels[0] } : {}),
    ...(parts.result.levels.length > 1 ? { rawResult: parts.result.levels[0] } : {}),
  };
}

function toolNameOf(span: ImportedSpan): string {
  const named =
    stringAttribute(span, ATTR.toolName) ??
    stringAttribute(span, ATTR.openInferenceToolName) ??
    stringAttribute(span, ATTR.traceloopEntityName);
  if (named !== null && named !== '') return named;
  // The GenAI span name is "execute_tool {gen_ai.tool.name}"; Traceloop's "{name}.tool".
  return span.name.replace(/^execute_tool\s+/u, '').replace(/\.tool$/u, '');
}

/** `gen_ai.tool.call.id` (Microsoft Agent Framework writes `[run id, call id]`), else OpenInference's `tool.id` / `tool_call.id`. */
function callIdOf(span: ImportedSpan): string | null {
  for (const key of [ATTR.toolCallId, ATTR.openInferenceToolId, ATTR.openInferenceToolCallId]) {
    const value = span.attributes[key];
    const id = Array.isArray(value) ? asText(value.at(-1)) : asText(value);
    if (id !== null && id !== '') return id;
  }
  return null;
}

function firstPresent(span: ImportedSpan, keys: readonly string[]): AttributeValue | undefined {
  for (const key of keys) {
    const value = span.attributes[key];
    if (value !== undefined && value !== null) return value;
  }
  return undefined;
}

/** "any"-typed values given as a JSON string are written as the structure they encode. */
function anyValue(value: AttributeValue | undefined): unknown {
  if (value === undefined) return null;
  if (typeof value === 'string') return parseEmbeddedJson(value) ?? value;
  return value;
}

/**
 * Agent, model and tool spans in start order. An agent span directly inside another agent span
 * of the same name (one agent recorded by two instrumentations) is one step, not two.
 */
function agentStepsOf(spans: ImportedSpan[], tree: SpanTree, usage: UsageIndex): AgentStepDocument[] {
  const steps: AgentStepDocument[] = [];
  for (const span of spans) {
    const role = spanRole(span);
    if (role === null) continue;
    if (role === 'agent' && repeatsEnclosingAgent(span, tree)) continue;
    const startedAt = isoTime(span.startNs);
    const stepUsage = usage.within(span);
    steps.push({
      stepIndex: steps.length + 1,
      agentName: agentNameOf(span),
      stepType:
        operationName(span) ??
        openInferenceKind(span) ??
        frameworkKind(span) ??
        stringAttribute(span, ATTR.legacyRequestType) ??
        role,
      ...(startedAt === null ? {} : { startedAt }),
      durationMs: spanDurationMs(span.startNs, span.endNs),
      ...(stepUsage === null ? {} : { usage: stepUsage }),
    });
  }
  return steps;
}

function agentNameOf(span: ImportedSpan): string {
  return stringAttribute(span, ATTR.agentName) ?? span.name;
}

function repeatsEnclosingAgent(span: ImportedSpan, tree: SpanTree): boolean {
  const enclosing = ancestors(span, tree).find((ancestor) => spanRole(ancestor) !== null);
  return enclosing !== undefined && spanRole(enclosing) === 'agent' && agentNameOf(enclosing) === agentNameOf(span);
}

/** A span time as ISO-8601 text (iso-time.ts). A step and its tool invocation share a start: each is formatted once. */
function isoTime(ns: bigint | null): string | null {
  if (ns === null) return null;
  if (ns === lastIsoTime.ns) return lastIsoTime.text;
  const text = isoTimeOf(ns);
  lastIsoTime = { ns, text };
  return text;
}

let lastIsoTime: { ns: bigint | null; text: string | null } = { ns: null, text: null };

interface Verdict {
  label: string | null;
  explanation: string | null;
  timeNs: bigint;
}

/**
 * The verifier's verdict: the latest `gen_ai.evaluation.result` event named `verifier`, on a
 * span or as an OTLP log record of the trace; without
 * one, OpenInference-style `evaluation.verifier.*` / `annotation.verifier.*` span attributes.
 */
function selfEvaluationOf(spans: ImportedSpan[], traceEvents: readonly SpanEvent[]): TraceDocument['selfEvaluation'] {
  const verdicts: Verdict[] = [];
  const events = [
    ...spans.flatMap((span) => span.events.map((event) => ({ event, fallbackNs: span.startNs ?? 0n }))),
    ...traceEvents.map((event) => ({ event, fallbackNs: 0n })),
  ];
  for (const { event, fallbackNs } of events) {
    if (event.name !== EVENT.evaluationResult) continue;
    if (asText(event.attributes[ATTR.evaluationName])?.toLowerCase() !== 'verifier') continue;
    verdicts.push({
      label: asText(event.attributes[ATTR.evaluationLabel]),
      explanation: asText(event.attributes[ATTR.evaluationExplanation]),
      timeNs: event.timeNs ?? fallbackNs,
    });
  }
  if (verdicts.length === 0) {
    for (const span of spans) {
      for (const prefix of ['evaluation.verifier', 'annotation.verifier']) {
        const label = stringAttribute(span, `${prefix}.label`);
        if (label !== null)
          verdicts.push({
            label,
            explanation: stringAttribute(span, `${prefix}.explanation`),
            timeNs: span.startNs ?? 0n,
          });
      }
    }
  }
  // A stable sort keeps span order among verdicts given at the same time.
  const latest = verdicts.sort((a, b) => (a.timeNs < b.timeNs ? -1 : a.timeNs > b.timeNs ? 1 : 0)).at(-1);
  if (latest === undefined) return {};
  const verifierEvaluation: VerifierEvaluationDocument = { verdict: latest.label, reason: latest.explanation };
  return { verifier_evaluation: verifierEvaluation };
}

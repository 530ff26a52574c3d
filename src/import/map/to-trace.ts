import { parseEmbeddedJson } from '../../io/json/parse-json.js';
import { isRecord } from '../../io/validation/is-record.js';
import type { AgentStepDocument, ToolInvocationDocument, TraceDocument } from '../../trace/types.js';
import type { ImportedSpan, SpanEvent } from '../read/span.js';
import { spanDurationMs } from '../read/values.js';
import { canonicalJson } from './canonical-json.js';
import {
  ANSWER_TOOLS,
  ATTR,
  asText,
  EVENT,
  FRAMEWORK_TOOL_ARGUMENTS,
  FRAMEWORK_TOOL_RESULT,
  firstFound,
  frameworkKind,
  isRunCandidate,
  openInferenceKind,
  SPRING_LOG,
  spanRole,
  springAiKind,
  springAlibabaKind,
  stringAttribute,
} from './conventions.js';
import { type UnwrappedValue, unwrapArguments, unwrapResult } from './envelopes.js';
import { resultFailureOf, type ToolFailure, toolFailureOf } from './failure.js';
import { inputText, outputText, withoutFrameworkPrefix } from './input-text.js';
import { isoTime } from './iso-time.js';
import { decodeJsonStringLiteral, jsonOrValue, textOrJson } from './json-string-literal.js';
import type { MessageToolCall } from './message-tool-calls.js';
import { ancestors, compareByStart, compareNs, findRunRoot, type SpanTree, spanTree } from './run-root.js';
import { factsOf } from './span-facts.js';
import { readSpringContentLog } from './spring-content-log.js';
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
  const searchOrder = [root, ...spans.filter((span) => span !== root)];
  const usage = new UsageIndex(spans, tree);
  const toolInvocations = toolInvocationsOf(spans);
  const agentSteps = agentStepsOf(spans, tree, usage);
  const totalUsage = usage.total();
  const events = trace.events ?? [];
  const clients = springChatClients(root, spans, tree);
  const finalAnswer = finalAnswerOf(root, spans, clients, events);
  return {
    sessionId:
      firstFound(SESSION_ID_KEYS, (key) => firstFound(searchOrder, (span) => stringAttribute(span, key) || null)) ??
      trace.traceId,
    question: questionOf(root, searchOrder, clients, events),
    status: root.status.code === 'error' ? 'FAILED' : 'COMPLETED',
    finalAnswer: finalAnswer === null ? null : decodeJsonStringLiteral(finalAnswer),
    durationMs: spanDurationMs(root.startNs, root.endNs),
    stepCount: agentSteps.length,
    toolCallCount: toolInvocations.length,
    ...(totalUsage === null ? {} : { usage: totalUsage }),
    selfEvaluation: selfEvaluationOf(spans, events),
    agentSteps,
    toolInvocations,
  };
}

/** Whether the mapping recognised anything in the spans: a run, a model call or a tool call. */
export function hasRecognisedSpan(spans: readonly ImportedSpan[]): boolean {
  return spans.some((span) => spanRole(span) !== null || isRunCandidate(span));
}

const SESSION_ID_KEYS = [ATTR.conversationId, ATTR.springConversationId, ATTR.sessionId, ATTR.langfuseSessionId];

/**
 * The question: first what Spring AI and Langfuse-minded applications record of a run outside the
 * GenAI messages, by the order of docs/import.md — the run root's `langfuse.observation.input`,
 * the chat client's prompt log records (the run root's, else those of the first chat client span
 * of the run), Spring AI 1.0 milestones' `spring.ai.chat.client.user.text`; else the run root's
 * input — its first user message, else its `input.value` / `traceloop.entity.input` unwrapped
 * (input-text.ts); else the first user message of any span. Without a framework's prefix.
 */
function questionOf(
  root: ImportedSpan,
  searchOrder: ImportedSpan[],
  clients: ImportedSpan[],
  events: readonly SpanEvent[],
): string | null {
  const userText = (span: ImportedSpan | undefined): string | null =>
    nonBlank(span === undefined ? null : stringAttribute(span, ATTR.springUserText));
  const question =
    langfuseText(root, ATTR.langfuseInput, inputText) ??
    promptRecordUser(events, root) ??
    promptRecordUser(events, clients[0]) ??
    userText(root) ??
    userText(clients[0]) ??
    factsOf(root).question.genAi ??
    factsOf(root).question.openInference ??
    rootInputText(root) ??
    firstFound(['genAi', 'openInference', 'adk'] as const, (convention) =>
      firstFound(searchOrder, (span) => factsOf(span).question[convention]),
    ) ??
    firstModelPlainPrompt(searchOrder);
  return question === null ? null : withoutFrameworkPrefix(question);
}

/** The first model call's plain prompt (plain-content.ts), when it is the user's message alone. */
function firstModelPlainPrompt(spans: ImportedSpan[]): string | null {
  const first = [...spans].sort(compareByStart).find((span) => spanRole(span) === 'model');
  return first === undefined ? null : factsOf(first).question.plain;
}

/** The Spring AI chat client spans of the run, the run root included. */
function springChatClients(root: ImportedSpan, spans: ImportedSpan[], tree: SpanTree): ImportedSpan[] {
  return spans.filter(
    (span) => springAiKind(span) === 'chat_client' && (span === root || ancestors(span, tree).includes(root)),
  );
}

function langfuseText(span: ImportedSpan, key: string, read: (value: unknown) => string | null): string | null {
  const value = nonBlank(stringAttribute(span, key));
  return value === null ? null : nonBlank(read(decodeJsonStringLiteral(value)));
}

/** The bodies of a span's Spring AI content log records of one name, in record order; none without a span. */
function springRecords(events: readonly SpanEvent[], name: string, span: ImportedSpan | undefined): string[] {
  if (span === undefined) return [];
  return events.flatMap((event) =>
    event.name === name && event.attributes.span_id === span.spanId ? (asText(event.attributes.content) ?? []) : [],
  );
}

/** The user's message of the span's first prompt record that holds one. */
function promptRecordUser(events: readonly SpanEvent[], span: ImportedSpan | undefined): string | null {
  return firstFound(springRecords(events, SPRING_LOG.promptEvent, span), (body) => {
    const content = readSpringContentLog(body);
    return nonBlank(content?.kind === 'prompt' ? content.entries.user : null);
  });
}

/** The text of the span's latest completion record of `name` that holds any. */
function completionRecord(events: readonly SpanEvent[], name: string, span: ImportedSpan | undefined): string | null {
  return firstFound(springRecords(events, name, span).reverse(), (body) => {
    const content = readSpringContentLog(body);
    return nonBlank(content?.kind === 'completion' ? content.texts.join('\n') : null);
  });
}

function rootInputText(root: ImportedSpan): string | null {
  return firstFound([ATTR.inputValue, ATTR.traceloopEntityInput, ATTR.ioaObserveEntityInput], (key) => {
    return nonBlank(inputText(root.attributes[key]));
  });
}

/**
 * The answer: the run root's `langfuse.observation.output`, else the chat client's completion log
 * records (the run root's, else those of the last chat client span of the run); else the run
 * root's output, else that of the first agent inside it that gives one (a CHAIN root often records
 * none); else the latest of a model call's output and a call of an answer tool (ANSWER_TOOLS).
 */
function finalAnswerOf(
  root: ImportedSpan,
  spans: ImportedSpan[],
  clients: ImportedSpan[],
  events: readonly SpanEvent[],
): string | null {
  const agents = spans.filter((span) => span !== root && spanRole(span) === 'agent');
  return (
    langfuseText(root, ATTR.langfuseOutput, outputText) ??
    completionRecord(events, SPRING_LOG.completionEvent, root) ??
    completionRecord(events, SPRING_LOG.completionEvent, clients.at(-1)) ??
    firstFound([root, ...agents], (span) => factsOf(span).answer.genAi ?? runOutputText(span)) ??
    firstFound([...spans].reverse(), (span) => {
      const role = spanRole(span);
      if (role === 'tool') return answerToolArgument(span);
      // A model span's own `Chat Model Completion:` record is Spring AI 1.0's only completion record.
      if (role === 'model') return modelOutput(span) ?? completionRecord(events, SPRING_LOG.modelCompletionEvent, span);
      return null;
    })
  );
}

/** The answer a call of an answer tool (ANSWER_TOOLS) hands over: its answer argument, as text. */
function answerToolArgument(span: ImportedSpan): string | null {
  const key = ANSWER_TOOLS.get(toolNameOf(span));
  if (key === undefined) return null;
  const args = toolSpanParts(span).args.value;
  const answer = isRecord(args) ? args[key] : undefined;
  if (answer === undefined || answer === null) return null;
  return typeof answer === 'string' ? answer : JSON.stringify(answer);
}

/** A run span's `output.value` (unwrapped when JSON that holds an answer, else as written), else `traceloop.entity.output` unwrapped. */
function runOutputText(root: ImportedSpan): string | null {
  const value = stringAttribute(root, ATTR.outputValue);
  if (value !== null) return outputText(value) ?? value;
  return firstFound([ATTR.traceloopEntityOutput, ATTR.ioaObserveEntityOutput], (key) =>
    outputText(root.attributes[key]),
  );
}

function modelOutput(span: ImportedSpan): string | null {
  const { answer } = factsOf(span);
  const fromMessages = answer.genAi ?? answer.openInference ?? answer.adk ?? answer.plain;
  if (fromMessages !== null) return fromMessages;
  // An LLM span's `output.value` is often the provider's raw JSON response, which is no answer.
  const mimeType = stringAttribute(span, ATTR.outputMimeType) ?? '';
  return (mimeType.includes('json') ? null : stringAttribute(span, ATTR.outputValue)) ?? anyAgentOutput(span);
}

/** any-agent's own `gen_ai.output` on a model span: the answer as text or JSON, unless it lists tool calls. */
function anyAgentOutput(span: ImportedSpan): string | null {
  const output = nonBlank(stringAttribute(span, ATTR.anyAgentOutput));
  if (output === null) return null;
  const parsed = parseEmbeddedJson(output);
  const isToolCalls = Array.isArray(parsed) && parsed.some((item) => isRecord(item) && 'tool.name' in item);
  return isToolCalls ? null : output;
}

/**
 * Tool spans, and tool calls found only in model messages (message-tool-calls.ts), in time
 * order: a tool span by its start, a call from a message by the end of the model call that asked
 * for it. A call a model asked for and a tool span that ran it are one invocation, with the
 * span's timing, result and status: paired by call id, else (when either has none) by tool name
 * and arguments, in order.
 */
function toolInvocationsOf(spans: ImportedSpan[]): ToolInvocationDocument[] {
  const fromSpans = spans
    .filter((span) => spanRole(span) === 'tool')
    .map((span) => ({
      timeNs: span.startNs ?? -1n,
      parts: toolSpanParts(span),
      paired: false,
      /** The arguments in canonical form, made when first compared. */
      canonical: null as string | null,
    }));
  const timed: { timeNs: bigint; parts: InvocationParts }[] = [...fromSpans];
  // The call ids of the tool spans, and of the calls read from messages so far: a call is one invocation.
  const takenCallIds = new Set(fromSpans.map((entry) => entry.parts.callId));
  const spanToolNames = new Set(fromSpans.map((entry) => entry.parts.toolName));
  const responses = new Map<string, unknown>();
  for (const span of spans)
    for (const { id, response } of factsOf(span).toolResponses) if (!responses.has(id)) responses.set(id, response);
  for (const span of spans) {
    for (const call of factsOf(span).toolCalls) {
      if (call.id !== null && takenCallIds.has(call.id)) continue;
      if (call.id !== null) takenCallIds.add(call.id);
      let callArguments: string | null = null;
      const ran = fromSpans.find((entry) => {
        if (entry.paired || entry.parts.toolName !== call.name) return false;
        if (call.id !== null && entry.parts.callId !== null) return false;
        callArguments ??= canonicalJson(unwrapArguments(call.arguments).value);
        entry.canonical ??= canonicalJson(entry.parts.args.value);
        return entry.canonical === callArguments;
      });
      if (ran !== undefined) {
        ran.paired = true;
        // The tool span's invocation takes the call id its model asked with.
        if (call.id !== null) ran.parts.callId = call.id;
        // A call without an id that pairs with no span is still taken as run when a tool span ran a tool of that name.
      } else if (call.id !== null || !spanToolNames.has(call.name)) {
        const response = call.id === null ? null : (responses.get(call.id) ?? null);
        timed.push({
          timeNs: span.endNs ?? span.startNs ?? -1n,
          parts: messageCallParts(call, response, span.endNs),
        });
      }
    }
  }
  // A stable sort: tool spans keep their start order (ties by span id) among themselves.
  return timed.sort(byTime).map((entry) => invocationDocument(entry.parts));
}

const ARGUMENT_KEYS = [ATTR.toolArguments, ATTR.springToolArguments, ATTR.inputValue, ...FRAMEWORK_TOOL_ARGUMENTS];
const RESULT_KEYS = [ATTR.toolResult, ATTR.springToolResult, ATTR.outputValue, ...FRAMEWORK_TOOL_RESULT];

function toolSpanParts(span: ImportedSpan): InvocationParts {
  const result = unwrapResult(anyValue(span, RESULT_KEYS));
  return {
    toolName: toolNameOf(span),
    callId: callIdOf(span),
    failure: toolFailureOf(span, result.levels),
    startNs: span.startNs,
    durationMs: spanDurationMs(span.startNs, span.endNs),
    args: unwrapArguments(anyValue(span, ARGUMENT_KEYS)),
    result,
  };
}

function messageCallParts(call: MessageToolCall, response: unknown, askedAtNs: bigint | null): InvocationParts {
  const result = unwrapResult(jsonOrValue(response));
  return {
    toolName: call.name,
    callId: call.id,
    failure: resultFailureOf(result.levels),
    startNs: askedAtNs,
    durationMs: null,
    args: unwrapArguments(call.arguments),
    result,
  };
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

const TOOL_NAME_KEYS = [ATTR.springToolName, ATTR.toolName, ATTR.openInferenceToolName, ATTR.traceloopEntityName];

function toolNameOf(span: ImportedSpan): string {
  // Spring AI's span name is Micrometer's lower-hyphenated, 50-character cut of "tool_call queryLogs": never the name.
  const named = firstFound(TOOL_NAME_KEYS, (key) => stringAttribute(span, key));
  if (named !== null && named !== '') return named;
  // The GenAI span name is "execute_tool {gen_ai.tool.name}"; Traceloop's "{name}.tool".
  return span.name.replace(/^execute_tool\s+/u, '').replace(/\.tool$/u, '');
}

/** `gen_ai.tool.call.id` (Microsoft Agent Framework writes `[run id, call id]`), else OpenInference's `tool.id` / `tool_call.id`. */
function callIdOf(span: ImportedSpan): string | null {
  return firstFound(
    [ATTR.toolCallId, ATTR.springToolCallId, ATTR.openInferenceToolId, ATTR.openInferenceToolCallId],
    (key) => {
      const value = span.attributes[key];
      return asText(Array.isArray(value) ? value.at(-1) : value) || null;
    },
  );
}

/**
 * The value of the first of the keys the span has. "any"-typed values given as a JSON string are
 * written as the structure they encode; a JSON string literal (Spring AI 1.x's quoting of a String
 * result) as the text it encodes, parsed when JSON.
 */
function anyValue(span: ImportedSpan, keys: readonly string[]): unknown {
  const value = firstFound(keys, (key) => span.attributes[key] ?? null);
  return typeof value === 'string' ? textOrJson(value) : value;
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
        // Spring AI 1.x gives a tool call the operation `framework`; it is the GenAI `execute_tool` that 2.x names.
        (springAiKind(span) === 'tool_call' ? 'execute_tool' : null) ??
        stringAttribute(span, ATTR.operationName) ??
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
  return (
    stringAttribute(span, ATTR.agentName) ??
    (springAlibabaKind(span) === 'graph' ? stringAttribute(span, ATTR.springAlibabaGraphName) : null) ??
    span.name
  );
}

function repeatsEnclosingAgent(span: ImportedSpan, tree: SpanTree): boolean {
  const enclosing = ancestors(span, tree).find((ancestor) => spanRole(ancestor) !== null);
  return enclosing !== undefined && spanRole(enclosing) === 'agent' && agentNameOf(enclosing) === agentNameOf(span);
}

/**
 * The verifier's verdict: the latest `gen_ai.evaluation.result` event named `verifier`, on a
 * span or as an OTLP log record of the trace; without
 * one, OpenInference-style `evaluation.verifier.*` / `annotation.verifier.*` span attributes.
 */
function selfEvaluationOf(spans: ImportedSpan[], traceEvents: readonly SpanEvent[]): TraceDocument['selfEvaluation'] {
  const events = [
    ...spans.flatMap((span) => span.events.map((event) => ({ event, fallbackNs: span.startNs ?? 0n }))),
    ...traceEvents.map((event) => ({ event, fallbackNs: 0n })),
  ];
  const fromEvents = events.flatMap(({ event, fallbackNs }) => {
    const { attributes } = event;
    if (event.name !== EVENT.evaluationResult || asText(attributes[ATTR.evaluationName])?.toLowerCase() !== 'verifier')
      return [];
    const label = asText(attributes[ATTR.evaluationLabel]);
    return [{ label, explanation: asText(attributes[ATTR.evaluationExplanation]), timeNs: event.timeNs ?? fallbackNs }];
  });
  const verdicts =
    fromEvents.length > 0
      ? fromEvents
      : spans.flatMap((span) =>
          ['evaluation.verifier', 'annotation.verifier'].flatMap((prefix) => {
            const label = stringAttribute(span, `${prefix}.label`);
            const explanation = stringAttribute(span, `${prefix}.explanation`);
            return label === null ? [] : [{ label, explanation, timeNs: span.startNs ?? 0n }];
          }),
        );
  // A stable sort keeps span order among verdicts given at the same time.
  const latest = verdicts.sort(byTime).at(-1);
  return latest === undefined ? {} : { verifier_evaluation: { verdict: latest.label, reason: latest.explanation } };
}

/** The text, unless it is absent or only white space. */
function nonBlank(text: string | null | undefined): string | null {
  return text === undefined || text === null || text.trim() === '' ? null : text;
}

function byTime(a: { timeNs: bigint }, b: { timeNs: bigint }): number {
  return compareNs(a.timeNs, b.timeNs);
}

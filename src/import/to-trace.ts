import type { AgentStepDocument, ToolInvocationDocument, TraceDocument, VerifierEvaluationDocument } from '../trace/types.js';
import {
  ATTR,
  EVENT,
  FRAMEWORK_TOOL_ARGUMENTS,
  FRAMEWORK_TOOL_RESULT,
  asText,
  openInferenceKind,
  operationName,
  spanRole,
  stringAttribute,
} from './conventions.js';
import { parseEmbeddedJson } from './json-text.js';
import {
  adkRequestMessages,
  adkResponseMessages,
  firstUserText,
  genAiInputMessages,
  genAiOutputMessages,
  lastAssistantText,
  openInferenceInputMessages,
  openInferenceOutputMessages,
} from './messages.js';
import type { AttributeValue, ImportedSpan } from './span.js';
import { spanDurationMs } from './timestamps.js';

export interface SpanTrace {
  traceId: string;
  spans: readonly ImportedSpan[];
}

/**
 * One trace's spans as a diagnosis trace (docs/contract.md §3), in its plain form, by the mapping of
 * docs/contract.md §9. Pure: the same spans, in any order, give the same document with the same key order.
 */
export function toTraceDocument(trace: SpanTrace): TraceDocument {
  const spans = [...trace.spans].sort(compareByStart);
  const agent = findAgentSpan(spans);
  // The agent span speaks first; the others in start order.
  const searchOrder = agent === null ? spans : [agent, ...spans.filter((span) => span !== agent)];
  const toolInvocations = spans.filter((span) => spanRole(span) === 'tool').map(toToolInvocation);
  const agentSteps = spans.filter((span) => spanRole(span) !== null).map(toAgentStep);
  return {
    sessionId: firstAttribute(searchOrder, ATTR.conversationId) ?? firstAttribute(searchOrder, ATTR.sessionId) ?? trace.traceId,
    question: questionOf(agent, searchOrder),
    status: agent?.status.code === 'error' ? 'FAILED' : 'COMPLETED',
    finalAnswer: finalAnswerOf(agent, spans),
    durationMs: agent === null ? null : spanDurationMs(agent.startNs, agent.endNs),
    stepCount: agentSteps.length,
    toolCallCount: toolInvocations.length,
    selfEvaluation: selfEvaluationOf(spans),
    agentSteps,
    toolInvocations,
  };
}

export function compareByStart(a: ImportedSpan, b: ImportedSpan): number {
  const aStart = a.startNs ?? -1n;
  const bStart = b.startNs ?? -1n;
  if (aStart !== bStart) return aStart < bStart ? -1 : 1;
  return a.spanId < b.spanId ? -1 : a.spanId > b.spanId ? 1 : 0;
}

/**
 * The top-most agent span: an agent span with no agent span above it, the earliest of those
 * (exports with broken parent links can leave several such); without agent spans, the root span.
 */
function findAgentSpan(spans: ImportedSpan[]): ImportedSpan | null {
  const byId = new Map(spans.map((span) => [span.spanId, span]));
  const agents = spans.filter((span) => spanRole(span) === 'agent');
  const topAgents = agents.filter((span) => !ancestors(span, byId).some((ancestor) => spanRole(ancestor) === 'agent'));
  const roots = spans.filter((span) => span.parentSpanId === null || !byId.has(span.parentSpanId));
  const candidates = topAgents.length > 0 ? topAgents : roots.length > 0 ? roots : spans;
  return [...candidates].sort(compareOutermostFirst)[0] ?? null;
}

/** Earliest start first; at the same start, the longer (enclosing) span first. */
function compareOutermostFirst(a: ImportedSpan, b: ImportedSpan): number {
  const aStart = a.startNs ?? -1n;
  const bStart = b.startNs ?? -1n;
  if (aStart !== bStart) return aStart < bStart ? -1 : 1;
  const aEnd = a.endNs ?? -1n;
  const bEnd = b.endNs ?? -1n;
  if (aEnd !== bEnd) return aEnd > bEnd ? -1 : 1;
  return compareByStart(a, b);
}

function ancestors(span: ImportedSpan, byId: Map<string, ImportedSpan>): ImportedSpan[] {
  const found: ImportedSpan[] = [];
  const seen = new Set<string>([span.spanId]);
  let parentId = span.parentSpanId;
  while (parentId !== null && !seen.has(parentId)) {
    const parent = byId.get(parentId);
    if (parent === undefined) break;
    found.push(parent);
    seen.add(parentId);
    parentId = parent.parentSpanId;
  }
  return found;
}

function firstAttribute(spans: ImportedSpan[], key: string): string | null {
  for (const span of spans) {
    const value = stringAttribute(span, key);
    if (value !== null && value !== '') return value;
  }
  return null;
}

function questionOf(agent: ImportedSpan | null, searchOrder: ImportedSpan[]): string | null {
  return (
    firstFound(searchOrder, (span) => firstUserText(genAiInputMessages(span))) ??
    firstFound(searchOrder, (span) => firstUserText(openInferenceInputMessages(span))) ??
    (agent === null ? null : stringAttribute(agent, ATTR.inputValue)) ??
    firstFound(searchOrder, (span) => firstUserText(adkRequestMessages(span)))
  );
}

function finalAnswerOf(agent: ImportedSpan | null, spans: ImportedSpan[]): string | null {
  if (agent !== null) {
    const answer = lastAssistantText(genAiOutputMessages(agent)) ?? stringAttribute(agent, ATTR.outputValue);
    if (answer !== null) return answer;
  }
  const models = spans.filter((span) => spanRole(span) === 'model');
  for (let index = models.length - 1; index >= 0; index -= 1) {
    const answer = modelOutput(models[index] as ImportedSpan);
    if (answer !== null) return answer;
  }
  return null;
}

function modelOutput(span: ImportedSpan): string | null {
  const fromMessages =
    lastAssistantText(genAiOutputMessages(span)) ??
    lastAssistantText(openInferenceOutputMessages(span)) ??
    lastAssistantText(adkResponseMessages(span));
  if (fromMessages !== null) return fromMessages;
  // An LLM span's `output.value` is often the provider's raw JSON response, which is no answer.
  const mimeType = stringAttribute(span, ATTR.outputMimeType) ?? '';
  return mimeType.includes('json') ? null : stringAttribute(span, ATTR.outputValue);
}

function firstFound(spans: ImportedSpan[], read: (span: ImportedSpan) => string | null): string | null {
  for (const span of spans) {
    const value = read(span);
    if (value !== null) return value;
  }
  return null;
}

function toToolInvocation(span: ImportedSpan): ToolInvocationDocument {
  const errorType = asText(span.attributes[ATTR.errorType]);
  const failed = span.status.code === 'error' || (errorType !== null && errorType !== '');
  return {
    toolName: toolNameOf(span),
    ...(failed ? { evidenceStatus: 'failed' } : {}),
    durationMs: spanDurationMs(span.startNs, span.endNs),
    arguments: anyValue(firstPresent(span, [ATTR.toolArguments, ATTR.inputValue, ...FRAMEWORK_TOOL_ARGUMENTS])),
    resultSummary: anyValue(firstPresent(span, [ATTR.toolResult, ATTR.outputValue, ...FRAMEWORK_TOOL_RESULT])),
    errorMessage: failed ? errorMessageOf(span, errorType) : null,
  };
}

function toolNameOf(span: ImportedSpan): string {
  const named = stringAttribute(span, ATTR.toolName) ?? stringAttribute(span, ATTR.openInferenceToolName);
  if (named !== null && named !== '') return named;
  // The GenAI span name is "execute_tool {gen_ai.tool.name}".
  return span.name.replace(/^execute_tool\s+/u, '');
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

function errorMessageOf(span: ImportedSpan, errorType: string | null): string | null {
  if (span.status.message !== null) return span.status.message;
  for (const event of span.events) {
    const message = event.name === EVENT.exception ? asText(event.attributes['exception.message']) : null;
    if (message !== null && message !== '') return message;
  }
  return errorType !== null && errorType !== '' ? errorType : null;
}

function toAgentStep(span: ImportedSpan, index: number): AgentStepDocument {
  return {
    stepIndex: index + 1,
    agentName: stringAttribute(span, ATTR.agentName) ?? span.name,
    stepType: operationName(span) ?? openInferenceKind(span) ?? stringAttribute(span, ATTR.legacyRequestType) ?? spanRole(span),
    durationMs: spanDurationMs(span.startNs, span.endNs),
  };
}

interface Verdict {
  label: string | null;
  explanation: string | null;
  timeNs: bigint;
}

/**
 * The verifier's verdict: the latest `gen_ai.evaluation.result` event named `verifier`; without
 * one, OpenInference-style `evaluation.verifier.*` / `annotation.verifier.*` span attributes.
 */
function selfEvaluationOf(spans: ImportedSpan[]): TraceDocument['selfEvaluation'] {
  const verdicts: Verdict[] = [];
  for (const span of spans) {
    for (const event of span.events) {
      if (event.name !== EVENT.evaluationResult) continue;
      if (asText(event.attributes[ATTR.evaluationName])?.toLowerCase() !== 'verifier') continue;
      verdicts.push({
        label: asText(event.attributes[ATTR.evaluationLabel]),
        explanation: asText(event.attributes[ATTR.evaluationExplanation]),
        timeNs: event.timeNs ?? span.startNs ?? 0n,
      });
    }
  }
  if (verdicts.length === 0) {
    for (const span of spans) {
      for (const prefix of ['evaluation.verifier', 'annotation.verifier']) {
        const label = stringAttribute(span, `${prefix}.label`);
        if (label !== null) verdicts.push({ label, explanation: stringAttribute(span, `${prefix}.explanation`), timeNs: span.startNs ?? 0n });
      }
    }
  }
  // A stable sort keeps span order among verdicts given at the same time.
  const latest = verdicts.sort((a, b) => (a.timeNs < b.timeNs ? -1 : a.timeNs > b.timeNs ? 1 : 0)).at(-1);
  if (latest === undefined) return {};
  const verifierEvaluation: VerifierEvaluationDocument = { verdict: latest.label, reason: latest.explanation };
  return { verifier_evaluation: verifierEvaluation };
}

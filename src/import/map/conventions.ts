import { startsWithAnyOf } from '../../text/prefix-test.js';
import type { AttributeValue, ImportedSpan } from '../read/span.js';

/**
 * The attribute names of the two conventions the importer reads: OpenTelemetry GenAI
 * (`gen_ai.*`, with its older forms) and OpenInference (`openinference.span.kind`,
 * `input.value`, `llm.*_messages`), plus framework fields that sometimes carry the only copy
 * of a value (Google ADK's `gcp.vertex.agent.*`).
 */
export const ATTR = {
  operationName: 'gen_ai.operation.name',
  openInferenceKind: 'openinference.span.kind',
  conversationId: 'gen_ai.conversation.id',
  sessionId: 'session.id',
  agentName: 'gen_ai.agent.name',
  inputMessages: 'gen_ai.input.messages',
  outputMessages: 'gen_ai.output.messages',
  legacyPrompt: 'gen_ai.prompt',
  legacyCompletion: 'gen_ai.completion',
  openInferenceInputMessages: 'llm.input_messages',
  openInferenceOutputMessages: 'llm.output_messages',
  inputValue: 'input.value',
  outputValue: 'output.value',
  outputMimeType: 'output.mime_type',
  toolName: 'gen_ai.tool.name',
  openInferenceToolName: 'tool.name',
  toolArguments: 'gen_ai.tool.call.arguments',
  toolResult: 'gen_ai.tool.call.result',
  errorType: 'error.type',
  requestModel: 'gen_ai.request.model',
  legacyRequestType: 'llm.request.type',
  adkLlmRequest: 'gcp.vertex.agent.llm_request',
  adkLlmResponse: 'gcp.vertex.agent.llm_response',
  evaluationName: 'gen_ai.evaluation.name',
  evaluationLabel: 'gen_ai.evaluation.score.label',
  evaluationExplanation: 'gen_ai.evaluation.explanation',
  toolCallId: 'gen_ai.tool.call.id',
  openInferenceToolId: 'tool.id',
  openInferenceToolCallId: 'tool_call.id',
  traceloopKind: 'traceloop.span.kind',
  traceloopEntityName: 'traceloop.entity.name',
  traceloopEntityInput: 'traceloop.entity.input',
  traceloopEntityOutput: 'traceloop.entity.output',
  ioaObserveKind: 'ioa_observe.span.kind',
  anyAgentOutput: 'gen_ai.output',
  ioaObserveEntityInput: 'ioa_observe.entity.input',
  ioaObserveEntityOutput: 'ioa_observe.entity.output',
  // Spring AI (Micrometer observations; docs/import.md, "Spring AI, Spring AI Alibaba and LangChain4j").
  springAiKind: 'spring.ai.kind',
  springToolName: 'spring.ai.tool.definition.name',
  springToolCallId: 'spring.ai.tool.call.id',
  springToolArguments: 'spring.ai.tool.call.arguments',
  springToolResult: 'spring.ai.tool.call.result',
  springConversationId: 'spring.ai.chat.client.conversation.id',
  springUserText: 'spring.ai.chat.client.user.text',
  springAlibabaKind: 'spring.ai.alibaba.kind',
  springAlibabaGraphName: 'spring.ai.alibaba.graph.name',
  langfuseInput: 'langfuse.observation.input',
  langfuseOutput: 'langfuse.observation.output',
  langfuseSessionId: 'langfuse.session.id',
} as const;

/**
 * The messages Spring AI's content observation handlers log when the chat client span stops
 * (ChatClientPromptContentObservationHandler, ChatClientCompletionObservationHandler); exported
 * as OTLP log records carrying the span's trace and span ids (TracingAwareLoggingObservationHandler
 * logs in the span's scope). Read as events of their trace
 * (read/otlp-logs.ts) under these names, the record's body in `content`, its span id in `span_id`.
 */
export const SPRING_LOG = {
  promptPrefix: 'Chat Client Prompt Content:',
  completionPrefix: 'Chat Client Completion:',
  /** Spring AI 1.0 has no chat client completion handler: the chat model's (ChatModelCompletionObservationHandler) logs each call. */
  modelCompletionPrefix: 'Chat Model Completion:',
  promptEvent: 'spring.ai.chat.client.prompt',
  completionEvent: 'spring.ai.chat.client.completion',
  modelCompletionEvent: 'spring.ai.chat.model.completion',
} as const;

/** The span name prefix of a Quarkus LangChain4j AI service method (AiServicesProcessor: `langchain4j.aiservices.<class>.<method>`). */
const LANGCHAIN4J_AI_SERVICE_PREFIX = 'langchain4j.aiservices.';

/**
 * Token counts: the GenAI names, their older forms, OpenInference's, and the bare names some
 * model spans carry (read on model spans only). The first present wins.
 */
export const INPUT_TOKEN_KEYS = [
  'gen_ai.usage.input_tokens',
  'gen_ai.usage.prompt_tokens',
  'llm.token_count.prompt',
] as const;
export const OUTPUT_TOKEN_KEYS = [
  'gen_ai.usage.output_tokens',
  'gen_ai.usage.completion_tokens',
  'llm.token_count.completion',
] as const;
export const MODEL_INPUT_TOKEN_KEYS = ['prompt_tokens'] as const;
export const MODEL_OUTPUT_TOKEN_KEYS = ['completion_tokens'] as const;

/** Framework attributes read for a tool's arguments and result when the conventions' own are absent. */
export const FRAMEWORK_TOOL_ARGUMENTS = [
  ATTR.traceloopEntityInput,
  ATTR.ioaObserveEntityInput,
  'gcp.vertex.agent.tool_call_args',
  'tool_arguments',
  'gen_ai.tool.args',
] as const;
export const FRAMEWORK_TOOL_RESULT = [
  ATTR.traceloopEntityOutput,
  ATTR.ioaObserveEntityOutput,
  'gcp.vertex.agent.tool_response',
  'tool_response',
  ATTR.anyAgentOutput,
] as const;

/**
 * Tools through which an agent hands over its answer, and the argument that holds it: smolagents'
 * (and TinyAgent's) `final_answer`, and `final_output`, the structured-output tool any-agent gives
 * every framework it runs. A run whose last model call asks for one of them answers with its argument.
 */
export const ANSWER_TOOLS: ReadonlyMap<string, string> = new Map([
  ['final_answer', 'answer'],
  ['final_output', 'answer'],
]);

export const EVENT = {
  evaluationResult: 'gen_ai.evaluation.result',
  userMessage: 'gen_ai.user.message',
  choice: 'gen_ai.choice',
  contentPrompt: 'gen_ai.content.prompt',
  contentCompletion: 'gen_ai.content.completion',
  exception: 'exception',
  /** GenAI: one event per model call carrying its `gen_ai.input.messages` / `gen_ai.output.messages`. */
  inferenceDetails: 'gen_ai.client.inference.operation.details',
} as const;

const MODEL_OPERATIONS = new Set(['chat', 'text_completion', 'generate_content']);

export type SpanRole = 'agent' | 'model' | 'tool';

/** The first thing `read` finds in the items, in their order. */
export function firstFound<T, R>(items: readonly T[], read: (item: T) => R | null): R | null {
  for (const item of items) {
    const value = read(item);
    if (value !== null) return value;
  }
  return null;
}

export function stringAttribute(span: ImportedSpan, key: string): string | null {
  return asText(span.attributes[key]);
}

export function asText(value: AttributeValue | undefined): string | null {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return null;
}

/** OpenInference span kinds are upper case by convention; some SDKs write them lower. */
export function openInferenceKind(span: ImportedSpan): string | null {
  return stringAttribute(span, ATTR.openInferenceKind)?.toUpperCase() ?? null;
}

/**
 * The span kind some frameworks write in their own attribute instead of the conventions':
 * Traceloop / OpenLLMetry's `traceloop.span.kind` and AGNTCY's `ioa_observe.span.kind`
 * (`workflow`, `agent`, `task`, `tool`), lower-cased.
 */
export function frameworkKind(span: ImportedSpan): string | null {
  return (
    (stringAttribute(span, ATTR.traceloopKind) ?? stringAttribute(span, ATTR.ioaObserveKind))?.toLowerCase() ?? null
  );
}

/**
 * What a span does in the agent's run. A span without a GenAI operation or OpenInference kind
 * is still a model call when it names a model or a request type: older instrumentations
 * (Traceloop's `openai.chat`, ADK's `call_llm`) set no operation.
 */
export function spanRole(span: ImportedSpan): SpanRole | null {
  // Spring AI 1.x marks a tool call only so (its operation is `framework`); 2.x adds `execute_tool`.
  if (springAiKind(span) === 'tool_call') return 'tool';
  if (springAlibabaKind(span) === 'graph') return 'agent';
  const operation = stringAttribute(span, ATTR.operationName);
  const kind = openInferenceKind(span);
  const framework = frameworkKind(span);
  if (operation === 'invoke_agent' || kind === 'AGENT' || framework === 'agent') return 'agent';
  if (operation === 'execute_tool' || kind === 'TOOL' || framework === 'tool') return 'tool';
  if ((operation !== null && MODEL_OPERATIONS.has(operation)) || kind === 'LLM') return 'model';
  const namesModel =
    span.attributes[ATTR.requestModel] !== undefined || span.attributes[ATTR.legacyRequestType] !== undefined;
  return kind === null && namesModel ? 'model' : null;
}

/**
 * A span that may stand for a whole run: an agent span, an OpenInference CHAIN (LangChain's and
 * ADK's outermost span), a Traceloop / AGNTCY `workflow`. Which one is the run is decided by
 * run-root.ts from where the model and tool spans hang.
 */
export function isRunCandidate(span: ImportedSpan): boolean {
  const role = spanRole(span);
  return (
    role === 'agent' ||
    openInferenceKind(span) === 'CHAIN' ||
    frameworkKind(span) === 'workflow' ||
    springAiKind(span) === 'chat_client' ||
    span.name.startsWith(LANGCHAIN4J_AI_SERVICE_PREFIX) ||
    (role === null && hasLangfuseRunAttribute(span))
  );
}

/** `spring.ai.kind`, Spring AI's SpringAiKind: `chat_client` for a chat client call, `tool_call`… */
export function springAiKind(span: ImportedSpan): string | null {
  return stringAttribute(span, ATTR.springAiKind);
}

/**
 * `spring.ai.alibaba.kind`, Spring AI Alibaba's SpringAiAlibabaKind: `graph` for a graph (an agent,
 * ReactAgent, SequentialAgent…), else one of its nodes or edges.
 */
export function springAlibabaKind(span: ImportedSpan): string | null {
  return stringAttribute(span, ATTR.springAlibabaKind);
}

/** An application span that a Langfuse-minded app marks as the run (`langfuse.observation.*`, `langfuse.trace.*`). */
function hasLangfuseRunAttribute(span: ImportedSpan): boolean {
  for (const key in span.attributes) {
    if (key.startsWith('langfuse.observation.') || key.startsWith('langfuse.trace.')) return true;
  }
  return false;
}

const hasKeptPrefix = startsWithAnyOf([
  'gen_ai.',
  'llm.input_messages.',
  'llm.output_messages.',
  'input.',
  'output.',
  'evaluation.',
  'annotation.',
  'llm.token_count.',
  'spring.ai.',
  'langfuse.',
]);
/** Every attribute the mapping names, whatever its prefix. */
const KEPT_KEYS = new Set<string>([
  ...Object.values(ATTR),
  ...FRAMEWORK_TOOL_ARGUMENTS,
  ...FRAMEWORK_TOOL_RESULT,
  ...MODEL_INPUT_TOKEN_KEYS,
  ...MODEL_OUTPUT_TOKEN_KEYS,
]);
/** Large values under a kept prefix that the mapping never reads. */
const DROPPED_KEYS = new Set([
  'gen_ai.tool.definitions',
  'gen_ai.system_instructions',
  'gen_ai.agent.description',
  'gen_ai.tool.description',
  'spring.ai.tool.definition.description',
  'spring.ai.tool.definition.schema',
  'spring.ai.alibaba.graph.state',
  'spring.ai.alibaba.graph.output',
  'spring.ai.chat.client.system.text',
]);

/** The attributes the mapping to a trace reads; readers drop the rest (see ImportSink.keepAttribute). */
export function isMappedAttribute(key: string): boolean {
  if (KEPT_KEYS.has(key)) return true;
  if (DROPPED_KEYS.has(key)) return false;
  return hasKeptPrefix(key);
}

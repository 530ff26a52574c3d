import { isRecord } from '../../io/validation/is-record.js';
import { ATTR, asText } from './conventions.js';
import { jsonOrValue } from './json-string-literal.js';
import { indexedEntries, type MessageSources } from './messages.js';

/**
 * Tool calls as a model asked for them, read from its messages rather than from tool spans:
 * many runs have no tool span for some calls (a supervisor handing over to a sub-agent, tools
 * run outside the instrumented code). A call is a `tool_call` part of a GenAI output message
 * (or an OpenAI-style `tool_calls` entry), or OpenInference's
 * `llm.output_messages.N.message.tool_calls.M.tool_call.*`; its result is the matching
 * `tool_call_response` part (or `role: "tool"` message) of a later model input.
 */
export interface MessageToolCall {
  id: string | null;
  name: string;
  arguments: unknown;
}

export interface MessageToolResponse {
  id: string;
  response: unknown;
}

export function messageToolCalls(sources: MessageSources): MessageToolCall[] {
  const calls = [...genAiToolCalls(sources.genAiOutput), ...openInferenceToolCalls(sources)];
  // The two conventions may both be present on one span: a call is one call.
  const seen = new Set<string>();
  return calls.filter((call) => {
    const key = call.id ?? `${call.name}\u0000${JSON.stringify(call.arguments)}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

function genAiToolCalls(output: unknown): MessageToolCall[] {
  const calls: MessageToolCall[] = [];
  for (const message of records(output)) {
    for (const part of records(message.parts))
      if (part.type === 'tool_call' && typeof part.name === 'string')
        calls.push(toolCall(part.id, part.name, part.arguments));
    for (const call of records(message.tool_calls)) {
      const fn = isRecord(call.function) ? call.function : null;
      if (fn !== null && typeof fn.name === 'string') calls.push(toolCall(call.id, fn.name, fn.arguments));
    }
  }
  return calls;
}

/** The tool responses of a GenAI input message list (as structured() gives it). */
export function genAiToolResponses(input: unknown): MessageToolResponse[] {
  const responses: MessageToolResponse[] = [];
  for (const message of records(input)) {
    for (const part of Array.isArray(message.parts) ? message.parts : []) {
      const id = isRecord(part) && part.type === 'tool_call_response' ? idText(part.id) : null;
      if (id !== null) responses.push({ id, response: part.response ?? part.result ?? null });
    }
    const id = message.role === 'tool' ? idText(message.tool_call_id) : null;
    if (id !== null) responses.push({ id, response: message.content ?? null });
  }
  return responses;
}

/** OpenInference's `llm.output_messages.N.message.tool_calls.M.tool_call.*`, in the order of N, then M. */
function openInferenceToolCalls(sources: MessageSources): MessageToolCall[] {
  return indexedEntries(sources.flattened, ATTR.openInferenceOutputMessages)
    .flatMap((message) => indexedEntries(message, 'message.tool_calls'))
    .flatMap((call) => {
      const name = asText(call.get('tool_call.function.name'));
      return name === null ? [] : [toolCall(call.get('tool_call.id'), name, call.get('tool_call.function.arguments'))];
    });
}

/** OpenInference's `llm.input_messages.N.message.*` of role `tool`. */
export function openInferenceToolResponses(sources: MessageSources): MessageToolResponse[] {
  return indexedEntries(sources.flattened, ATTR.openInferenceInputMessages).flatMap((message) => {
    const id = asText(message.get('message.role')) === 'tool' ? idText(message.get('message.tool_call_id')) : null;
    return id === null ? [] : [{ id, response: message.get('message.content') ?? null }];
  });
}

function records(list: unknown): Record<string, unknown>[] {
  return Array.isArray(list) ? list.filter(isRecord) : [];
}

function toolCall(id: unknown, name: string, args: unknown): MessageToolCall {
  const structuredArgs = jsonOrValue(args);
  return { id: idText(id), name, arguments: structuredArgs === undefined ? null : structuredArgs };
}

function idText(value: unknown): string | null {
  if (typeof value === 'string' && value !== '') return value;
  if (typeof value === 'number') return String(value);
  return null;
}

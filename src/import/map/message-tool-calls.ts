import { isRecord } from '../../io/validation/is-record.js';
import type { Attributes, AttributeValue, ImportedSpan } from '../read/span.js';
import { asText } from './conventions.js';
import { type MessageSources, structured } from './messages.js';

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

export function messageToolCalls(span: ImportedSpan, sources: MessageSources): MessageToolCall[] {
  const calls = [
    ...genAiToolCalls(sources.genAiOutput),
    ...openInferenceToolCalls(span.attributes, sources.flattenedKeys),
  ];
  // The two conventions may both be present on one span: a call is one call.
  const seen = new Set<string>();
  return calls.filter((call) => {
    const key = call.id ?? `${call.name}\u0000${JSON.stringify(call.arguments)}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** `inputResponses`: the tool responses input-messages.ts read of the span's `gen_ai.input.messages`. */
export function messageToolResponses(
  span: ImportedSpan,
  inputResponses: readonly MessageToolResponse[],
  sources: MessageSources,
): MessageToolResponse[] {
  return [...inputResponses, ...openInferenceToolResponses(span.attributes, sources.flattenedKeys)];
}

function genAiToolCalls(output: unknown): MessageToolCall[] {
  const calls: MessageToolCall[] = [];
  for (const message of messageList(output)) {
    for (const part of Array.isArray(message.parts) ? message.parts : []) {
      if (isRecord(part) && part.type === 'tool_call' && typeof part.name === 'string') {
        calls.push({ id: idText(part.id), name: part.name, arguments: structuredArguments(part.arguments) });
      }
    }
    for (const call of Array.isArray(message.tool_calls) ? message.tool_calls : []) {
      const fn = isRecord(call) && isRecord(call.function) ? call.function : null;
      if (fn !== null && typeof fn.name === 'string') {
        calls.push({
          id: idText((call as Record<string, unknown>).id),
          name: fn.name,
          arguments: structuredArguments(fn.arguments),
        });
      }
    }
  }
  return calls;
}

/** The tool responses of a GenAI input message list (as structured() gives it). */
export function genAiToolResponses(input: unknown): MessageToolResponse[] {
  const responses: MessageToolResponse[] = [];
  for (const message of messageList(input)) {
    for (const part of Array.isArray(message.parts) ? message.parts : []) {
      const id = isRecord(part) && part.type === 'tool_call_response' ? idText(part.id) : null;
      if (id !== null && isRecord(part)) responses.push({ id, response: part.response ?? part.result ?? null });
    }
    const id = message.role === 'tool' ? idText(message.tool_call_id) : null;
    if (id !== null) responses.push({ id, response: message.content ?? null });
  }
  return responses;
}

const OI_OUTPUT_PREFIX = 'llm.output_messages.';
const OI_INPUT_PREFIX = 'llm.input_messages.';
const OI_TOOL_CALL =
  /^llm\.output_messages\.(\d+)\.message\.tool_calls\.(\d+)\.tool_call\.(id|function\.name|function\.arguments)$/u;

function openInferenceToolCalls(attributes: Attributes, flattenedKeys: readonly string[]): MessageToolCall[] {
  const byIndex = new Map<string, { order: [number, number]; fields: Map<string, AttributeValue> }>();
  for (const key of flattenedKeys) {
    if (!key.startsWith(OI_OUTPUT_PREFIX)) continue;
    const match = OI_TOOL_CALL.exec(key);
    if (match?.[1] === undefined || match[2] === undefined || match[3] === undefined) continue;
    const slot = `${match[1]}.${match[2]}`;
    const entry = byIndex.get(slot) ?? { order: [Number(match[1]), Number(match[2])], fields: new Map() };
    entry.fields.set(match[3], attributes[key] ?? null);
    byIndex.set(slot, entry);
  }
  return [...byIndex.values()]
    .sort((a, b) => a.order[0] - b.order[0] || a.order[1] - b.order[1])
    .flatMap((entry) => {
      const name = asText(entry.fields.get('function.name'));
      if (name === null) return [];
      return [
        {
          id: idText(entry.fields.get('id')),
          name,
          arguments: structuredArguments(entry.fields.get('function.arguments')),
        },
      ];
    });
}

const OI_INPUT_MESSAGE = /^llm\.input_messages\.(\d+)\.message\.(role|tool_call_id|content)$/u;

function openInferenceToolResponses(attributes: Attributes, flattenedKeys: readonly string[]): MessageToolResponse[] {
  const byIndex = new Map<number, Map<string, AttributeValue>>();
  for (const key of flattenedKeys) {
    if (!key.startsWith(OI_INPUT_PREFIX)) continue;
    const match = OI_INPUT_MESSAGE.exec(key);
    if (match?.[1] === undefined || match[2] === undefined) continue;
    const entry = byIndex.get(Number(match[1])) ?? new Map<string, AttributeValue>();
    entry.set(match[2], attributes[key] ?? null);
    byIndex.set(Number(match[1]), entry);
  }
  return [...byIndex.entries()]
    .sort(([a], [b]) => a - b)
    .flatMap(([, fields]) => {
      const id = asText(fields.get('role')) === 'tool' ? idText(fields.get('tool_call_id')) : null;
      return id === null ? [] : [{ id, response: fields.get('content') ?? null }];
    });
}

function messageList(list: unknown): Record<string, unknown>[] {
  return Array.isArray(list) ? list.filter(isRecord) : [];
}

function structuredArguments(value: unknown): unknown {
  if (value === undefined) return null;
  return typeof value === 'string' ? (structured(value) ?? value) : value;
}

function idText(value: unknown): string | null {
  if (typeof value === 'string' && value !== '') return value;
  if (typeof value === 'number') return String(value);
  return null;
}

import { parseEmbeddedJson } from '../../io/json/parse-json.js';
import { isRecord } from '../../io/validation/is-record.js';
import { startsWithAnyOf } from '../../text/prefix-test.js';
import type { Attributes, AttributeValue, ImportedSpan } from '../read/span.js';
import { ATTR, asText, EVENT, firstFound } from './conventions.js';

/**
 * Chat messages read from the many shapes the conventions give them: GenAI's structured
 * `gen_ai.input.messages` (`{role, parts: [{type: "text", content}]}`, given structured or as a
 * JSON string), OpenAI-style `{role, content}`, the older span events and flattened
 * `gen_ai.prompt.N.*` attributes, OpenInference's flattened `llm.input_messages.N.message.*`,
 * and ADK's request/response JSON.
 */
export interface ChatMessage {
  role: string;
  text: string | null;
}

const USER_ROLES = new Set(['user', 'human']);
const ASSISTANT_ROLES = new Set(['assistant', 'model', 'ai']);

export function firstUserText(messages: ChatMessage[]): string | null {
  return messages.find((message) => USER_ROLES.has(message.role.toLowerCase()) && message.text !== null)?.text ?? null;
}

export function lastAssistantText(messages: ChatMessage[]): string | null {
  return (
    messages.findLast((message) => ASSISTANT_ROLES.has(message.role.toLowerCase()) && message.text !== null)?.text ??
    null
  );
}

/**
 * `gen_ai.input.messages` / `gen_ai.output.messages` of a span: its attribute, else the
 * `gen_ai.client.inference.operation.details` event, where instrumentations that keep content
 * off span attributes record it.
 */
export function genAiMessagesValue(span: ImportedSpan, key: string): AttributeValue | undefined {
  const value = span.attributes[key];
  if (value !== undefined && value !== null) return value;
  return span.events.find((event) => event.name === EVENT.inferenceDetails && (event.attributes[key] ?? null) !== null)
    ?.attributes[key];
}

/**
 * What the readers below take from a span besides its attributes and events, gathered once per
 * span (span-facts.ts): its GenAI output messages parsed, as they are read for several things
 * (span-facts.ts parses the input messages itself); and its flattened messages, found in one
 * pass over the keys, as most spans have none.
 */
export interface MessageSources {
  /** `gen_ai.output.messages` as structured() gives it. */
  genAiOutput: unknown;
  /** The attributes under the prefixes of flattened messages (isFlattenedMessageKey), in attribute order. */
  flattened: ReadonlyMap<string, AttributeValue>;
}

export function messageSources(span: ImportedSpan): MessageSources {
  const flattened = new Map<string, AttributeValue>();
  for (const key in span.attributes) {
    if (isFlattenedMessageKey(key)) flattened.set(key, span.attributes[key] ?? null);
  }
  return { genAiOutput: structured(genAiMessagesValue(span, ATTR.outputMessages)), flattened };
}

/**
 * Every reader of flattened messages (here and in message-tool-calls.ts) reads keys under one of
 * these prefixes; compacting a span (span-facts.ts) drops them.
 */
export const isFlattenedMessageKey = startsWithAnyOf([
  `${ATTR.legacyPrompt}.`,
  `${ATTR.legacyCompletion}.`,
  `${ATTR.openInferenceInputMessages}.`,
  `${ATTR.openInferenceOutputMessages}.`,
]);

/** The older forms of the GenAI conventions: an event per message or a `gen_ai.content.*` event's list, else flattened attributes. */
const OLDER_GEN_AI = {
  input: { messageEvent: EVENT.userMessage, role: 'user', listEvent: EVENT.contentPrompt, key: ATTR.legacyPrompt },
  output: {
    messageEvent: EVENT.choice,
    role: 'assistant',
    listEvent: EVENT.contentCompletion,
    key: ATTR.legacyCompletion,
  },
} as const;

/** The model input (read when `gen_ai.input.messages` holds no message) or output of a span in the older GenAI forms. */
export function olderGenAiMessages(
  span: ImportedSpan,
  sources: MessageSources,
  side: 'input' | 'output',
): ChatMessage[] {
  const form = OLDER_GEN_AI[side];
  const fromEvents: ChatMessage[] = [];
  for (const event of span.events) {
    if (event.name === form.messageEvent) fromEvents.push({ role: form.role, text: eventText(event.attributes) });
    if (event.name === form.listEvent) fromEvents.push(...messagesFromList(structured(event.attributes[form.key])));
  }
  if (fromEvents.length > 0) return fromEvents;
  return indexedMessages(sources.flattened, form.key, 'role', 'content');
}

/** The model output of a span in the GenAI conventions, current form first, then the older ones. */
export function genAiOutputMessages(span: ImportedSpan, sources: MessageSources): ChatMessage[] {
  const messages = messagesFromList(sources.genAiOutput);
  return messages.length > 0 ? messages : olderGenAiMessages(span, sources, 'output');
}

/** OpenInference's flattened `llm.input_messages.N.message.*` or `llm.output_messages.N.message.*`. */
export function openInferenceMessages(
  sources: MessageSources,
  prefix: typeof ATTR.openInferenceInputMessages | typeof ATTR.openInferenceOutputMessages,
): ChatMessage[] {
  return indexedMessages(sources.flattened, prefix, 'message.role', 'message.content', 'message.contents');
}

/** Google ADK's `llm_request` JSON: `{contents: [{role, parts: [{text}]}]}`. */
export function adkRequestMessages(span: ImportedSpan): ChatMessage[] {
  const request = structured(span.attributes[ATTR.adkLlmRequest]);
  return isRecord(request) ? messagesFromList(structured(request.contents as AttributeValue | undefined)) : [];
}

/** Google ADK's `llm_response` JSON: `{content: {role: "model", parts: [{text}]}}`. */
export function adkResponseMessages(span: ImportedSpan): ChatMessage[] {
  const response = structured(span.attributes[ATTR.adkLlmResponse]);
  if (!isRecord(response)) return [];
  const message = toMessage(response.content);
  return message === null ? [] : [message];
}

/** A value that may be structured or a JSON string of that structure ("any"-typed attributes). */
export function structured(value: AttributeValue | undefined): unknown {
  return typeof value === 'string' ? parseEmbeddedJson(value) : value;
}

export function messagesFromList(list: unknown): ChatMessage[] {
  if (!Array.isArray(list)) return [];
  return list.map(toMessage).filter((message): message is ChatMessage => message !== null);
}

function toMessage(value: unknown): ChatMessage | null {
  if (!isRecord(value)) return null;
  const inner = isRecord(value.message) ? value.message : value;
  return typeof inner.role === 'string' ? { role: inner.role, text: messageText(inner) } : null;
}

function messageText(message: Record<string, unknown>): string | null {
  return textOf(message.content) ?? textOf(message.parts);
}

/** The text of a message content: a string, or the text parts of a list of parts joined by line breaks. */
function textOf(content: unknown): string | null {
  if (typeof content === 'string') {
    const parts = content.trimStart().startsWith('[') ? parseEmbeddedJson(content) : undefined;
    return Array.isArray(parts) && parts.length > 0 && parts.every(isPart) ? textOf(parts) : content;
  }
  if (!Array.isArray(content)) return null;
  const texts = content.map(partText).filter((text): text is string => text !== null);
  return texts.length > 0 ? texts.join('\n') : null;
}

const TEXT_PART_TYPES = new Set(['text', 'input_text', 'output_text']);

function isPart(value: unknown): boolean {
  return isRecord(value) && typeof value.type === 'string';
}

function partText(part: unknown): string | null {
  if (typeof part === 'string') return part;
  if (!isRecord(part)) return null;
  if (typeof part.type === 'string' && !TEXT_PART_TYPES.has(part.type)) return null;
  if (typeof part.content === 'string') return part.content;
  if (typeof part.text === 'string') return part.text;
  return null;
}

/** The older GenAI events carry their text in `content`, or a `message`/`body` holding one. */
function eventText(attributes: Attributes): string | null {
  return (
    asText(attributes.content) ??
    asText(attributes['message.content']) ??
    firstFound(['message', 'body'], (key) => {
      const raw = attributes[key];
      const value = structured(raw);
      if (isRecord(value)) return messageText(isRecord(value.message) ? value.message : value);
      return typeof raw === 'string' && value === undefined ? raw : null;
    })
  );
}

/**
 * Values flattened into indexed keys, `PREFIX.N.REST` (Traceloop: `gen_ai.prompt.0.role`;
 * OpenInference: `llm.input_messages.0.message.role`): for each N, in index order, its values by REST.
 */
export function indexedEntries(
  values: ReadonlyMap<string, AttributeValue>,
  prefix: string,
): ReadonlyMap<string, AttributeValue>[] {
  const byIndex = new Map<number, Map<string, AttributeValue>>();
  const head = `${prefix}.`;
  for (const [key, value] of values) {
    if (!key.startsWith(head)) continue;
    const match = /^(\d+)\.(.+)$/u.exec(key.slice(head.length));
    if (match?.[1] === undefined || match[2] === undefined) continue;
    const index = Number(match[1]);
    const entry = byIndex.get(index) ?? new Map<string, AttributeValue>();
    entry.set(match[2], value);
    byIndex.set(index, entry);
  }
  return [...byIndex.entries()].sort(([a], [b]) => a - b).map(([, entry]) => entry);
}

/**
 * Messages flattened into indexed attributes, `PREFIX.N.ROLE_KEY` / `PREFIX.N.CONTENT_KEY`, with
 * OpenInference's multi-part content under `...message.contents.M.message_content.text`.
 */
function indexedMessages(
  flattened: ReadonlyMap<string, AttributeValue>,
  prefix: string,
  roleKey: string,
  contentKey: string,
  partsKey?: string,
): ChatMessage[] {
  return indexedEntries(flattened, prefix).flatMap((entry) => {
    const role = asText(entry.get(roleKey));
    if (role === null) return [];
    const text = textOf(entry.get(contentKey)) ?? (partsKey === undefined ? null : indexedPartsText(entry, partsKey));
    return [{ role, text }];
  });
}

function indexedPartsText(entry: ReadonlyMap<string, AttributeValue>, partsKey: string): string | null {
  const texts = indexedEntries(entry, partsKey).flatMap((part) => {
    const text = asText(part.get('message_content.text'));
    return text === null ? [] : [text];
  });
  return texts.length === 0 ? null : texts.join('\n');
}

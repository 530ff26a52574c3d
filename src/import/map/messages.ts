import { parseEmbeddedJson } from '../../io/json/parse-json.js';
import { isRecord } from '../../io/validation/is-record.js';
import { startsWithAnyOf } from '../../text/prefix-test.js';
import type { Attributes, AttributeValue, ImportedSpan } from '../read/span.js';
import { ATTR, asText, EVENT } from './conventions.js';

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

export function isUserRole(role: string): boolean {
  return USER_ROLES.has(role.toLowerCase());
}

export function isAssistantRole(role: string): boolean {
  return ASSISTANT_ROLES.has(role.toLowerCase());
}

export function firstUserText(messages: ChatMessage[]): string | null {
  return messages.find((message) => isUserRole(message.role) && message.text !== null)?.text ?? null;
}

export function lastAssistantText(messages: ChatMessage[]): string | null {
  return messages.findLast((message) => isAssistantRole(message.role) && message.text !== null)?.text ?? null;
}

/**
 * `gen_ai.input.messages` / `gen_ai.output.messages` of a span: its attribute, else the
 * `gen_ai.client.inference.operation.details` event, where instrumentations that keep content
 * off span attributes record it.
 */
export function genAiMessagesValue(span: ImportedSpan, key: string): AttributeValue | undefined {
  const value = span.attributes[key];
  if (value !== undefined && value !== null) return value;
  for (const event of span.events) {
    if (event.name !== EVENT.inferenceDetails) continue;
    const fromEvent = event.attributes[key];
    if (fromEvent !== undefined && fromEvent !== null) return fromEvent;
  }
  return undefined;
}

/**
 * What the readers below take from a span besides its attributes and events, gathered once per
 * span (span-facts.ts): its GenAI output messages parsed, as they are read for several things
 * (the input messages are read by input-messages.ts); and the keys of its flattened messages,
 * found in one pass over the keys, as most spans have none.
 */
export interface MessageSources {
  /** `gen_ai.output.messages` as structured() gives it. */
  genAiOutput: unknown;
  /** The keys under the prefixes of flattened messages (isFlattenedMessageKey), in attribute order. */
  flattenedKeys: readonly string[];
}

export function messageSources(span: ImportedSpan): MessageSources {
  const flattenedKeys: string[] = [];
  for (const key in span.attributes) {
    if (isFlattenedMessageKey(key)) flattenedKeys.push(key);
  }
  return {
    genAiOutput: structured(genAiMessagesValue(span, ATTR.outputMessages)),
    flattenedKeys,
  };
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

/** The model input of a span in the older forms of the GenAI conventions, read when `gen_ai.input.messages` holds no message. */
export function olderGenAiInputMessages(span: ImportedSpan, sources: MessageSources): ChatMessage[] {
  const fromEvents: ChatMessage[] = [];
  for (const event of span.events) {
    if (event.name === EVENT.userMessage) fromEvents.push({ role: 'user', text: eventText(event.attributes) });
    if (event.name === EVENT.contentPrompt) fromEvents.push(...messagesFromValue(event.attributes[ATTR.legacyPrompt]));
  }
  if (fromEvents.length > 0) return fromEvents;
  return indexedMessages(span.attributes, sources.flattenedKeys, ATTR.legacyPrompt, 'role', 'content');
}

/** The model output of a span in the GenAI conventions, current form first, then the older ones. */
export function genAiOutputMessages(span: ImportedSpan, sources: MessageSources): ChatMessage[] {
  const messages = messagesFromList(sources.genAiOutput);
  if (messages.length > 0) return messages;
  const fromEvents: ChatMessage[] = [];
  for (const event of span.events) {
    if (event.name === EVENT.choice) fromEvents.push({ role: 'assistant', text: eventText(event.attributes) });
    if (event.name === EVENT.contentCompletion)
      fromEvents.push(...messagesFromValue(event.attributes[ATTR.legacyCompletion]));
  }
  if (fromEvents.length > 0) return fromEvents;
  return indexedMessages(span.attributes, sources.flattenedKeys, ATTR.legacyCompletion, 'role', 'content');
}

export function openInferenceInputMessages(span: ImportedSpan, sources: MessageSources): ChatMessage[] {
  return indexedMessages(
    span.attributes,
    sources.flattenedKeys,
    ATTR.openInferenceInputMessages,
    'message.role',
    'message.content',
    'message.contents',
  );
}

export function openInferenceOutputMessages(span: ImportedSpan, sources: MessageSources): ChatMessage[] {
  return indexedMessages(
    span.attributes,
    sources.flattenedKeys,
    ATTR.openInferenceOutputMessages,
    'message.role',
    'message.content',
    'message.contents',
  );
}

/** Google ADK's `llm_request` JSON: `{contents: [{role, parts: [{text}]}]}`. */
export function adkRequestMessages(span: ImportedSpan): ChatMessage[] {
  const request = structured(span.attributes[ATTR.adkLlmRequest]);
  return isRecord(request) ? messagesFromValue(request.contents as AttributeValue | undefined) : [];
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

function messagesFromValue(value: AttributeValue | undefined): ChatMessage[] {
  return messagesFromList(structured(value));
}

export function messagesFromList(list: unknown): ChatMessage[] {
  if (!Array.isArray(list)) return [];
  return list.map(toMessage).filter((message): message is ChatMessage => message !== null);
}

function toMessage(value: unknown): ChatMessage | null {
  if (!isRecord(value)) return null;
  const inner = isRecord(value.message) ? value.message : value;
  const role = typeof inner.role === 'string' ? inner.role : null;
  if (role === null) return null;
  return { role, text: textOf(inner.content) ?? textOf(inner.parts) };
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
  const direct = asText(attributes.content) ?? asText(attributes['message.content']);
  if (direct !== null) return direct;
  for (const key of ['message', 'body']) {
    const value = structured(attributes[key]);
    if (isRecord(value)) {
      const nested = isRecord(value.message) ? value.message : value;
      const text = textOf(nested.content) ?? textOf(nested.parts);
      if (text !== null) return text;
    }
    if (typeof attributes[key] === 'string' && value === undefined) return attributes[key] as string;
  }
  return null;
}

/**
 * Messages flattened into indexed attributes, `PREFIX.N.ROLE_KEY` / `PREFIX.N.CONTENT_KEY`
 * (Traceloop: `gen_ai.prompt.0.role`; OpenInference: `llm.input_messages.0.message.role`, with
 * multi-part content under `...message.contents.M.message_content.text`), in index order.
 */
function indexedMessages(
  attributes: Attributes,
  flattenedKeys: readonly string[],
  prefix: string,
  roleKey: string,
  contentKey: string,
  partsKey?: string,
): ChatMessage[] {
  const fields = new Map<number, Map<string, AttributeValue>>();
  const head = `${prefix}.`;
  for (const key of flattenedKeys) {
    if (!key.startsWith(head)) continue;
    const match = /^(\d+)\.(.+)$/u.exec(key.slice(head.length));
    if (match?.[1] === undefined || match[2] === undefined) continue;
    const index = Number(match[1]);
    const entry = fields.get(index) ?? new Map<string, AttributeValue>();
    entry.set(match[2], attributes[key] ?? null);
    fields.set(index, entry);
  }
  const messages: ChatMessage[] = [];
  for (const index of [...fields.keys()].sort((a, b) => a - b)) {
    const entry = fields.get(index) ?? new Map<string, AttributeValue>();
    const role = asText(entry.get(roleKey));
    if (role === null) continue;
    let text = textOf(entry.get(contentKey));
    if (text === null && partsKey !== undefined) text = indexedPartsText(entry, partsKey);
    messages.push({ role, text });
  }
  return messages;
}

function indexedPartsText(entry: Map<string, AttributeValue>, partsKey: string): string | null {
  const texts = new Map<number, string>();
  const head = `${partsKey}.`;
  for (const [key, value] of entry) {
    if (!key.startsWith(head) || !key.endsWith('.message_content.text')) continue;
    const index = Number(key.slice(head.length, key.length - '.message_content.text'.length));
    const text = asText(value);
    if (Number.isInteger(index) && text !== null) texts.set(index, text);
  }
  if (texts.size === 0) return null;
  return [...texts.entries()]
    .sort(([a], [b]) => a - b)
    .map(([, text]) => text)
    .join('\n');
}

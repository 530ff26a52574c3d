import { ATTR, EVENT } from './conventions.js';
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
import { messageToolCalls, messageToolResponses } from './message-tool-calls.js';
import { toAttributeValue } from './attributes.js';
import { isRecord } from '../io/is-record.js';
import { createAttributes, type AttributeValue, type Attributes, type ImportedSpan } from './span.js';

/**
 * A span reduced to what the mapping reads of its messages: the first user text of its input
 * and the last assistant text of its output, in each convention, instead of the whole
 * conversation. Each model call repeats the conversation so far, so this is most of an
 * agent export's bytes; without it, a trace split over many JSON Lines would hold them all
 * in memory until the last file is read. `toTraceDocument` gives the same result either way.
 */
export function compactSpan(span: ImportedSpan): ImportedSpan {
  const questionGenAi = firstUserText(genAiInputMessages(span));
  const answerGenAi = lastAssistantText(genAiOutputMessages(span));
  const questionOpenInference = firstUserText(openInferenceInputMessages(span));
  const answerOpenInference = lastAssistantText(openInferenceOutputMessages(span));
  const questionAdk = firstUserText(adkRequestMessages(span));
  const answerAdk = lastAssistantText(adkResponseMessages(span));
  const toolCalls = messageToolCalls(span);
  const toolResponses = messageToolResponses(span);

  const attributes = createAttributes();
  for (const key in span.attributes) {
    if (!isMessageAttribute(key)) attributes[key] = span.attributes[key] ?? null;
  }
  // Tool calls and their responses, from either convention, are kept in the GenAI form.
  const input: AttributeValue[] = questionGenAi === null ? [] : [textMessage('user', questionGenAi)];
  if (toolResponses.length > 0) {
    input.push({ role: 'tool', parts: toolResponses.map((response) => ({ type: 'tool_call_response', id: response.id, response: toAttributeValue(response.response) })) });
  }
  if (input.length > 0) attributes[ATTR.inputMessages] = input;
  const output: AttributeValue[] = answerGenAi === null ? [] : [textMessage('assistant', answerGenAi)];
  if (toolCalls.length > 0) {
    output.push({
      role: 'assistant',
      parts: toolCalls.map((call) => ({ type: 'tool_call', ...(call.id === null ? {} : { id: call.id }), name: call.name, arguments: toAttributeValue(call.arguments) })),
    });
  }
  if (output.length > 0) attributes[ATTR.outputMessages] = output;
  if (questionOpenInference !== null) setOpenInferenceMessage(attributes, ATTR.openInferenceInputMessages, 'user', questionOpenInference);
  if (answerOpenInference !== null) setOpenInferenceMessage(attributes, ATTR.openInferenceOutputMessages, 'assistant', answerOpenInference);
  if (questionAdk !== null) attributes[ATTR.adkLlmRequest] = { contents: [{ role: 'user', parts: [{ text: questionAdk }] }] };
  if (answerAdk !== null) attributes[ATTR.adkLlmResponse] = { content: { role: 'model', parts: [{ text: answerAdk }] } };

  return { ...span, attributes, events: span.events.filter((event) => !MESSAGE_EVENTS.has(event.name)) };
}

const MESSAGE_EVENTS = new Set<string>([EVENT.userMessage, EVENT.contentPrompt, EVENT.choice, EVENT.contentCompletion, EVENT.inferenceDetails]);

const MESSAGE_PREFIXES = [
  `${ATTR.legacyPrompt}.`,
  `${ATTR.legacyCompletion}.`,
  `${ATTR.openInferenceInputMessages}.`,
  `${ATTR.openInferenceOutputMessages}.`,
];
const MESSAGE_KEYS = new Set<string>([ATTR.inputMessages, ATTR.outputMessages, ATTR.adkLlmRequest, ATTR.adkLlmResponse]);

function isMessageAttribute(key: string): boolean {
  return MESSAGE_KEYS.has(key) || MESSAGE_PREFIXES.some((prefix) => key.startsWith(prefix));
}

function textMessage(role: string, text: string): AttributeValue {
  return { role, parts: [{ type: 'text', content: text }] };
}

function setOpenInferenceMessage(attributes: Attributes, prefix: string, role: string, text: string): void {
  attributes[`${prefix}.0.message.role`] = role;
  attributes[`${prefix}.0.message.content`] = text;
}

/**
 * Every model call repeats the tool responses of the calls before it, so a run of N calls would
 * keep N² responses once compacted. The mapping needs each response once (the first, by call
 * id), so a compacted span keeps only the responses no earlier span of its trace kept.
 */
export class RepeatedToolResponses {
  private readonly seen = new Map<string, Set<string>>();

  drop(span: ImportedSpan): ImportedSpan {
    const input = span.attributes[ATTR.inputMessages];
    if (!Array.isArray(input)) return span;
    let seen = this.seen.get(span.traceId);
    if (seen === undefined) {
      seen = new Set<string>();
      this.seen.set(span.traceId, seen);
    }
    const kept: AttributeValue[] = [];
    for (const message of input) {
      if (!isToolResponseMessage(message)) {
        kept.push(message);
        continue;
      }
      const parts = message.parts.filter((part) => {
        const id = (part as { id?: unknown }).id;
        if (typeof id !== 'string' || seen.has(id)) return false;
        seen.add(id);
        return true;
      });
      if (parts.length > 0) kept.push({ ...message, parts });
    }
    const attributes = createAttributes();
    Object.assign(attributes, span.attributes);
    if (kept.length > 0) attributes[ATTR.inputMessages] = kept;
    else delete attributes[ATTR.inputMessages];
    return { ...span, attributes };
  }
}

function isToolResponseMessage(message: AttributeValue): message is { role: string; parts: AttributeValue[] } {
  return (
    isRecord(message) &&
    message.role === 'tool' &&
    Array.isArray(message.parts) &&
    message.parts.every((part) => isRecord(part) && part.type === 'tool_call_response')
  );
}

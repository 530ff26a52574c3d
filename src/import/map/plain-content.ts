import { parseEmbeddedJson } from '../../io/json/parse-json.js';
import type { ImportedSpan } from '../read/span.js';
import { ATTR, EVENT, firstFound, spanRole } from './conventions.js';
import { decodeJsonStringLiteral } from './json-string-literal.js';

/**
 * A model span's prompt and completion as plain text, without roles:
 *
 * - `gen_ai.prompt` / `gen_ai.completion` as one string — Spring AI Alibaba's chat model
 *   convention (SpringAiAlibabaChatModelObservationConvention: every instruction's text joined by
 *   line breaks) and Quarkus LangChain4j (PromptTextSpanContributor, CompletionTextSpanContributor);
 * - the string lists of Spring AI 1.0 milestones' `gen_ai.content.prompt` / `gen_ai.content.completion`
 *   events (one string per message).
 *
 * Text that is a JSON list or object is a convention's structured form, read elsewhere (messages.ts).
 */
export function plainPromptQuestion(span: ImportedSpan): string | null {
  if (spanRole(span) !== 'model') return null;
  const prompt = span.attributes[ATTR.legacyPrompt];
  // Without roles, a prompt is the user's message only when it is one message: a system prompt
  // before it would be joined to it by a line break.
  if (typeof prompt === 'string') return isPlain(prompt) && !prompt.trim().includes('\n') ? prompt : null;
  const list = eventStrings(span, EVENT.contentPrompt, ATTR.legacyPrompt);
  return list !== null && list.length === 1 ? (list[0] as string) : null;
}

export function plainCompletion(span: ImportedSpan): string | null {
  if (spanRole(span) !== 'model') return null;
  const completion = span.attributes[ATTR.legacyCompletion];
  if (typeof completion === 'string') {
    if (isPlain(completion)) return decodeJsonStringLiteral(completion);
    // The milestones' ChatModelCompletionObservationFilter writes the list as one tag: `["…"]`.
    const list = parseEmbeddedJson(completion);
    return isStringList(list) && list.length > 0 ? list.join('\n') : null;
  }
  const list = eventStrings(span, EVENT.contentCompletion, ATTR.legacyCompletion);
  return list === null ? null : list.join('\n');
}

function isPlain(text: string): boolean {
  const start = text.trimStart();
  return start !== '' && !start.startsWith('[') && !start.startsWith('{');
}

/** The first event's non-blank strings; null when no event has any. */
function eventStrings(span: ImportedSpan, eventName: string, key: string): string[] | null {
  return firstFound(span.events, (event) => {
    const value = event.attributes[key];
    const texts = event.name === eventName && isStringList(value) ? value.filter((text) => text.trim() !== '') : [];
    return texts.length > 0 ? texts : null;
  });
}

function isStringList(value: unknown): value is string[] {
  return Array.isArray(value) && value.every((item) => typeof item === 'string');
}

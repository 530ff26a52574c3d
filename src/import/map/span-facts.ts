import { createAttributes, type ImportedSpan } from '../read/span.js';
import { ATTR, EVENT } from './conventions.js';
import {
  genAiToolResponses,
  type MessageToolCall,
  type MessageToolResponse,
  messageToolCalls,
  openInferenceToolResponses,
} from './message-tool-calls.js';
import {
  adkRequestMessages,
  adkResponseMessages,
  firstUserText,
  genAiMessagesValue,
  genAiOutputMessages,
  isFlattenedMessageKey,
  lastAssistantText,
  messageSources,
  messagesFromList,
  olderGenAiMessages,
  openInferenceMessages,
  structured,
} from './messages.js';
import { plainCompletion, plainPromptQuestion } from './plain-content.js';

/**
 * What the mapping reads of a span's messages, in each convention (GenAI, OpenInference, ADK):
 * the first user text of its input, the last assistant text of its output, and the tool calls
 * and tool responses the messages hold. Extracted once per span, from the span as read.
 */
export interface SpanFacts {
  question: ConventionTexts;
  answer: ConventionTexts;
  toolCalls: MessageToolCall[];
  toolResponses: MessageToolResponse[];
}

interface ConventionTexts {
  genAi: string | null;
  openInference: string | null;
  adk: string | null;
  /**
   * A model span's plain `gen_ai.prompt` / `gen_ai.completion` text (Spring AI Alibaba, Quarkus
   * LangChain4j) or the string list of Spring AI 1.0 milestones' `gen_ai.content.prompt` /
   * `gen_ai.content.completion` events (plain-content.ts).
   */
  plain: string | null;
}

function extractSpanFacts(span: ImportedSpan): SpanFacts {
  const sources = messageSources(span);
  const input = structured(genAiMessagesValue(span, ATTR.inputMessages));
  const inputMessages = messagesFromList(input);
  return {
    question: {
      // The older forms of the conventions are read only when the input holds no chat message.
      genAi: firstUserText(inputMessages.length > 0 ? inputMessages : olderGenAiMessages(span, sources, 'input')),
      openInference: firstUserText(openInferenceMessages(sources, ATTR.openInferenceInputMessages)),
      adk: firstUserText(adkRequestMessages(span)),
      plain: plainPromptQuestion(span),
    },
    answer: {
      genAi: lastAssistantText(genAiOutputMessages(span, sources)),
      openInference: lastAssistantText(openInferenceMessages(sources, ATTR.openInferenceOutputMessages)),
      adk: lastAssistantText(adkResponseMessages(span)),
      plain: plainCompletion(span),
    },
    toolCalls: messageToolCalls(sources),
    toolResponses: [...genAiToolResponses(input), ...openInferenceToolResponses(sources)],
  };
}

/** A span as read, or compacted: with what the mapping reads of its messages in place of them. */
type MaybeCompacted = ImportedSpan & { facts?: SpanFacts };

/** A span's facts: those taken when it was compacted, else extracted now. */
export function factsOf(span: MaybeCompacted): SpanFacts {
  return span.facts ?? extractSpanFacts(span);
}

/**
 * A span reduced to what the mapping reads: its facts, instead of its messages. Each model call
 * repeats the conversation so far, so the messages are most of an agent export's bytes; without
 * this, a trace split over many JSON Lines would hold them all in memory until the last file is
 * read. `toTraceDocument` gives the same result either way.
 */
export function compactSpan(span: ImportedSpan): MaybeCompacted {
  const facts = extractSpanFacts(span);
  const attributes = createAttributes();
  for (const key in span.attributes) {
    if (!isMessageAttribute(key)) attributes[key] = span.attributes[key] ?? null;
  }
  return { ...span, attributes, events: span.events.filter((event) => !MESSAGE_EVENTS.has(event.name)), facts };
}

const MESSAGE_EVENTS = new Set<string>([
  EVENT.userMessage,
  EVENT.contentPrompt,
  EVENT.choice,
  EVENT.contentCompletion,
  EVENT.inferenceDetails,
]);

const MESSAGE_KEYS = new Set<string>([
  ATTR.inputMessages,
  ATTR.outputMessages,
  ATTR.adkLlmRequest,
  ATTR.adkLlmResponse,
]);

function isMessageAttribute(key: string): boolean {
  return MESSAGE_KEYS.has(key) || isFlattenedMessageKey(key);
}

/**
 * Every model call repeats the tool responses of the calls before it, so a run of N calls would
 * keep N² responses once compacted. The mapping needs each response once (the first, by call
 * id), so a compacted span keeps only the responses no earlier span of its trace kept.
 */
export class RepeatedToolResponses {
  private readonly seen = new Map<string, Set<string>>();

  drop(span: MaybeCompacted): MaybeCompacted {
    const facts = span.facts;
    if (facts === undefined || facts.toolResponses.length === 0) return span;
    const seen = this.seen.get(span.traceId) ?? new Set<string>();
    this.seen.set(span.traceId, seen);
    const toolResponses = facts.toolResponses.filter((response) => {
      if (seen.has(response.id)) return false;
      seen.add(response.id);
      return true;
    });
    return { ...span, facts: { ...facts, toolResponses } };
  }

  /** A trace handed on needs no memory of its responses. */
  forget(traceId: string): void {
    this.seen.delete(traceId);
  }
}

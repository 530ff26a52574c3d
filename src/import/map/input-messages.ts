import { parseEmbeddedJson } from '../../io/json/parse-json.js';
import type { AttributeValue } from '../read/span.js';
import { genAiToolResponses, type MessageToolResponse } from './message-tool-calls.js';
import { firstUserText, messagesFromList, structured } from './messages.js';

/** What the mapping reads of a model call's `gen_ai.input.messages`. */
export interface InputMessages {
  /** Whether the value holds any chat message (else the older forms of the conventions are read). */
  hasMessage: boolean;
  firstUserText: string | null;
  toolResponses: MessageToolResponse[];
}

/** The same read of a value as structured() gives it (a list, or anything else, which holds no message). */
export function readInputMessages(value: unknown): InputMessages {
  const messages = messagesFromList(value);
  return {
    hasMessage: messages.length > 0,
    firstUserText: firstUserText(messages),
    toolResponses: genAiToolResponses(value),
  };
}

/**
 * The input messages of the model calls of each trace, read call after call. A call repeats the
 * conversation so far: its JSON text is usually the previous call's with more messages after
 * them. Then only the new messages are parsed, and what is read of the whole list is put
 * together from what was read of the previous one: the first user text is the earlier one if
 * any, whether a message is held is either's, the tool responses are both, in order. On an agent
 * export the repeated conversations are half of the bytes; this parses each message about once.
 *
 * The result is always that of parsing the whole text, by construction: the previous text O is
 * kept only when it parsed as a non-empty JSON list and ends with its `]`; the new text T is
 * taken as a continuation only when it starts with O without that `]`, followed by a comma. Then
 * T parses as a list exactly when `[` + the rest does, to a non-empty list (each element parses
 * alone), and the test that keeps a text with a long integer unparsed (parseEmbeddedJson) finds
 * one in T exactly when it finds one in `[` + the rest: it found none in O, and the `[` stands
 * where the comma was, both of which it treats alike. Anything else is parsed whole.
 */
export class ConversationHistories {
  private readonly last = new Map<string, { text: string; read: InputMessages }>();
  private keptChars = 0;

  read(traceId: string, value: AttributeValue | undefined): InputMessages {
    if (typeof value !== 'string') return readInputMessages(structured(value));
    const previous = this.last.get(traceId);
    const continued = previous === undefined ? null : continuation(previous.text, previous.read, value);
    if (continued !== null) {
      this.keep(traceId, value, continued);
      return continued;
    }
    const parsed = parseEmbeddedJson(value);
    const read = readInputMessages(parsed);
    if (Array.isArray(parsed) && parsed.length > 0 && value.endsWith(']')) this.keep(traceId, value, read);
    else this.forget(traceId);
    return read;
  }

  /** A trace handed on needs no memory of its conversation. */
  forget(traceId: string): void {
    const previous = this.last.get(traceId);
    if (previous === undefined) return;
    this.keptChars -= previous.text.length;
    this.last.delete(traceId);
  }

  private keep(traceId: string, text: string, read: InputMessages): void {
    this.forget(traceId);
    // Bounded, so that an export whose traces stay open long does not hold a conversation for each.
    if (this.keptChars + text.length > MAX_KEPT_CHARS) return;
    this.last.set(traceId, { text, read });
    this.keptChars += text.length;
  }
}

const MAX_KEPT_CHARS = 16 * 1024 * 1024;
const COMMA = 0x2c;

/** What `text` reads as when it continues `previous` (see ConversationHistories), else null. */
function continuation(previous: string, previousRead: InputMessages, text: string): InputMessages | null {
  const prefixLength = previous.length - 1;
  if (text.length <= previous.length || text.charCodeAt(prefixLength) !== COMMA) return null;
  // Compared as two slices: V8 compares equal-length strings a block at a time, where startsWith went
  // a character at a time, at a cost near that of parsing the text.
  if (text.slice(0, prefixLength) !== previous.slice(0, prefixLength)) return null;
  const added = parseEmbeddedJson(`[${text.slice(previous.length)}`);
  if (!Array.isArray(added) || added.length === 0) return null;
  const read = readInputMessages(added);
  return {
    hasMessage: previousRead.hasMessage || read.hasMessage,
    firstUserText: previousRead.firstUserText ?? read.firstUserText,
    toolResponses:
      read.toolResponses.length === 0
        ? previousRead.toolResponses
        : [...previousRead.toolResponses, ...read.toolResponses],
  };
}

import { parseEmbeddedJson } from '../../io/json/parse-json.js';
import { isRecord } from '../../io/validation/is-record.js';
import { contentText } from './envelopes.js';

/**
 * The text inside a run's input or output as frameworks record it on their outer span
 * (`input.value`, `traceloop.entity.input`): plain text as it is; a JSON object unwrapped by
 * the keys that hold the request (`task` — smolagents, `input`, `query`, `question`, the last of
 * `messages`), through LangChain's `{"inputs": …}` callback envelope. null when the JSON holds
 * none of them: a wrapper is no question.
 */
export function inputText(value: unknown): string | null {
  return textByKeys(value, INPUT_KEYS, 0);
}

/** The same for a run's output: `output`, `outputs`, `final_output`, `answer`, `content`, the last of `messages`. */
export function outputText(value: unknown): string | null {
  return textByKeys(value, OUTPUT_KEYS, 0);
}

const INPUT_KEYS = ['inputs', 'task', 'input', 'query', 'question'] as const;
const OUTPUT_KEYS = ['outputs', 'output', 'final_output', 'answer', 'content'] as const;
const MAX_DEPTH = 6;

function textByKeys(value: unknown, keys: readonly string[], depth: number): string | null {
  if (depth > MAX_DEPTH) return null;
  if (typeof value === 'string') {
    const parsed = parseEmbeddedJson(value);
    return parsed === undefined ? value : textByKeys(parsed, keys, depth + 1);
  }
  if (!isRecord(value)) return null;
  for (const key of keys) {
    if (!(key in value)) continue;
    const text = textByKeys(value[key], keys, depth + 1);
    if (text !== null) return text;
  }
  if (Array.isArray(value.messages)) return messageText(value.messages.at(-1));
  return null;
}

/** A chat message in any of the shapes frameworks serialise: `{role, content}`, LangChain's `{kwargs: {content}}`, `[role, text]`. */
function messageText(message: unknown): string | null {
  if (typeof message === 'string') return message;
  if (Array.isArray(message)) return typeof message[1] === 'string' ? message[1] : null;
  if (!isRecord(message)) return null;
  const fields = isRecord(message.kwargs) ? message.kwargs : message;
  return contentText(fields.content) ?? contentText(fields.parts);
}

/** Without the text a framework puts before the user's request (smolagents: "New task:\n"). */
export function withoutFrameworkPrefix(text: string): string {
  return text.replace(/^New task:\s*\n/u, '');
}

/**
 * The bodies of the log records Spring AI's chat client content handlers write when its span stops
 * (ChatClientPromptContentObservationHandler, ChatClientCompletionObservationHandler, 1.0–2.x),
 * built by ObservabilityHelper without escaping:
 *
 * - `Chat Client Prompt Content:\n["system":"…", "user":"…"]` — one entry per message type, the
 *   last message of each type (a HashMap, so in no set order);
 * - `Chat Client Completion:\n["…"]` (and the chat model's `Chat Model Completion:\n["…"]`) — the
 *   text of each generation, read as one text: the texts are not escaped either.
 *
 * A value may hold quotes and `", "` itself; an entry ends only where `", "` is followed by the
 * next message type and `":"`. A body that does not end with `"]` (or `[]`) was cut off.
 */
import { SPRING_LOG } from './conventions.js';

const MESSAGE_TYPES = ['user', 'system', 'assistant', 'tool'] as const;
const ENTRY_START = new RegExp(`(?:^\\[|", )"(${MESSAGE_TYPES.join('|')})":"`, 'gu');

export type SpringContentLog =
  | { kind: 'prompt'; prefix: string; entries: Record<string, string> }
  | { kind: 'completion'; prefix: string; texts: string[] }
  | { kind: 'cut'; prefix: string };

/** What a log record body says, when it is one of the two; null when it is another record. */
export function readSpringContentLog(body: string): SpringContentLog | null {
  for (const [prefix, kind] of [
    [SPRING_LOG.promptPrefix, 'prompt'],
    [SPRING_LOG.completionPrefix, 'completion'],
    [SPRING_LOG.modelCompletionPrefix, 'completion'],
  ] as const) {
    if (!body.startsWith(prefix)) continue;
    const list = body
      .slice(prefix.length)
      .replace(/^\r?\n/u, '')
      .trimEnd();
    if (list === '[]') return kind === 'prompt' ? { kind, prefix, entries: {} } : { kind, prefix, texts: [] };
    if (!list.startsWith('["') || !list.endsWith('"]')) return { kind: 'cut', prefix };
    if (kind === 'completion') return { kind, prefix, texts: [list.slice(2, -2)] };
    const entries = promptEntries(list);
    return entries === null ? { kind: 'cut', prefix } : { kind, prefix, entries };
  }
  return null;
}

function promptEntries(list: string): Record<string, string> | null {
  const starts = [...list.matchAll(ENTRY_START)];
  if (starts[0]?.index !== 0) return null;
  const entries: Record<string, string> = {};
  starts.forEach((match, index) => {
    const valueStart = (match.index ?? 0) + match[0].length;
    const next = starts[index + 1];
    const valueEnd = next === undefined ? list.length - 2 : (next.index ?? list.length);
    entries[match[1] as string] = list.slice(valueStart, valueEnd);
  });
  return entries;
}

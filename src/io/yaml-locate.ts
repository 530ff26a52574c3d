import type * as JsYaml from 'js-yaml';
import { jsYaml } from './js-yaml.js';
import { type TextPosition, textPositions } from './text-position.js';
import { MAX_YAML_NESTING_DEPTH } from './yaml-document.js';

/**
 * The line and column of the node at `path` in a YAML text the fast parser read, found from the fast
 * parser's events (each carries its offset) rather than from a second, slower parse: the same
 * place the documented parser's nodes give (yaml-document.ts: the key of a map entry, the
 * start of a list item, the map or list itself when the path goes on past it). 'unsure' where
 * the two could differ (a tagged, anchored, block or empty scalar, an alias, a key that is not
 * plain text): the caller then asks the documented parser.
 */
export function createEventLocator(text: string): (path: readonly PropertyKey[]) => TextPosition | 'unsure' {
  let events: Event[] | null = null;
  const position = textPositions(text);
  return (path) => {
    try {
      events ??= jsYaml().parseEvents(text, { maxDepth: MAX_YAML_NESTING_DEPTH });
    } catch {
      return 'unsure';
    }
    const offset = offsetAt(text, events, path);
    if (offset === 'unsure') return 'unsure';
    return position(offset);
  };
}

type Event = JsYaml.Event;

/**
 * js-yaml's event kinds and scalar styles (its EVENT_ID and SCALAR_STYLE, fixed numbers of its
 * interface; the types hold them to the library's), written here so that this module loads
 * without the library, which is loaded only when a place is first asked for.
 */
const EVENT_ID = { SEQUENCE: 2, MAPPING: 3, SCALAR: 4, POP: 6 } as const satisfies Partial<typeof JsYaml.EVENT_ID>;
const SCALAR_STYLE = { PLAIN: 1, SINGLE_QUOTED: 2, DOUBLE_QUOTED: 3 } as const satisfies Partial<
  typeof JsYaml.SCALAR_STYLE
>;

function offsetAt(text: string, events: readonly Event[], path: readonly PropertyKey[]): number | 'unsure' {
  // events[0] opens the document; its root node follows.
  let node = 1;
  if (events[node] === undefined || events[node]?.type === EVENT_ID.POP) return 'unsure';
  for (let index = 0; index < path.length; index += 1) {
    const segment = path[index];
    const event = events[node] as Event;
    if (event.type === EVENT_ID.MAPPING) {
      let found: { key: number; value: number } | null = null;
      for (let at = node + 1; events[at] !== undefined && events[at]?.type !== EVENT_ID.POP; ) {
        const key = at;
        const value = after(events, key);
        const keyEvent = events[key] as Event;
        if (
          keyEvent.type !== EVENT_ID.SCALAR ||
          (keyEvent.style !== SCALAR_STYLE.PLAIN &&
            keyEvent.style !== SCALAR_STYLE.SINGLE_QUOTED &&
            keyEvent.style !== SCALAR_STYLE.DOUBLE_QUOTED)
        )
          return 'unsure';
        const name = jsYaml().getScalarValue(text, keyEvent);
        // The documented parser compares the key's value as text: `1` and `true` would be resolved first.
        if (keyEvent.style === SCALAR_STYLE.PLAIN && !PLAIN_TEXT_KEY.test(name)) return 'unsure';
        if (name === String(segment)) {
          found = { key, value };
          break;
        }
        at = after(events, value);
      }
      if (found === null) return offsetOf(events, node);
      if (index === path.length - 1) return offsetOf(events, found.key);
      node = found.value;
    } else if (event.type === EVENT_ID.SEQUENCE && typeof segment === 'number') {
      let item = node + 1;
      for (
        let count = 0;
        count < segment && events[item] !== undefined && events[item]?.type !== EVENT_ID.POP;
        count += 1
      )
        item = after(events, item);
      if (events[item] === undefined || events[item]?.type === EVENT_ID.POP) return offsetOf(events, node);
      node = item;
    } else {
      return offsetOf(events, node);
    }
  }
  return offsetOf(events, node);
}

/** A plain key that is text in the core schema, whatever its spelling (not `1`, `True`, `~`, `.inf`). */
const PLAIN_TEXT_KEY = /^(?!(?:true|false|null)$)[A-Za-z_$][\w$-]*$/iu;

/** The index of the event after the node that starts at `index` (its whole subtree skipped). */
function after(events: readonly Event[], index: number): number {
  const type = events[index]?.type;
  if (type !== EVENT_ID.MAPPING && type !== EVENT_ID.SEQUENCE) return index + 1;
  let depth = 0;
  for (let at = index; at < events.length; at += 1) {
    const event = events[at] as Event;
    if (event.type === EVENT_ID.MAPPING || event.type === EVENT_ID.SEQUENCE) depth += 1;
    else if (event.type === EVENT_ID.POP) {
      depth -= 1;
      if (depth === 0) return at + 1;
    }
  }
  return events.length;
}

function offsetOf(events: readonly Event[], index: number): number | 'unsure' {
  const event = events[index];
  if (event === undefined) return 'unsure';
  if (event.type === EVENT_ID.MAPPING || event.type === EVENT_ID.SEQUENCE) {
    return event.anchorStart === -1 && event.tagStart === -1 ? event.start : 'unsure';
  }
  if (
    event.type !== EVENT_ID.SCALAR ||
    event.anchorStart !== -1 ||
    event.tagStart !== -1 ||
    event.valueStart === event.valueEnd
  )
    return 'unsure';
  if (event.style === SCALAR_STYLE.PLAIN) return event.valueStart;
  // The documented parser places a quoted scalar at its opening quote.
  if (event.style === SCALAR_STYLE.SINGLE_QUOTED || event.style === SCALAR_STYLE.DOUBLE_QUOTED)
    return event.valueStart - 1;
  return 'unsure';
}

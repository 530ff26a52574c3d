import { isRecord } from '../../io/validation/is-record.js';
import { jsonOrValue } from './json-string-literal.js';

/**
 * Tool arguments and results as the tool saw them, out of the envelopes instrumentations wrap
 * them in (docs/import.md, "Envelopes"):
 *
 * - LangChain callbacks (Traceloop / OpenLLMetry's `traceloop.entity.input`):
 *   `{"input_str": …, "inputs": {…}, "tags": …, "metadata": …, "kwargs": …}` — the arguments are `inputs`;
 *   the result `{"output": …, "kwargs": …}` — the result is `output`.
 * - smolagents (OpenInference): `{"args": […], "kwargs": {…}, "sanitize_inputs_outputs": …}` — the
 *   arguments are `kwargs`, or `args` when there are no kwargs.
 * - A serialised LangChain `ToolMessage` (`{"lc": 1, "id": [… "ToolMessage"], "kwargs": {content, status}}`)
 *   and an MCP `CallToolResult` (`{"content": [{"type": "text", "text": …}], "isError": …}`) — the
 *   result is the text of their content.
 *
 * Unwrapping also reads the failure these envelopes signal (see failure.ts).
 */
export interface UnwrappedValue {
  value: unknown;
  /** Every level passed through, outermost first (the raw value, then each unwrapped one). */
  levels: unknown[];
}

/** Envelopes nest (a LangChain output holding a ToolMessage holding MCP content); a few levels suffice. */
const MAX_DEPTH = 4;

export function unwrapArguments(raw: unknown): UnwrappedValue {
  return unwrap(raw, argumentsInside);
}

export function unwrapResult(raw: unknown): UnwrappedValue {
  return unwrap(raw, resultInside);
}

function unwrap(raw: unknown, inside: (value: Record<string, unknown>) => unknown): UnwrappedValue {
  const levels: unknown[] = [raw];
  let value = raw;
  for (let depth = 0; depth < MAX_DEPTH; depth += 1) {
    if (!isRecord(value)) break;
    const next = inside(value);
    if (next === undefined) break;
    value = jsonOrValue(next);
    levels.push(value);
  }
  return { value, levels };
}

function argumentsInside(value: Record<string, unknown>): unknown {
  if (isLangChainInput(value)) return value.inputs;
  if (isSmolagentsCall(value)) {
    const kwargs = value.kwargs as Record<string, unknown> | undefined;
    return kwargs !== undefined && Object.keys(kwargs).length > 0 ? kwargs : (value.args ?? kwargs);
  }
  return undefined;
}

function resultInside(value: Record<string, unknown>): unknown {
  if (isLangChainOutput(value)) return value.output;
  const message = toolMessageFields(value);
  if (message !== null) return contentText(message.content) ?? undefined;
  if (isMcpResult(value)) return contentText(value.content) ?? undefined;
  return undefined;
}

/** LangChain's tool-start callback payload as Traceloop records it. */
function isLangChainInput(value: Record<string, unknown>): boolean {
  return 'inputs' in value && ('input_str' in value || 'kwargs' in value || 'tags' in value || 'metadata' in value);
}

/** LangChain's tool-end callback payload: `{"output": …, "kwargs": …}`, nothing else. */
function isLangChainOutput(value: Record<string, unknown>): boolean {
  const keys = Object.keys(value);
  return 'output' in value && keys.length <= 4 && keys.every((key) => LANGCHAIN_OUTPUT_KEYS.has(key));
}

const LANGCHAIN_OUTPUT_KEYS = new Set(['output', 'kwargs', 'tags', 'metadata']);

/**
 * smolagents' `Tool.__call__(*args, sanitize_inputs_outputs, **kwargs)` as OpenInference records it:
 * keyword arguments, or positional ones when there are none.
 */
function isSmolagentsCall(value: Record<string, unknown>): boolean {
  return (
    Object.keys(value).every((key) => SMOLAGENTS_CALL_KEYS.has(key)) &&
    (value.kwargs === undefined || isRecord(value.kwargs)) &&
    (value.args === undefined || Array.isArray(value.args)) &&
    (isRecord(value.kwargs) || (Array.isArray(value.args) && 'sanitize_inputs_outputs' in value))
  );
}

const SMOLAGENTS_CALL_KEYS = new Set(['args', 'kwargs', 'sanitize_inputs_outputs']);

/**
 * The fields of a LangChain ToolMessage: serialised (`{lc, type: "constructor", id: [... "ToolMessage"], kwargs}`)
 * or as a plain dict (`{type: "tool", content, tool_call_id}`); null when the value is neither.
 */
export function toolMessageFields(value: Record<string, unknown>): Record<string, unknown> | null {
  if (Array.isArray(value.id) && value.id.at(-1) === 'ToolMessage' && isRecord(value.kwargs)) return value.kwargs;
  if (value.type === 'tool' && 'content' in value && 'tool_call_id' in value) return value;
  return null;
}

/** An MCP `CallToolResult`: a `content` list of typed parts, with or without `isError`. */
export function isMcpResult(value: Record<string, unknown>): boolean {
  return (
    Array.isArray(value.content) &&
    value.content.length > 0 &&
    value.content.every((part) => isRecord(part) && typeof part.type === 'string')
  );
}

/** A content given as text, or as a list of parts whose text parts are joined by line breaks. */
export function contentText(content: unknown): string | null {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return null;
  const texts = content
    .map((part) =>
      typeof part === 'string' ? part : isRecord(part) && typeof part.text === 'string' ? part.text : null,
    )
    .filter((text): text is string => text !== null);
  return texts.length > 0 ? texts.join('\n') : null;
}

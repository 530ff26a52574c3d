import { quotedText } from '../../io/validation/describe-value.js';
import { isRecord } from '../../io/validation/is-record.js';
import {
  type Attributes,
  createAttributes,
  type ImportedSpan,
  type ImportSink,
  type Place,
  type SpanEvent,
} from './span.js';
import {
  isoToNanoseconds,
  normalizeId,
  parseSpanKind,
  parseStatusCode,
  toAttributeValue,
  toNanoseconds,
} from './values.js';

/**
 * Spans as the OpenTelemetry SDKs write them as dictionaries (`ReadableSpan.to_json()` in Python):
 * what `ConsoleSpanExporter` prints, in-memory exporters hold, and Strands, Monocle or any-agent
 * save. `{name, context: {trace_id, span_id}, parent_id, kind: "SpanKind.INTERNAL", start_time,
 * end_time, status: {status_code, description}, attributes: {…}, events: [{name, timestamp,
 * attributes}], resource: {attributes}}`; ids as `0x`-prefixed hex or integers, times as ISO-8601
 * text or integer nanoseconds, attributes as plain JSON. A document is a list of such spans, one
 * span, or `{"spans": […]}` (any-agent's AgentTrace).
 */
export function readSpanDictsDocument(document: unknown, sink: ImportSink, place: Place): void {
  const list = Array.isArray(document)
    ? document
    : isRecord(document) && Array.isArray(document.spans)
      ? document.spans
      : [document];
  for (const raw of list) {
    const span = decodeSpanDict(raw, sink, place);
    if (span !== null) sink.span(span, place);
  }
}

/** A span dictionary: an object with a `context` object that holds a `trace_id`. */
export function isSpanDict(value: unknown): boolean {
  return isRecord(value) && isRecord(value.context) && 'trace_id' in value.context;
}

function decodeSpanDict(raw: unknown, sink: ImportSink, place: Place): ImportedSpan | null {
  if (!isRecord(raw)) return null;
  const name = typeof raw.name === 'string' ? raw.name : '';
  const ids = isRecord(raw.context) ? raw.context : {};
  const traceId = normalizeId(hexText(ids.trace_id), 'trace');
  const spanId = normalizeId(hexText(ids.span_id), 'span');
  if (traceId === null || spanId === null) {
    sink.skipped(
      `span "${quotedText(name)}" has no ${traceId === null ? 'trace id' : 'span id'} (context.trace_id, context.span_id); skipped`,
      place,
    );
    return null;
  }
  const parentId = raw.parent_id !== undefined ? raw.parent_id : isRecord(raw.parent) ? raw.parent.span_id : null;
  const status = isRecord(raw.status) ? raw.status : {};
  const description = status.description;
  return {
    traceId,
    spanId,
    parentSpanId: normalizeId(hexText(parentId), 'span'),
    name,
    kind: parseSpanKind(typeof raw.kind === 'string' ? raw.kind.replace(/^SpanKind\./u, '') : raw.kind),
    startNs: timeOf(raw.start_time),
    endNs: timeOf(raw.end_time),
    status: {
      code: parseStatusCode(
        typeof status.status_code === 'string' ? status.status_code.replace(/^StatusCode\./u, '') : status.status_code,
      ),
      message: typeof description === 'string' && description !== '' ? description : null,
    },
    attributes: plainAttributes(raw.attributes, sink.keepAttribute),
    events: Array.isArray(raw.events) ? raw.events.filter(isRecord).map(decodeEvent) : [],
    resource: plainAttributes(isRecord(raw.resource) ? raw.resource.attributes : undefined),
  };
}

function decodeEvent(raw: Record<string, unknown>): SpanEvent {
  return {
    name: typeof raw.name === 'string' ? raw.name : '',
    timeNs: timeOf(raw.timestamp),
    attributes: plainAttributes(raw.attributes),
  };
}

/** `0x`-prefixed hex as written by the Python SDK, without its prefix; other values as they are. */
function hexText(value: unknown): unknown {
  return typeof value === 'string' && /^0x[0-9a-f]+$/iu.test(value.trim()) ? value.trim().slice(2) : value;
}

function timeOf(value: unknown): bigint | null {
  return typeof value === 'string' && value.includes('T') ? isoToNanoseconds(value) : toNanoseconds(value, 'ns');
}

function plainAttributes(value: unknown, keep: (key: string) => boolean = () => true): Attributes {
  const attributes = createAttributes();
  if (!isRecord(value)) return attributes;
  for (const [key, entry] of Object.entries(value)) if (keep(key)) attributes[key] = toAttributeValue(entry);
  return attributes;
}

import { quotedText } from '../../io/validation/describe-value.js';
import { isRecord } from '../../io/validation/is-record.js';
import { objectsIn, SPANS } from './export-objects.js';
import { readResourceLogs } from './otlp-logs.js';
import type { Attributes, ImportedSpan, ImportSink, Place, SpanEvent } from './span.js';
import { flattenKeyValues, normalizeId, parseSpanKind, parseStatusCode, toNanoseconds } from './values.js';

/**
 * OTLP/JSON `TracesData`: `{"resourceSpans": [{resource, scopeSpans: [{scope, spans}]}]}`, and
 * `LogsData` (`{"resourceLogs": …}`) for the evaluation events it may carry (otlp-logs.ts).
 * The span decoding is lenient where exporters differ: the pre-1.0 field names
 * (`instrumentationLibrarySpans`), enums as numbers or names, times as strings or numbers, ids
 * as hex, base64 or decimal. Unknown fields are ignored, as the OTLP spec asks of receivers.
 */
export function readOtlpDocument(document: Record<string, unknown>, sink: ImportSink, place: Place): void {
  const listName = Array.isArray(document.resourceSpans) ? 'resourceSpans' : 'result.resourceSpans';
  readResourceSpans(otlpResourceSpans(document) ?? [], listName, sink, place);
  if (Array.isArray(document.resourceLogs)) readResourceLogs(document.resourceLogs, sink, place);
}

/** OTLP's `resourceSpans`, or those Jaeger v2's api_v3 wraps in `result`; null when there are none. */
export function otlpResourceSpans(document: Record<string, unknown>): unknown[] | null {
  if (Array.isArray(document.resourceSpans)) return document.resourceSpans;
  return isRecord(document.result) && Array.isArray(document.result.resourceSpans)
    ? document.result.resourceSpans
    : null;
}

/**
 * Grafana Tempo's trace JSON: `{"batches": [...]}` (API v1, often with the pre-1.0
 * `instrumentationLibrarySpans` and enum names such as `SPAN_KIND_SERVER`), or API v2's
 * `{"trace": {"resourceSpans"|"batches": [...]}}`. A batch is an OTLP `ResourceSpans`.
 */
export function readTempoDocument(document: Record<string, unknown>, sink: ImportSink, place: Place): void {
  readResourceSpans(tempoBatches(document) ?? [], tempoListName(document), sink, place);
}

function tempoListName(document: Record<string, unknown>): string {
  if (Array.isArray(document.batches)) return 'batches';
  return isRecord(document.trace) && Array.isArray(document.trace.batches) ? 'trace.batches' : 'trace.resourceSpans';
}

export function tempoBatches(document: Record<string, unknown>): unknown[] | null {
  if (Array.isArray(document.batches)) return document.batches;
  const trace = document.trace;
  if (isRecord(trace)) {
    if (Array.isArray(trace.batches)) return trace.batches;
    if (Array.isArray(trace.resourceSpans)) return trace.resourceSpans;
  }
  return null;
}

/**
 * A list of `ResourceSpans` — OTLP's `resourceSpans` and Tempo's `batches` alike; `listName` names
 * it in messages. A part that is not of its type is skipped and named by its path (notAnObject).
 */
function readResourceSpans(list: unknown[], listName: string, sink: ImportSink, place: Place): void {
  const skip = (message: string): void => sink.skipped(message, place);
  for (const [entry, entryPath] of objectsIn(list, () => listName, RESOURCE_SPANS, skip)) {
    const resource = flattenKeyValues(isRecord(entry.resource) ? entry.resource.attributes : undefined);
    for (const key of SCOPE_LISTS) {
      for (const [scope, scopePath] of objectsIn(entry[key], () => `${entryPath()}.${key}`, SCOPE_SPANS, skip)) {
        for (const [raw] of objectsIn(scope.spans, () => `${scopePath()}.spans`, SPANS, skip)) {
          const span = decodeSpan(raw, resource, sink, place);
          if (span !== null) sink.span(span, place);
        }
      }
    }
  }
}

const RESOURCE_SPANS = { list: 'a list of ResourceSpans', entry: 'a ResourceSpans object' };
const SCOPE_SPANS = { list: 'a list of ScopeSpans', entry: 'a ScopeSpans object' };

/** Where a `ResourceSpans` holds its scopes: `scopeSpans`, or before OTLP 1.0 `instrumentationLibrarySpans`. */
const SCOPE_LISTS = ['scopeSpans', 'instrumentationLibrarySpans'] as const;

function decodeSpan(
  raw: Record<string, unknown>,
  resource: Attributes,
  sink: ImportSink,
  place: Place,
): ImportedSpan | null {
  const name = typeof raw.name === 'string' ? raw.name : '';
  const traceId = normalizeId(raw.traceId, 'trace');
  const spanId = normalizeId(raw.spanId, 'span');
  if (traceId === null || spanId === null) {
    sink.skipped(`span "${quotedText(name)}" has no ${traceId === null ? 'trace id' : 'span id'}; skipped`, place);
    return null;
  }
  const status = isRecord(raw.status) ? raw.status : {};
  return {
    traceId,
    spanId,
    parentSpanId: normalizeId(raw.parentSpanId, 'span'),
    name,
    kind: parseSpanKind(raw.kind),
    startNs: toNanoseconds(raw.startTimeUnixNano, 'ns'),
    endNs: toNanoseconds(raw.endTimeUnixNano, 'ns'),
    status: {
      code: parseStatusCode(status.code),
      message: typeof status.message === 'string' && status.message !== '' ? status.message : null,
    },
    attributes: flattenKeyValues(raw.attributes, sink.keepAttribute),
    events: Array.isArray(raw.events) ? raw.events.filter(isRecord).map(decodeEvent) : [],
    resource,
  };
}

function decodeEvent(raw: Record<string, unknown>): SpanEvent {
  return {
    name: typeof raw.name === 'string' ? raw.name : '',
    timeNs: toNanoseconds(raw.timeUnixNano, 'ns'),
    attributes: flattenKeyValues(raw.attributes),
  };
}

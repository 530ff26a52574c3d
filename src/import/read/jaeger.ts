import { quotedText } from '../../io/validation/describe-value.js';
import { isRecord } from '../../io/validation/is-record.js';
import { objectsIn, SPANS } from './export-objects.js';
import {
  type Attributes,
  type AttributeValue,
  createAttributes,
  type ImportSink,
  type Place,
  type SpanEvent,
  type StatusCode,
} from './span.js';
import {
  doubleValue,
  integerValue,
  normalizeId,
  parseSpanKind,
  parseStatusCode,
  toAttributeValue,
  toNanoseconds,
} from './values.js';

/**
 * Jaeger query-API JSON (`/api/traces/{id}`, the UI's "Download JSON"):
 * `{"data": [{traceID, spans, processes}]}`. Times are microseconds; attributes are typed tags
 * (`{key, type, value}`, or the protobuf-JSON `{key, vType, vStr…}`); OpenTelemetry's span
 * kind and status travel as the tags `span.kind`, `otel.status_code`, `otel.status_description`
 * and `error`; span events are `logs` whose `event` field names them.
 */
export function readJaegerDocument(document: Record<string, unknown>, sink: ImportSink, place: Place): void {
  const data = Array.isArray(document.data) ? document.data : [];
  data.forEach((entry, index) => {
    if (!isRecord(entry)) {
      sink.skipped(`data[${index}] is not a trace object; skipped`, place);
      return;
    }
    const entryTraceId = normalizeId(entry.traceID, 'trace');
    const spans = Array.isArray(entry.spans) ? entry.spans : [];
    if (spans.length === 0) {
      if (entryTraceId === null) sink.skipped(`data[${index}] has neither a traceID nor spans; skipped`, place);
      else sink.emptyTrace(entryTraceId, place);
      return;
    }
    const processes = decodeProcesses(entry.processes);
    const skip = (message: string): void => sink.skipped(message, place);
    for (const [raw] of objectsIn(spans, () => `data[${index}].spans`, SPANS, skip))
      readSpan(raw, entryTraceId, processes, sink, place);
  });
}

function readSpan(
  raw: Record<string, unknown>,
  entryTraceId: string | null,
  processes: Map<string, Attributes>,
  sink: ImportSink,
  place: Place,
): void {
  const name = typeof raw.operationName === 'string' ? raw.operationName : '';
  const traceId = normalizeId(raw.traceID, 'trace') ?? entryTraceId;
  const spanId = normalizeId(raw.spanID, 'span');
  if (traceId === null || spanId === null) {
    sink.skipped(`span "${quotedText(name)}" has no ${traceId === null ? 'traceID' : 'spanID'}; skipped`, place);
    return;
  }
  const tags = decodeTags(raw.tags);
  const startNs = toNanoseconds(raw.startTime, 'us');
  const durationNs = durationNanoseconds(raw.duration);
  const attributes = createAttributes();
  for (const key in tags) if (sink.keepAttribute(key)) attributes[key] = tags[key] ?? null;
  const processResource = typeof raw.processID === 'string' ? processes.get(raw.processID) : undefined;
  sink.span(
    {
      traceId,
      spanId,
      parentSpanId: parentOf(raw, traceId),
      name,
      kind: parseSpanKind(tags['span.kind']),
      startNs,
      endNs: startNs !== null && durationNs !== null ? startNs + durationNs : null,
      status: {
        code: statusOf(tags),
        message: typeof tags['otel.status_description'] === 'string' ? tags['otel.status_description'] : null,
      },
      attributes,
      events: Array.isArray(raw.logs) ? raw.logs.filter(isRecord).map(decodeLog) : [],
      resource: processResource ?? decodeProcess(raw.process),
    },
    place,
  );
}

/** Jaeger's UI takes the first CHILD_OF reference in the same trace as the parent, else the first reference there. */
function parentOf(raw: Record<string, unknown>, traceId: string): string | null {
  const references = Array.isArray(raw.references) ? raw.references.filter(isRecord) : [];
  const sameTrace = references.filter((reference) => {
    const referenceTrace = normalizeId(reference.traceID, 'trace');
    return referenceTrace === null || referenceTrace === traceId;
  });
  const reference = sameTrace.find((candidate) => candidate.refType === 'CHILD_OF') ?? sameTrace[0];
  if (reference !== undefined) return normalizeId(reference.spanID, 'span');
  return normalizeId(raw.parentSpanID, 'span');
}

function statusOf(tags: Attributes): StatusCode {
  const code = parseStatusCode(tags['otel.status_code']);
  if (code !== 'unset') return code;
  return tags.error === true || tags.error === 'true' ? 'error' : 'unset';
}

function durationNanoseconds(value: unknown): bigint | null {
  if (value === 0 || value === '0') return 0n;
  return toNanoseconds(value, 'us');
}

function decodeLog(raw: Record<string, unknown>): SpanEvent {
  const fields = decodeTags(raw.fields);
  const name = typeof fields.event === 'string' ? fields.event : 'log';
  const attributes = createAttributes();
  for (const key in fields) if (key !== 'event') attributes[key] = fields[key] ?? null;
  return { name, timeNs: toNanoseconds(raw.timestamp, 'us'), attributes };
}

function decodeProcesses(value: unknown): Map<string, Attributes> {
  return new Map(isRecord(value) ? Object.entries(value).map(([id, process]) => [id, decodeProcess(process)]) : []);
}

function decodeProcess(value: unknown): Attributes {
  const resource = createAttributes();
  if (!isRecord(value)) return resource;
  if (typeof value.serviceName === 'string') resource['service.name'] = value.serviceName;
  return Object.assign(resource, decodeTags(value.tags));
}

function decodeTags(list: unknown): Attributes {
  const tags = createAttributes();
  if (!Array.isArray(list)) return tags;
  for (const tag of list) {
    if (isRecord(tag) && typeof tag.key === 'string') tags[tag.key] = tagValue(tag);
  }
  return tags;
}

function tagValue(tag: Record<string, unknown>): AttributeValue {
  const type = String(tag.type ?? tag.vType ?? 'string').toLowerCase();
  const value = 'value' in tag ? tag.value : (tag.vStr ?? tag.vBool ?? tag.vInt64 ?? tag.vFloat64 ?? tag.vBinary);
  switch (type) {
    case 'bool':
      return value === true || value === 'true';
    case 'int64':
      return integerValue(value);
    case 'float64':
      return doubleValue(value);
    default:
      return toAttributeValue(value);
  }
}

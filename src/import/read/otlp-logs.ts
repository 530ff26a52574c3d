import { isRecord } from '../../io/validation/is-record.js';
import { asText, EVENT, SPRING_LOG } from '../map/conventions.js';
import { readSpringContentLog } from '../map/spring-content-log.js';
import { createAttributes, type ImportSink, type Place } from './span.js';
import { flattenAnyValue, flattenKeyValues, normalizeId, toNanoseconds } from './values.js';

/**
 * OTLP/JSON log records (`{"resourceLogs": [{scopeLogs: [{logRecords: […]}]}]}`): the GenAI
 * conventions define events as log records, so a verifier's `gen_ai.evaluation.result` may come
 * this way rather than as a span event. A record counts when its `eventName` (or its
 * `event.name` attribute) is `gen_ai.evaluation.result` and it names a trace; it is given to
 * that trace as an event. So does a record whose body is one of Spring AI's chat client content
 * messages (map/spring-content-log.ts), as an event named `spring.ai.chat.client.prompt` /
 * `…completion` holding the body in `content` and the record's span id in `span_id`; one cut off
 * is skipped by name. Other records are not read.
 */
export function readResourceLogs(list: unknown[], sink: ImportSink, place: Place): void {
  for (const entry of list) {
    if (!isRecord(entry)) continue;
    const scopes = Array.isArray(entry.scopeLogs) ? entry.scopeLogs : [];
    for (const scope of scopes) {
      if (!isRecord(scope) || !Array.isArray(scope.logRecords)) continue;
      for (const record of scope.logRecords) readLogRecord(record, sink, place);
    }
  }
}

function readLogRecord(record: unknown, sink: ImportSink, place: Place): void {
  if (!isRecord(record)) return;
  const attributes = flattenKeyValues(record.attributes);
  const name =
    typeof record.eventName === 'string' && record.eventName !== ''
      ? record.eventName
      : asText(attributes['event.name']);
  if (name !== EVENT.evaluationResult) {
    readSpringContentRecord(record, sink, place);
    return;
  }
  const traceId = normalizeId(record.traceId, 'trace');
  if (traceId === null) {
    sink.skipped(`log record ${EVENT.evaluationResult} has no trace id; skipped`, place);
    return;
  }
  const timeNs = toNanoseconds(record.timeUnixNano, 'ns') ?? toNanoseconds(record.observedTimeUnixNano, 'ns');
  sink.traceEvent(traceId, { name, timeNs, attributes }, place);
}

function readSpringContentRecord(record: Record<string, unknown>, sink: ImportSink, place: Place): void {
  const body = flattenAnyValue(record.body);
  if (typeof body !== 'string') return;
  const content = readSpringContentLog(body);
  if (content === null) return;
  const traceId = normalizeId(record.traceId, 'trace');
  if (content.kind === 'cut') {
    const of = traceId === null ? '' : ` of trace ${traceId}`;
    sink.skipped(`log record "${content.prefix}"${of} is cut off (no closing "]); skipped`, place);
    return;
  }
  if (traceId === null) {
    sink.skipped(`log record "${content.prefix}" has no trace id; skipped`, place);
    return;
  }
  const attributes = createAttributes();
  attributes.content = body;
  attributes.span_id = normalizeId(record.spanId, 'span');
  const timeNs = toNanoseconds(record.timeUnixNano, 'ns') ?? toNanoseconds(record.observedTimeUnixNano, 'ns');
  const eventName =
    content.kind === 'prompt'
      ? SPRING_LOG.promptEvent
      : content.prefix === SPRING_LOG.modelCompletionPrefix
        ? SPRING_LOG.modelCompletionEvent
        : SPRING_LOG.completionEvent;
  sink.traceEvent(traceId, { name: eventName, timeNs, attributes }, place);
}

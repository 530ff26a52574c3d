import { isRecord } from '../../io/is-record.js';
import { asText, EVENT } from '../map/conventions.js';
import type { ImportSink, Place } from './span.js';
import { flattenKeyValues, normalizeId, toNanoseconds } from './values.js';

/**
 * OTLP/JSON log records (`{"resourceLogs": [{scopeLogs: [{logRecords: […]}]}]}`): the GenAI
 * conventions define events as log records, so a verifier's `gen_ai.evaluation.result` may come
 * this way rather than as a span event. A record counts when its `eventName` (or its
 * `event.name` attribute) is `gen_ai.evaluation.result` and it names a trace; it is given to
 * that trace as an event. Other records are not read.
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
  if (name !== EVENT.evaluationResult) return;
  const traceId = normalizeId(record.traceId, 'trace');
  if (traceId === null) {
    sink.skipped(`log record ${EVENT.evaluationResult} has no trace id; skipped`, place);
    return;
  }
  const timeNs = toNanoseconds(record.timeUnixNano, 'ns') ?? toNanoseconds(record.observedTimeUnixNano, 'ns');
  sink.traceEvent(traceId, { name, timeNs, attributes }, place);
}

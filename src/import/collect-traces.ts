import type { ImportedSpan, SpanEvent } from './read/span.js';

/** One trace's spans, from however many lines and files they came. */
export interface CollectedTrace {
  traceId: string;
  /** The export file (as displayed) where the trace was first seen. */
  file: string;
  spans: ImportedSpan[];
  /** Events recorded for the trace outside its spans (OTLP log records). */
  events: SpanEvent[];
}

export interface EmptyTrace {
  traceId: string;
  file: string;
  line: number | null;
}

/**
 * Groups spans by trace id across every line and file, in order of first appearance, so that
 * a trace the file exporter split over many JSON Lines becomes one trace again. A span id seen
 * twice in a trace (the same export given twice, overlapping exports) counts once.
 */
export class TraceCollector {
  private readonly byId = new Map<string, { traceId: string; file: string; spans: Map<string, ImportedSpan> }>();
  private readonly empty = new Map<string, EmptyTrace>();
  private readonly events = new Map<string, { file: string; line: number | null; events: SpanEvent[] }>();

  add(span: ImportedSpan, file: string): void {
    let trace = this.byId.get(span.traceId);
    if (trace === undefined) {
      trace = { traceId: span.traceId, file, spans: new Map() };
      this.byId.set(span.traceId, trace);
    }
    if (!trace.spans.has(span.spanId)) trace.spans.set(span.spanId, span);
  }

  addEvent(traceId: string, event: SpanEvent, file: string, line: number | null): void {
    const entry = this.events.get(traceId) ?? { file, line, events: [] };
    entry.events.push(event);
    this.events.set(traceId, entry);
  }

  addEmpty(traceId: string, file: string, line: number | null): void {
    if (!this.empty.has(traceId)) this.empty.set(traceId, { traceId, file, line });
  }

  traces(): CollectedTrace[] {
    return [...this.byId.values()].map((trace) => ({
      traceId: trace.traceId,
      file: trace.file,
      spans: [...trace.spans.values()],
      events: this.events.get(trace.traceId)?.events ?? [],
    }));
  }

  /** Traces that events were recorded for but that have no span anywhere in the input. */
  eventsWithoutTrace(): EmptyTrace[] {
    return [...this.events.entries()]
      .filter(([traceId]) => !this.byId.has(traceId))
      .map(([traceId, entry]) => ({ traceId, file: entry.file, line: entry.line }));
  }

  /** Traces listed without spans anywhere in the input. */
  emptyTraces(): EmptyTrace[] {
    return [...this.empty.values()].filter((trace) => !this.byId.has(trace.traceId));
  }
}

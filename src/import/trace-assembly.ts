import type { ImportProblem } from './problems.js';
import type { ImportedSpan, Place, SpanEvent } from './read/span.js';

/** One trace's spans, from however many lines and files they came. */
export interface CollectedTrace {
  traceId: string;
  /** Its place in the order of first appearance across the files: 0, 1, 2, … */
  index: number;
  /** The export file (as displayed) where the trace was first seen. */
  file: string;
  spans: ImportedSpan[];
  /** Events recorded for the trace outside its spans (OTLP log records). */
  events: SpanEvent[];
}

type OpenTrace = Omit<CollectedTrace, 'spans'> & { spans: Map<string, ImportedSpan> };

/** A trace already handed on: what it keeps when it is handed on again, whole. */
export type SettledTrace = Pick<CollectedTrace, 'index' | 'file'>;

/**
 * Groups spans by trace id across every line and file, so that a trace the file exporter split
 * over many JSON Lines becomes one trace again, and hands each trace on as soon as it is
 * complete rather than holding every trace to the end. A span id seen twice in a trace (the
 * same export given twice, overlapping exports) counts once: the first is kept.
 *
 * A trace counts as complete once its root span (a span without a parent) has been read and the
 * line or document that held it is done: exporters write a span when it ends, so the root comes
 * last. Only its index and file are kept after. Should a span or an event of the trace turn up
 * later after all (out of order, in a later file), the trace is marked late; the caller reads
 * the input again for the late traces alone (collectAgain, with an assembly of its own) and hands
 * them on again, whole, so that whatever the order of the input each trace ends up as one pass
 * over all of it gives.
 */
export class TraceAssembly {
  private readonly open = new Map<string, OpenTrace>();
  /** Open traces whose root span has been read. */
  private readonly ready = new Set<OpenTrace>();
  private readonly settled = new Map<string, SettledTrace>();
  private readonly late = new Set<string>();
  /** Where each trace listed without spans was listed. */
  private readonly empty = new Map<string, Place>();
  /** Events of traces no span has been read for (yet). */
  private readonly pendingEvents = new Map<string, Place & { events: SpanEvent[] }>();

  /** `onSettled`: told when a trace is handed on, so that state kept per trace can go. */
  constructor(private readonly onSettled: (traceId: string) => void = () => undefined) {}

  /** True (and the trace marked late) when the trace was already handed on: its span is not taken now. */
  isLate(traceId: string): boolean {
    if (!this.settled.has(traceId)) return false;
    this.late.add(traceId);
    return true;
  }

  add(span: ImportedSpan, file: string): void {
    if (this.isLate(span.traceId)) return;
    let trace = this.open.get(span.traceId);
    if (trace === undefined) {
      // Every trace seen so far is open or settled: its index is their count.
      const index = this.open.size + this.settled.size;
      const events = this.pendingEvents.get(span.traceId)?.events ?? [];
      this.pendingEvents.delete(span.traceId);
      trace = { traceId: span.traceId, index, file, spans: new Map(), events };
      this.open.set(span.traceId, trace);
    }
    if (!trace.spans.has(span.spanId)) trace.spans.set(span.spanId, span);
    if (span.parentSpanId === null) this.ready.add(trace);
  }

  addEvent(traceId: string, event: SpanEvent, file: string, line: number | null): void {
    if (this.isLate(traceId)) return;
    const open = this.open.get(traceId);
    if (open !== undefined) {
      open.events.push(event);
      return;
    }
    const pending = this.pendingEvents.get(traceId) ?? { file, line, events: [] };
    pending.events.push(event);
    this.pendingEvents.set(traceId, pending);
  }

  addEmpty(traceId: string, file: string, line: number | null): void {
    if (!this.empty.has(traceId)) this.empty.set(traceId, { file, line });
  }

  /** Traces whose root span has been read, taken out of memory; call when a line or document is done. */
  settle(): CollectedTrace[] {
    return this.handOver(this.ready);
  }

  /** Every trace still open, at the end of the input. */
  settleAll(): CollectedTrace[] {
    return this.handOver(this.open.values());
  }

  /** Traces more of which was read after they were handed on, by trace id. */
  lateTraces(): Map<string, SettledTrace> {
    return new Map([...this.late].map((traceId) => [traceId, this.settled.get(traceId) as SettledTrace]));
  }

  /** Traces listed, or that events were recorded for, without a span anywhere in the input. */
  tracesWithoutSpans(): ImportProblem[] {
    const listed = [...this.empty].filter(([traceId]) => !this.open.has(traceId) && !this.settled.has(traceId));
    return [
      ...listed.map(([traceId, { file, line }]) => ({ file, line, message: `trace ${traceId} has no spans; skipped` })),
      ...[...this.pendingEvents].map(([traceId, { file, line }]) => ({
        file,
        line,
        message: `evaluation result for trace ${traceId}, which has no spans; skipped`,
      })),
    ];
  }

  private handOver(traces: Iterable<OpenTrace>): CollectedTrace[] {
    const collected = [...traces].map((trace): CollectedTrace => {
      this.open.delete(trace.traceId);
      this.settled.set(trace.traceId, { index: trace.index, file: trace.file });
      this.onSettled(trace.traceId);
      return { ...trace, spans: [...trace.spans.values()] };
    });
    this.ready.clear();
    return collected;
  }
}

import { quotedText } from '../io/validation/describe-value.js';
import { spanFingerprint } from './map/span-fingerprint.js';
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
 * complete rather than holding every trace to the end. A span seen twice in a trace (the same
 * export given twice, overlapping exports) counts once. Two different spans under one span id
 * are a fault of the export: the one of the smaller fingerprint (map/span-fingerprint.ts) is
 * kept, whatever the order they come in, and the other is named in `conflicts`. An assembly that
 * shares parts of the spans it keeps between them (`keep`, RepeatedToolResponses) cannot swap one
 * span for another: it marks the trace late instead, to be read again by one that does not.
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
  /** Spans given up for another of the same id, each named once: by trace, span id and fingerprint. */
  private readonly given = new Map<string, ImportProblem>();
  /**
   * Where each span of an open trace was read, by trace id, to name the one given up: kept only by
   * an assembly that resolves conflicts (no `keep`), which reads the traces read again, not the
   * whole input; a trace's go when it is handed on.
   */
  private readonly places: Map<string, Map<ImportedSpan, Place>> | null;

  /**
   * `onSettled`: told when a trace is handed on, so that state kept per trace can go. `keep`: what
   * is held of a span taken (not of one given again).
   */
  constructor(
    private readonly onSettled: (traceId: string) => void = () => undefined,
    private readonly keep: ((span: ImportedSpan) => ImportedSpan) | null = null,
  ) {
    this.places = keep === null ? new Map() : null;
  }

  /** True (and the trace marked late) when the trace was already handed on: its span is not taken now. */
  isLate(traceId: string): boolean {
    if (!this.settled.has(traceId)) return false;
    this.late.add(traceId);
    return true;
  }

  add(span: ImportedSpan, place: Place): void {
    if (this.isLate(span.traceId)) return;
    let trace = this.open.get(span.traceId);
    if (trace === undefined) {
      // Every trace seen so far is open or settled: its index is their count.
      const index = this.open.size + this.settled.size;
      const events = this.pendingEvents.get(span.traceId)?.events ?? [];
      this.pendingEvents.delete(span.traceId);
      trace = { traceId: span.traceId, index, file: place.file, spans: new Map(), events };
      this.open.set(span.traceId, trace);
    }
    if (this.places !== null) {
      const places = this.places.get(span.traceId) ?? new Map<ImportedSpan, Place>();
      this.places.set(span.traceId, places.set(span, place));
    }
    const held = trace.spans.get(span.spanId);
    if (held === undefined) trace.spans.set(span.spanId, this.keep?.(span) ?? span);
    else this.offerAgain(trace, held, span);
    if (span.parentSpanId === null) this.ready.add(trace);
  }

  /** A span id read again: the same span is nothing new; another span is a conflict. */
  private offerAgain(trace: OpenTrace, held: ImportedSpan, offered: ImportedSpan): void {
    const heldPrint = spanFingerprint(held);
    const offeredPrint = spanFingerprint(offered);
    if (heldPrint === offeredPrint) return;
    if (this.keep !== null) {
      this.late.add(trace.traceId);
      return;
    }
    const [kept, givenUp, givenUpPrint] =
      heldPrint < offeredPrint ? [held, offered, offeredPrint] : [offered, held, heldPrint];
    trace.spans.set(offered.spanId, kept);
    this.giveUp(givenUp, givenUpPrint, kept);
  }

  /** The spans given up for another span of the same id, each once, in the order they were given up. */
  conflicts(): ImportProblem[] {
    return [...this.given.values()];
  }

  private giveUp(givenUp: ImportedSpan, fingerprint: string, kept: ImportedSpan): void {
    const { traceId, spanId, name } = givenUp;
    const key = `${traceId} ${spanId} ${fingerprint}`;
    if (this.given.has(key)) return;
    const place = this.places?.get(traceId)?.get(givenUp);
    this.given.set(key, {
      file: place?.file ?? '(all files)',
      line: place?.line ?? null,
      message:
        `trace ${quotedText(traceId)}: span ${JSON.stringify(quotedText(name))} has span id ${quotedText(spanId)}, ` +
        `which another span of the trace (${JSON.stringify(quotedText(kept.name))}) has with different content; ` +
        'expected each span id once in a trace; span skipped',
    });
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

  /** Traces more of which was read after they were handed on, or that gave up a span for another of its id: by trace id. */
  lateTraces(): Map<string, SettledTrace> {
    return new Map([...this.late].map((traceId) => [traceId, this.settled.get(traceId) as SettledTrace]));
  }

  /** Traces listed, or that events were recorded for, without a span anywhere in the input. */
  tracesWithoutSpans(): ImportProblem[] {
    const listed = [...this.empty].filter(([traceId]) => !this.open.has(traceId) && !this.settled.has(traceId));
    return [
      ...listed.map(([traceId, { file, line }]) => ({
        file,
        line,
        message: `trace ${quotedText(traceId)} has no spans; skipped`,
      })),
      ...[...this.pendingEvents].map(([traceId, { file, line }]) => ({
        file,
        line,
        message: `evaluation result for trace ${quotedText(traceId)}, which has no spans; skipped`,
      })),
    ];
  }

  private handOver(traces: Iterable<OpenTrace>): CollectedTrace[] {
    const collected = [...traces].map((trace): CollectedTrace => {
      this.open.delete(trace.traceId);
      this.settled.set(trace.traceId, { index: trace.index, file: trace.file });
      this.onSettled(trace.traceId);
      this.places?.delete(trace.traceId);
      return { ...trace, spans: [...trace.spans.values()] };
    });
    this.ready.clear();
    return collected;
  }
}

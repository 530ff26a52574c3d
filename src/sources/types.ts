import type { EvalCase } from '../cases/types.js';

/**
 * What a source found for one run of a case. A source knows where traces come from
 * (a fixture folder, a live service, an exported OpenTelemetry file); it does not judge them.
 */
export type TraceRunInput =
  /** A parsed JSON value, to be checked against the trace shape by the evaluator. */
  | { kind: 'document'; document: unknown; traceFixture: string | null; sessionId: string | null }
  /** Bytes were found but are not a JSON value (syntax, encoding, size): `trace-loadable` fails with `problem`. */
  | { kind: 'unparsable'; problem: string; traceFixture: string | null; sessionId: string | null }
  /** No trace could be had (missing fixture, service unreachable): the run is `not_run`. */
  | { kind: 'not_run'; reason: string; traceFixture: string | null; sessionId: string | null };

export interface TraceSource {
  /**
   * The runs of one case: one unless the source asks the service several times. Rejects only
   * with an InputError when the source cannot be used at all (a live service that did not answer
   * the run's first request); the run then stops.
   */
  tracesFor(evalCase: EvalCase): Promise<TraceRunInput[]>;
  /** Lines for the CLI to print after the run (orphan fixtures, ambiguous matches), in a stable order. */
  warnings(): string[];
  /** How many cases may be fetched at once. */
  readonly concurrency: number;
  /**
   * For a source that reads local files: the runs of the first cases of `cases`, one entry per
   * case read, at least one and as many as fit the source's memory budget. The pipeline then reads
   * a stretch of cases and judges them one after the other, instead of reading and judging each
   * case in turn (see run-cases.ts, READ_AHEAD_CASES). Never throws.
   */
  readonly readAhead?: (cases: readonly EvalCase[]) => TraceRunInput[][];
}

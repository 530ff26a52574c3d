import type { EvalCase } from './types.js';

/**
 * The cases of a run, in case-file order, as the pipeline reads them: a list held in memory (an
 * array is one), or a JSON case file read one case at a time (json-cases-one-at-a-time.ts), so
 * that a run of tens of thousands of cases never holds them all.
 */
export interface CaseSequence extends Iterable<EvalCase> {
  readonly length: number;
  /** The case at `index`, undefined past the end. A case file read a case at a time parses it anew at each call. */
  at(index: number): EvalCase | undefined;
  /** Each case's traceFixture, when known without reading the cases again (the orphan-fixture scan needs only these). */
  readonly traceFixtures?: readonly string[];
}

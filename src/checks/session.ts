import type { ContractValues } from '../config/contract.js';
import { AnswerReader } from '../text/answer-reader.js';
import { compileMarkerPatterns, type MarkerPattern } from '../text/marker-patterns.js';
import { compileEmptyResultMarkers, type EmptyResultMarkers } from '../trace/evidence-yield.js';

/**
 * What one evaluation keeps from trace to trace: values worked out from the case file and the
 * contract (the answer-reading rules, the normalised empty-result markers, the protocol markers'
 * patterns) that every trace would otherwise work out again.
 * A run makes one and hands it to every check context (evaluateRun makes its own when given none),
 * so nothing is kept between runs or shared between callers.
 */
export class EvaluationSession {
  /** The contract's answer-reading rules, compiled once for the run when an answer first needs them. */
  readonly reader: AnswerReader;
  /** The contract's empty-result markers, normalised once for the run (evidence-yield.ts). */
  readonly emptyResultMarkers: EmptyResultMarkers;
  /** The contract's protocol markers as patterns of their other spellings (no-raw-structure). */
  readonly protocolMarkerPatterns: readonly MarkerPattern[];

  constructor(contract: ContractValues) {
    this.reader = new AnswerReader(contract);
    this.emptyResultMarkers = compileEmptyResultMarkers(contract.emptyResultMarkers);
    this.protocolMarkerPatterns = compileMarkerPatterns(contract.protocolMarkers);
  }
}

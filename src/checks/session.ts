import type { ContractValues } from '../config/contract.js';
import { AnswerReader } from '../text/answer-reader.js';
import { compileMarkerPatterns, type MarkerPattern } from '../text/marker-patterns.js';
import { compileEmptyResultMarkers, type EmptyResultMarkers } from '../trace/evidence-yield.js';

/**
 * What one evaluation keeps from trace to trace: what the contract's rules and markers compile to,
 * which every trace would otherwise work out again. A run makes one and hands it to every check
 * context, so nothing is kept between runs or shared between callers.
 */
export class EvaluationSession {
  /** Compiled once for the run when an answer first needs them. */
  readonly reader: AnswerReader;
  readonly emptyResultMarkers: EmptyResultMarkers;
  /** The protocol markers as patterns of their other spellings (no-raw-structure). */
  readonly protocolMarkerPatterns: readonly MarkerPattern[];

  constructor(contract: ContractValues) {
    this.reader = new AnswerReader(contract);
    this.emptyResultMarkers = compileEmptyResultMarkers(contract.emptyResultMarkers);
    this.protocolMarkerPatterns = compileMarkerPatterns(contract.protocolMarkers);
  }
}

import type { ContractValues } from '../config/contract.js';
import { AnswerReader } from '../text/answer-reader.js';
import { BoundedMemo } from './bounded-memo.js';

/**
 * What one evaluation keeps from trace to trace: values worked out from the case file and the
 * contract (the answer-reading rules, marker lists compiled to patterns) that every trace would
 * otherwise work out again.
 * A run makes one and hands it to every check context (evaluateRun makes its own when given none),
 * so nothing is kept between runs or shared between callers.
 */
export class EvaluationSession {
  /** The contract's answer-reading rules, compiled once for the run when an answer first needs them. */
  readonly reader: AnswerReader;
  private readonly memos = new Map<string, BoundedMemo<string, NonNullable<unknown>>>();

  constructor(contract: ContractValues) {
    this.reader = new AnswerReader(contract);
  }

  /** The memo called `name` (one per use, bounded to `limit` entries), made on first use. */
  memo<V extends NonNullable<unknown>>(name: string, limit: number): BoundedMemo<string, V> {
    let memo = this.memos.get(name);
    if (memo === undefined) {
      memo = new BoundedMemo(limit);
      this.memos.set(name, memo);
    }
    return memo as BoundedMemo<string, V>;
  }
}

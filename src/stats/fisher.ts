/**
 * Fisher's exact test on a 2×2 table, one-sided (docs/statistics.md). The table is
 *
 *                 column 1   column 2
 *     row 1          a          b
 *     row 2          c          d
 *
 * and, with every margin fixed, `a` follows the hypergeometric distribution: a + b draws from
 * a + c successes and b + d failures. `lower` is P(X ≤ a), R's `fisher.test(alternative = "less")`
 * on matrix(c(a, c, b, d), 2); `higher` is P(X ≥ a), `alternative = "greater"`.
 *
 * Probabilities are summed in log space, each term relative to the largest, so that tables of
 * thousands of runs neither underflow nor lose the tail: the work is one pass over the support,
 * at most a + b + c + d + 1 terms.
 */

export interface TwoByTwo {
  a: number;
  b: number;
  c: number;
  d: number;
}

export type Tail = 'lower' | 'higher';

export function fisherExactOneSided(table: TwoByTwo, tail: Tail): number {
  const { a, b, c, d } = table;
  for (const cell of [a, b, c, d]) {
    if (!Number.isSafeInteger(cell) || cell < 0)
      throw new RangeError(`a table cell must be a whole number ≥ 0, got ${cell}`);
  }
  const draws = a + b;
  const successes = a + c;
  const failures = b + d;
  const logFactorial = logFactorials(draws + successes + failures);
  const logChoose = (n: number, k: number): number =>
    (logFactorial[n] as number) - (logFactorial[k] as number) - (logFactorial[n - k] as number);
  const low = Math.max(0, draws - failures);
  const high = Math.min(draws, successes);
  const logTotal = logChoose(successes + failures, draws);
  const logTerms: number[] = [];
  for (let x = low; x <= high; x += 1)
    logTerms.push(logChoose(successes, x) + logChoose(failures, draws - x) - logTotal);
  const tailTerms = tail === 'lower' ? logTerms.slice(0, a - low + 1) : logTerms.slice(a - low);
  const tailSum = logSumExp(tailTerms);
  const allSum = logSumExp(logTerms);
  // Dividing by the whole distribution's sum (1 up to rounding) keeps p at most 1.
  return Math.min(1, Math.exp(tailSum - allSum));
}

/** log(n!) for n = 0 … max, by summing logarithms: exact to the last few bits for the sizes a report holds. */
function logFactorials(max: number): Float64Array {
  const table = new Float64Array(max + 1);
  for (let n = 2; n <= max; n += 1) table[n] = (table[n - 1] as number) + Math.log(n);
  return table;
}

/** log(Σ exp(value)) over the values. */
function logSumExp(values: readonly number[]): number {
  const max = Math.max(...values);
  if (max === Number.NEGATIVE_INFINITY) return max;
  return max + Math.log(values.reduce((sum, value) => sum + Math.exp(value - max), 0));
}

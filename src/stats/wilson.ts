/**
 * The Wilson score interval for a binomial proportion (Wilson 1927; Newcombe 1998, method 3):
 * the proportions p for which the score test of `successes` out of `trials` does not reject p at
 * the two-sided level 1 − confidence. It stays inside [0, 1] and keeps its coverage near the
 * nominal level for small numbers of runs and rates near 0 or 1, where the normal (Wald)
 * interval collapses to a point. Closed form, no sampling: the same counts give the same interval.
 */

export interface Interval {
  low: number;
  high: number;
}

/** z for a 95% two-sided interval: the 0.975 quantile of the standard normal distribution (R's qnorm(0.975)). */
const z = 1.959963984540054;

export function wilsonInterval(successes: number, trials: number): Interval {
  if (
    !Number.isSafeInteger(trials) ||
    trials < 1 ||
    !Number.isSafeInteger(successes) ||
    successes < 0 ||
    successes > trials
  )
    throw new RangeError(`expected 0 ≤ successes ≤ trials, trials ≥ 1; got ${successes} of ${trials}`);
  const p = successes / trials;
  const z2 = z * z;
  const denominator = 1 + z2 / trials;
  const centre = (p + z2 / (2 * trials)) / denominator;
  const half = (z / denominator) * Math.sqrt((p * (1 - p)) / trials + z2 / (4 * trials * trials));
  // At 0 and at `trials` one bound is exactly 0 or 1; rounding must not move it past.
  return {
    low: successes === 0 ? 0 : Math.max(0, centre - half),
    high: successes === trials ? 1 : Math.min(1, centre + half),
  };
}

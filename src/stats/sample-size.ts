import { normalQuantile } from './normal-quantile.js';

/**
 * How many runs per case, on each side, a one-sided comparison of two pass rates needs to detect
 * a drop from `baselineRate` to `baselineRate − drop` (docs/statistics.md): the normal
 * approximation for two proportions with Fleiss, Tytun and Ury's continuity correction
 * (Fleiss, Levin & Paik, Statistical Methods for Rates and Proportions, 3rd ed., §4.2), which
 * approximates Fisher's exact test, the test the diff makes:
 *
 *     n  = ( z(1−α) · √(2 p̄ q̄) + z(power) · √(p1 q1 + p2 q2) )² / Δ²
 *     n' = n / 4 · ( 1 + √(1 + 4 / (n Δ)) )²
 *
 * with p1 the baseline rate, p2 = p1 − Δ, q = 1 − p and p̄ the mean of p1 and p2; n' rounded up.
 * Null when the drop cannot happen (it would take the rate below 0); Infinity when it is too
 * small for the arithmetic to tell p2 from p1 (`--detect 1e-300`): no number of runs would.
 */
export function runsToDetectDrop(baselineRate: number, drop: number, alpha: number, power: number): number | null {
  const p1 = baselineRate;
  const p2 = baselineRate - drop;
  if (!(drop > 0) || p2 < 0) return null;
  const mean = (p1 + p2) / 2;
  // z(1−α) as −z(α): for a tiny α (1e-20), 1 − α rounds to 1, whose quantile is infinite.
  const zAlpha = -normalQuantile(alpha);
  const zPower = normalQuantile(power);
  const root = zAlpha * Math.sqrt(2 * mean * (1 - mean)) + zPower * Math.sqrt(p1 * (1 - p1) + p2 * (1 - p2));
  const n = (root * root) / (drop * drop);
  const corrected = (n / 4) * (1 + Math.sqrt(1 + 4 / (n * drop))) ** 2;
  if (!Number.isFinite(corrected)) return Number.POSITIVE_INFINITY;
  // A figure a hair above a whole number from rounding (12.000000000001) is that number.
  return Math.max(2, Math.ceil(corrected - 1e-9));
}

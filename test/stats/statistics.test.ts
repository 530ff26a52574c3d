import { describe, expect, it } from 'vitest';
import { fisherExactOneSided, type TwoByTwo } from '../../src/stats/fisher.js';
import { holmAdjust } from '../../src/stats/holm.js';
import { normalQuantile } from '../../src/stats/normal-quantile.js';
import { runsToDetectDrop } from '../../src/stats/sample-size.js';
import { wilsonInterval } from '../../src/stats/wilson.js';

/** C(n, k) exactly. */
function choose(n: number, k: number): bigint {
  let result = 1n;
  for (let i = 1; i <= k; i += 1) result = (result * BigInt(n - k + i)) / BigInt(i);
  return result;
}

/**
 * The one-sided Fisher p-value from its closed form, in exact integer arithmetic: the
 * hypergeometric tail Σ C(a+c, x) C(b+d, a+b−x) / C(n, a+b) over x ≤ a (lower) or x ≥ a (higher).
 * An independent reference for tables no publication lists.
 */
function exactFisher({ a, b, c, d }: TwoByTwo, tail: 'lower' | 'higher'): number {
  const draws = a + b;
  const successes = a + c;
  const failures = b + d;
  let sum = 0n;
  for (let x = Math.max(0, draws - failures); x <= Math.min(draws, successes); x += 1) {
    if (tail === 'lower' ? x <= a : x >= a) sum += choose(successes, x) * choose(failures, draws - x);
  }
  const total = choose(successes + failures, draws);
  const scale = 10n ** 40n;
  return Number((sum * scale) / total) / 1e40;
}

describe('Fisher exact test, one-sided (S77)', () => {
  // Published values: R's documentation of stats::fisher.test (its Examples section, "## => p = 0.2429"
  // for the tea tasting; the twins' convictions with alternative = "less", p-value = 0.0004652), from
  // Agresti (1990, p. 61f) and Fisher (1962). R's "less" is P(X ≤ a) for matrix(c(a, c, b, d), 2).
  it.each([
    {
      name: "Fisher's tea tasting, alternative = greater",
      table: { a: 3, b: 1, c: 1, d: 3 },
      tail: 'higher',
      p: 0.2429,
    },
    {
      name: 'convictions of like-sex twins, alternative = less',
      table: { a: 2, b: 15, c: 10, d: 3 },
      tail: 'lower',
      p: 0.0004652,
    },
  ] as const)('S77 matches R fisher.test: $name', ({ table, tail, p }) => {
    const digits = -Math.floor(Math.log10(p)) + 3;
    expect(fisherExactOneSided(table, tail)).toBeCloseTo(p, digits);
  });

  // Reference values computed from the closed form above in exact integer arithmetic (not looked up).
  it.each([
    { table: { a: 3, b: 7, c: 10, d: 0 }, tail: 'lower' },
    { table: { a: 6, b: 4, c: 8, d: 2 }, tail: 'lower' },
    { table: { a: 8, b: 2, c: 6, d: 4 }, tail: 'higher' },
    { table: { a: 0, b: 2, c: 2, d: 0 }, tail: 'lower' },
    { table: { a: 5, b: 5, c: 5, d: 5 }, tail: 'lower' },
    { table: { a: 900, b: 100, c: 930, d: 70 }, tail: 'lower' },
    { table: { a: 700, b: 300, c: 900, d: 100 }, tail: 'lower' },
    { table: { a: 1, b: 999, c: 3, d: 997 }, tail: 'lower' },
  ] as const)(
    'S77 equals the exact hypergeometric tail for $table.a/$table.b vs $table.c/$table.d ($tail)',
    ({ table, tail }) => {
      const reference = exactFisher(table, tail);
      expect(Math.abs(fisherExactOneSided(table, tail) - reference)).toBeLessThanOrEqual(1e-12 + 1e-9 * reference);
    },
  );

  it('S77 stays finite and in [0, 1] at 1000 runs a side, where the terms underflow a double', () => {
    expect(fisherExactOneSided({ a: 0, b: 1000, c: 1000, d: 0 }, 'lower')).toBe(0);
    expect(fisherExactOneSided({ a: 1000, b: 0, c: 0, d: 1000 }, 'lower')).toBe(1);
    const p = fisherExactOneSided({ a: 400, b: 600, c: 600, d: 400 }, 'lower');
    expect(p).toBeGreaterThan(0);
    expect(p).toBeLessThan(1e-15);
  });

  it('S77 refuses a cell that is not a whole number ≥ 0', () => {
    expect(() => fisherExactOneSided({ a: -1, b: 1, c: 1, d: 1 }, 'lower')).toThrow(RangeError);
    expect(() => fisherExactOneSided({ a: 0.5, b: 1, c: 1, d: 1 }, 'lower')).toThrow(RangeError);
  });
});

describe('Wilson score interval (S76)', () => {
  // Published values: Newcombe, R. G. (1998), "Two-sided confidence intervals for the single proportion:
  // comparison of seven methods", Statistics in Medicine 17, 857–872, Table II, method 3 (score interval
  // without continuity correction), 95%: the same as R's binom::binom.confint(x, n, methods = "wilson").
  it.each([
    { successes: 81, trials: 263, low: 0.2553, high: 0.3662 },
    { successes: 15, trials: 148, low: 0.0624, high: 0.1605 },
    { successes: 0, trials: 20, low: 0, high: 0.1611 },
    { successes: 1, trials: 29, low: 0.0061, high: 0.1718 },
  ])('S76 matches Newcombe (1998): $successes/$trials → $low–$high', ({ successes, trials, low, high }) => {
    const interval = wilsonInterval(successes, trials);
    expect(interval.low).toBeCloseTo(low, 4);
    expect(interval.high).toBeCloseTo(high, 4);
  });

  // Computed from the closed form (p + z²/2n ± z √(p(1−p)/n + z²/4n²)) / (1 + z²/n), z = qnorm(0.975).
  it.each([
    { successes: 10, trials: 10, low: 0.7225, high: 1 },
    { successes: 3, trials: 6, low: 0.1876, high: 0.8124 },
    { successes: 9, trials: 10, low: 0.5958, high: 0.9821 },
  ])('S76 closed form: $successes/$trials → $low–$high', ({ successes, trials, low, high }) => {
    const interval = wilsonInterval(successes, trials);
    expect(interval.low).toBeCloseTo(low, 4);
    expect(interval.high).toBeCloseTo(high, 4);
  });

  it('S76 is symmetric: k of n mirrors n − k of n', () => {
    for (const [k, n] of [
      [2, 7],
      [13, 40],
      [500, 1000],
    ] as const) {
      const left = wilsonInterval(k, n);
      const right = wilsonInterval(n - k, n);
      expect(left.low).toBeCloseTo(1 - right.high, 12);
    }
  });

  it('S76 refuses counts that are not a share', () => {
    expect(() => wilsonInterval(3, 2)).toThrow(RangeError);
    expect(() => wilsonInterval(0, 0)).toThrow(RangeError);
  });
});

describe('Holm correction (S77)', () => {
  // R: p.adjust(c(0.01, 0.04, 0.03, 0.005), "holm") → 0.03 0.06 0.06 0.02; worked by hand from
  // Holm (1979): sorted 0.005, 0.01, 0.03, 0.04 times 4, 3, 2, 1, made non-decreasing.
  it('S77 adjusts step-down, keeps the order given and caps at 1', () => {
    const adjusted = holmAdjust([0.01, 0.04, 0.03, 0.005]);
    expect(adjusted.map((p) => Number(p.toFixed(10)))).toEqual([0.03, 0.06, 0.06, 0.02]);
    expect(holmAdjust([0.5, 0.6])).toEqual([1, 1]);
    expect(holmAdjust([])).toEqual([]);
  });
});

describe('runs to detect a drop (S78)', () => {
  it('S78 normal quantiles match R qnorm to 8 places', () => {
    expect(normalQuantile(0.975)).toBeCloseTo(1.959963985, 8);
    expect(normalQuantile(0.95)).toBeCloseTo(1.644853627, 8);
    expect(normalQuantile(0.8)).toBeCloseTo(0.8416212336, 8);
    expect(normalQuantile(0.001)).toBeCloseTo(-3.090232306, 8);
  });

  // Computed from the documented closed form (Fleiss, Levin & Paik, §4.2, with continuity correction).
  it.each([
    { rate: 0.9, drop: 0.2, runs: 58 },
    { rate: 0.8, drop: 0.2, runs: 74 },
    { rate: 1, drop: 0.2, runs: 37 },
    { rate: 0.5, drop: 0.2, runs: 83 },
  ])('S78 from $rate by $drop at α 0.05, power 80%: $runs runs per side', ({ rate, drop, runs }) => {
    expect(runsToDetectDrop(rate, drop, 0.05, 0.8)).toBe(runs);
  });

  /** The exact power of the one-sided Fisher test with n runs a side, by summing over every outcome. */
  function fisherPower(n: number, before: number, after: number, alpha: number): number {
    const binomial = (k: number, p: number) => Number(choose(n, k)) * p ** k * (1 - p) ** (n - k);
    let power = 0;
    for (let x = 0; x <= n; x += 1) {
      for (let y = 0; y <= n; y += 1) {
        if (fisherExactOneSided({ a: y, b: n - y, c: x, d: n - x }, 'lower') <= alpha)
          power += binomial(x, before) * binomial(y, after);
      }
    }
    return power;
  }

  it("S78 with the runs it names, the diff's exact test has about the power asked for; with half as many, not", () => {
    const runs = runsToDetectDrop(0.9, 0.2, 0.05, 0.8) as number;
    expect(fisherPower(runs, 0.9, 0.7, 0.05)).toBeGreaterThan(0.75);
    expect(fisherPower(Math.floor(runs / 2), 0.9, 0.7, 0.05)).toBeLessThan(0.7);
  });

  it('S78 a drop below 0 cannot happen', () => {
    expect(runsToDetectDrop(0.1, 0.2, 0.05, 0.8)).toBeNull();
  });

  it.each([
    // 1 − 1e-20 rounds to 1, whose quantile is infinite: z(1−α) is read as −z(α).
    {
      rate: 0.9,
      drop: 0.2,
      alpha: 1e-20,
      expected: (runs: number | null) => runs !== null && runs > 58 && runs < 2000,
    },
    { rate: 1, drop: 1e-300, alpha: 0.05, expected: (runs: number | null) => runs === Number.POSITIVE_INFINITY },
    { rate: 0.5, drop: 1e-300, alpha: 0.05, expected: (runs: number | null) => runs === Number.POSITIVE_INFINITY },
  ])(
    'S78 from $rate by $drop at α $alpha: a number of runs, or Infinity when no number would do, never NaN or a crash',
    ({ rate, drop, alpha, expected }) => {
      expect(expected(runsToDetectDrop(rate, drop, alpha, 0.8))).toBe(true);
    },
  );
});

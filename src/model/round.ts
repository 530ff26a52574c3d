/** Ratios, averages and deltas in reports are rounded to 4 decimal places (docs/contract.md §6, §7). */
export function round4(value: number): number {
  const rounded = Math.round(value * 10_000) / 10_000;
  // Math.round(-0.00001 * 10000) is -0, which would print as 0 anyway; normalise it for equality checks.
  return Object.is(rounded, -0) ? 0 : rounded;
}

export function round4OrNull(value: number | null): number | null {
  return value === null ? null : round4(value);
}

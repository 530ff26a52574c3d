/** Figures as people read them in Markdown and on the terminal. Deterministic: no locale. */

export function formatPercent(ratio: number | null): string {
  return ratio === null ? '–' : `${trimNumber(ratio * 100, 1)}%`;
}

export function formatDuration(milliseconds: number | null): string {
  if (milliseconds === null) return '–';
  return Math.abs(milliseconds) < 1000
    ? `${trimNumber(milliseconds, 0)} ms`
    : `${trimNumber(milliseconds / 1000, 1)} s`;
}

export function formatCount(value: number | null): string {
  return value === null ? '–' : trimNumber(value, 2);
}

/** A change with its sign: `+3`, `-0.5`, `0`. */
export function signed(value: number): string {
  return value > 0 ? `+${value}` : String(value);
}

/** At most `decimals` places, trailing zeros dropped: 80 not 80.0, 3.4 not 3.40. */
export function trimNumber(value: number, decimals: number): string {
  return String(Number(value.toFixed(decimals)));
}

/**
 * Two figures and their change, so that they read together: the change signed and in the unit
 * of the figures beside it. Ratios as percentages, their change in points (`100%`, `33.3%`,
 * `-66.7 points`); durations in seconds when either is a second or more, else in milliseconds
 * (`26.5 s`, `28 s`, `+1.5 s`).
 */
export function formatComparison(
  unit: 'percent' | 'count' | 'duration',
  figures: { baseline: number | null; current: number | null; delta: number | null },
): [string, string, string] {
  const { baseline, current, delta } = figures;
  const inSeconds = Math.max(Math.abs(baseline ?? 0), Math.abs(current ?? 0)) >= 1000;
  const text = (value: number): string => {
    if (unit === 'percent') return trimNumber(value * 100, 1);
    if (unit === 'count') return trimNumber(value, 2);
    return inSeconds ? `${trimNumber(value / 1000, 1)} s` : `${trimNumber(value, 0)} ms`;
  };
  const show = (value: number | null, signed: boolean, suffix: string): string =>
    value === null ? '–' : `${signed && value > 0 ? '+' : ''}${text(value)}${suffix}`;
  const [figureSuffix, deltaSuffix] = unit === 'percent' ? ['%', ' points'] : ['', ''];
  return [show(baseline, false, figureSuffix), show(current, false, figureSuffix), show(delta, true, deltaSuffix)];
}

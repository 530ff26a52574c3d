/** Figures as people read them in Markdown and on the terminal. Deterministic: no locale. */

export function formatPercent(ratio: number | null): string {
  if (ratio === null) return '–';
  return `${trimNumber(ratio * 100, 1)}%`;
}

export function formatDuration(milliseconds: number | null): string {
  if (milliseconds === null) return '–';
  if (Math.abs(milliseconds) < 1000) return `${trimNumber(milliseconds, 0)} ms`;
  return `${trimNumber(milliseconds / 1000, 1)} s`;
}

export function formatCount(value: number | null): string {
  return value === null ? '–' : trimNumber(value, 2);
}

/** At most `decimals` places, trailing zeros dropped: 80 not 80.0, 3.4 not 3.40. */
export function trimNumber(value: number, decimals: number): string {
  return String(Number(value.toFixed(decimals)));
}

/** A figure with its sign: `+0.33`, `-1`, `0`. */
function signed(text: string, value: number): string {
  return value > 0 ? `+${text}` : text;
}

/** A change of a ratio shown as a percentage, in percentage points: `-66.7 points` beside 100% and 33.3%. */
export function formatPercentDelta(delta: number | null): string {
  if (delta === null) return '–';
  return `${signed(trimNumber(delta * 100, 1), delta)} points`;
}

export function formatCountDelta(delta: number | null): string {
  return delta === null ? '–' : signed(trimNumber(delta, 2), delta);
}

/**
 * Two durations and their change in one unit, so that they read together: `26.5 s`, `28 s`,
 * `+1.5 s` (seconds when either duration is a second or more, else milliseconds).
 */
export function formatDurationComparison(
  baseline: number | null,
  current: number | null,
  delta: number | null,
): [string, string, string] {
  const inSeconds = Math.max(Math.abs(baseline ?? 0), Math.abs(current ?? 0)) >= 1000;
  const format = (value: number | null, withSign: boolean): string => {
    if (value === null) return '–';
    const text = inSeconds ? `${trimNumber(value / 1000, 1)} s` : `${trimNumber(value, 0)} ms`;
    return withSign ? signed(text, value) : text;
  };
  return [format(baseline, false), format(current, false), format(delta, true)];
}

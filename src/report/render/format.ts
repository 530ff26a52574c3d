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

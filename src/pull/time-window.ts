/** A search window [start, end) in epoch seconds. */
export interface TimeWindow {
  start: number;
  end: number;
}

/** At most this many windows per pull: a window of 1 s over a year is a mistake, not a plan. */
export const MAX_WINDOWS = 100_000;

/** [since, until) cut into windows of `size` seconds, the last one shorter when it does not divide. */
export function cutWindows(since: number, until: number, size: number): TimeWindow[] {
  const windows: TimeWindow[] = [];
  for (let start = since; start < until; start += size) windows.push({ start, end: Math.min(until, start + size) });
  return windows;
}

/** Two halves, or null when the window is one second long and cannot be split further (the stores search by second). */
export function splitWindow(window: TimeWindow): [TimeWindow, TimeWindow] | null {
  if (window.end - window.start < 2) return null;
  const middle = window.start + Math.floor((window.end - window.start) / 2);
  return [
    { start: window.start, end: middle },
    { start: middle, end: window.end },
  ];
}

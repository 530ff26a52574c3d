import { isStackOverflow } from '../io/errors.js';

/**
 * A value of a trace as JSON text, or null when it is nested too deeply for JSON.stringify (which
 * recurses) to write: a loaded trace may hold values thousands of levels deep, and a check that
 * reads one must judge the trace, not crash on it. Undefined and functions give null too.
 */
export function jsonTextOf(value: unknown): string | null {
  try {
    return JSON.stringify(value) ?? null;
  } catch (error) {
    if (isStackOverflow(error)) return null;
    throw error;
  }
}

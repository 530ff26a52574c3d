import { InputError } from '../io/errors.js';

const UNIT_SECONDS: Record<string, number> = { s: 1, m: 60, h: 3600, d: 86_400 };

/** `90s`, `15m`, `24h`, `7d`: whole seconds, or null when the text is not such a duration. */
export function parseDuration(text: string): number | null {
  const match = /^(\d{1,9})([smhd])$/u.exec(text.trim());
  if (match === null) return null;
  return Number(match[1]) * (UNIT_SECONDS[match[2] as string] as number);
}

/**
 * `--since` / `--until`: a duration back from now (`24h`), `now`, epoch seconds, or an RFC 3339
 * time (`2026-05-01T10:00:00Z`). Returns epoch seconds (whole: the stores search by second).
 * Absolute times make a pull reproducible; relative ones are resolved once, and the manifest
 * records the absolute bounds they came to.
 */
export function parseTimeFlag(command: string, flag: string, text: string, nowSeconds: number): number {
  const trimmed = text.trim();
  if (trimmed === 'now') return nowSeconds;
  const duration = parseDuration(trimmed);
  if (duration !== null) return nowSeconds - duration;
  if (/^\d{9,11}$/u.test(trimmed)) return Number(trimmed);
  if (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/iu.test(trimmed)) {
    const ms = Date.parse(trimmed);
    if (!Number.isNaN(ms)) return Math.floor(ms / 1000);
  }
  throw new InputError(
    `diag-eval ${command}: --${flag}: found "${text}", expected a duration back from now (90s, 15m, 24h, 7d), now, epoch seconds or an RFC 3339 time such as 2026-05-01T10:00:00Z`,
  );
}

/** Epoch seconds as RFC 3339 in UTC, as the manifest writes times. */
export function isoSeconds(seconds: number): string {
  return new Date(seconds * 1000).toISOString().replace('.000Z', 'Z');
}

import type { CliIo } from './io.js';
import { printed } from './printable.js';

/**
 * A live progress line on a terminal ("cases done / total", "traces fetched"), rewritten in place.
 * Nothing at all when stdout is not a terminal or with --quiet, so logs and pipes stay clean. The
 * clock is read only here, for people watching; it never reaches a report.
 */
export function createProgressLine<Progress extends { done: number; total: number }>(
  io: CliIo,
  quiet: boolean,
  describe: (progress: Progress, seconds: string) => string,
): { update(progress: Progress): void; clear(): void } {
  if (quiet || !io.stdoutIsTTY) return { update: () => undefined, clear: () => undefined };
  const started = Date.now();
  let lastDrawn = 0;
  let drawn = false;
  return {
    update(progress) {
      const now = Date.now();
      // Redrawing for every case would cost more than evaluating it; ten times a second is enough for eyes.
      if (progress.done < progress.total && now - lastDrawn < 100) return;
      lastDrawn = now;
      drawn = true;
      io.stdout(printed`\r\u001b[2K${describe(progress, ((now - started) / 1000).toFixed(1))}`);
    },
    clear() {
      if (drawn) io.stdout('\r\u001b[2K');
    },
  };
}

import type { RunProgress } from '../evaluate/run-cases.js';
import type { CliIo } from './io.js';

/**
 * A live "cases done / total" line on a terminal, rewritten in place. Nothing at all when
 * stdout is not a terminal or with --quiet, so logs and pipes stay clean. The clock is read
 * only here, for people watching; it never reaches a report.
 */
export function createProgressLine(io: CliIo, quiet: boolean): { update(progress: RunProgress): void; clear(): void } {
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
      const elapsed = ((now - started) / 1000).toFixed(1);
      io.stdout(`\r\u001b[2K${progress.done}/${progress.total} cases, ${progress.failed} not passed, ${elapsed} s`);
    },
    clear() {
      if (drawn) io.stdout('\r\u001b[2K');
    },
  };
}

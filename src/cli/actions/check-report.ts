import { loadReportFile } from '../../diff/load-report.js';
import { InputError } from '../../io/errors.js';
import { displayPath } from '../../io/files/display-path.js';
import { noPositionals, type ParsedValues } from '../args.js';
import { ALTERNATIVE_SOURCE_FLAGS } from '../commands/shared-flags.js';
import type { EvaluatedRun } from './run.js';

/**
 * The flags that choose what `check` evaluates; with `--report` nothing is evaluated, so they would be
 * silently ignored. Every flag of live mode and of imported traces is one of them, taken from their declaration.
 */
export const EVALUATION_FLAGS: readonly string[] = ['cases', 'fixtures', ...Object.keys(ALTERNATIVE_SOURCE_FLAGS)];

/** `check --report FILE` gates a report already made (e.g. merged from shards): it evaluates nothing. */
export function assertGatingOnly(values: ParsedValues, positionals: string[]): void {
  const conflicting = EVALUATION_FLAGS.filter((name) => values[name] !== undefined);
  if (conflicting.length > 0) {
    throw new InputError(
      `diag-eval check: --report FILE gates an existing report and evaluates nothing; found --${conflicting[0]}, which chooses what to evaluate: expected one or the other`,
    );
  }
  noPositionals('check', positionals);
}

/** A shard's report is not the whole run: gated alone, every case of the other shards would be "missing". */
export async function loadGatedReport(path: string, casesPath: string, cwd: string): Promise<EvaluatedRun> {
  const label = displayPath(path, cwd);
  const report = await loadReportFile(path, label);
  if (report.shard !== undefined) {
    const { index, count } = report.shard as { index: unknown; count: unknown };
    throw new InputError(
      `${label}: shard: found shard ${String(index)}/${String(count)} of a sharded run, expected a whole run's report (merge the shards first: diag-eval merge REPORT… --out DIR)`,
    );
  }
  // A given report has no case file beside it: its annotations name the configured case file, without lines.
  const cases = { displayName: displayPath(casesPath, cwd), lineOfCase: () => null };
  return { report, warnings: [], cases, details: null };
}

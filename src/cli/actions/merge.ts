import { resolve } from 'node:path';
import { InputError } from '../../io/errors.js';
import { decodeUtf8 } from '../../io/files/decode-text.js';
import { displayPath } from '../../io/files/display-path.js';
import { MAX_REPORT_BYTES } from '../../io/files/input-limits.js';
import { readInputFile } from '../../io/structured-file.js';
import { mergeShardReports, type ShardReportText } from '../../shard/merge-reports.js';
import { formatsFlag, type ParsedValues, stringFlag } from '../args.js';
import { DEFAULT_OUT } from '../defaults.js';
import type { CliIo } from '../io.js';
import { loadEvery } from '../load-every.js';
import { printReportSummary, printWritten } from '../summary.js';
import { reportFiles, writeAll } from '../write-outputs.js';

/** Exit 0 once written: gating is `check --report`'s business. */
export async function mergeCommand(values: ParsedValues, positionals: string[], io: CliIo): Promise<number> {
  if (positionals.length === 0) {
    throw new InputError(
      'diag-eval merge: expected the report.json of every shard (diag-eval merge REPORT… --out DIR)',
    );
  }
  const formats = formatsFlag('merge', values);
  // Every file is read before any is judged, so every unreadable one is named at once.
  const inputs = await loadEvery(positionals, (file): ShardReportText => {
    const path = resolve(io.cwd, file);
    const displayName = displayPath(path, io.cwd);
    const expected = 'expected a report.json written by diag-eval run --shard i/n';
    const decoded = decodeUtf8(readInputFile(path, displayName, MAX_REPORT_BYTES, expected));
    if (!decoded.ok) throw new InputError(`${displayName}: ${decoded.problem}`);
    return { displayName, text: decoded.text };
  });
  const report = mergeShardReports(inputs);
  const written = await writeAll(
    reportFiles(resolve(io.cwd, stringFlag(values, 'out') ?? DEFAULT_OUT), report, formats),
  );
  if (values['quiet'] !== true) {
    printReportSummary(io, 'merge', report);
    printWritten(io, written);
  }
  return 0;
}

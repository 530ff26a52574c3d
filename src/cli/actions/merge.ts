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
  const inputs = await readAll(
    positionals.map((path) => resolve(io.cwd, path)),
    io.cwd,
  );
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

/** Every file is read before any is judged, so every unreadable one is named at once. */
async function readAll(paths: readonly string[], cwd: string): Promise<ShardReportText[]> {
  const problems: string[] = [];
  const inputs: ShardReportText[] = [];
  for (const path of paths) {
    const displayName = displayPath(path, cwd);
    let bytes: Buffer;
    try {
      bytes = readInputFile(
        path,
        displayName,
        MAX_REPORT_BYTES,
        'expected a report.json written by diag-eval run --shard i/n',
      );
    } catch (error) {
      if (!(error instanceof InputError)) throw error;
      problems.push(...error.problems);
      continue;
    }
    const decoded = decodeUtf8(bytes);
    if (decoded.ok) inputs.push({ displayName, text: decoded.text });
    else problems.push(`${displayName}: ${decoded.problem}`);
  }
  if (problems.length > 0) throw new InputError(problems);
  return inputs;
}

import { resolve } from 'node:path';
import { plural } from '../../checks/support.js';
import { compareReports } from '../../diff/compare.js';
import { loadReportFile } from '../../diff/load-report.js';
import { regressionCount, regressionVerdictLine } from '../../diff/regressed-cases.js';
import { runsNeededHeading, runsNeededLines } from '../../diff/render/runs-needed.js';
import type { Diff } from '../../diff/types.js';
import { InputError } from '../../io/errors.js';
import { consolePath, displayPath } from '../../io/files/display-path.js';
import type { Report } from '../../report/types.js';
import { formatsFlag, numberFlag, type ParsedValues, stringFlag } from '../args.js';
import { DEFAULT_OUT } from '../defaults.js';
import type { CliIo } from '../io.js';
import { loadEvery } from '../load-every.js';
import { checkOutputFolder } from '../output-folder.js';
import { printable, printed } from '../printable.js';
import { printWritten } from '../summary.js';
import { paint } from '../terminal.js';
import { diffFiles, writeAll } from '../write-outputs.js';

export async function diffCommand(values: ParsedValues, positionals: string[], io: CliIo): Promise<number> {
  if (positionals.length !== 2) {
    throw new InputError(
      `diag-eval diff: expected two report files, BASELINE_JSON and CURRENT_JSON; found ${positionals.length === 0 ? 'none' : positionals.map((path) => `"${path}"`).join(', ')}`,
    );
  }
  const formats = formatsFlag('diff', values, ['json', 'md', 'html']);
  const out = resolve(io.cwd, stringFlag(values, 'out') ?? DEFAULT_OUT);
  checkOutputFolder('diff', '--out', out, io.cwd, null);
  const costTolerance = numberFlag('diff', values, 'cost-tolerance');
  const alpha = numberFlag('diff', values, 'alpha');
  const [baselinePath, currentPath] = positionals.map((path) => resolve(io.cwd, path)) as [string, string];
  const labels = { baselinePath: displayPath(baselinePath, io.cwd), currentPath: displayPath(currentPath, io.cwd) };
  const [baseline, current] = (await loadEvery([baselinePath, currentPath], (path) =>
    loadReportFile(path, displayPath(path, io.cwd)),
  )) as [Report, Report];
  const diff = compareReports(baseline, current, { costTolerance, alpha });
  const written = await writeAll(diffFiles(out, diff, formats, labels, { baseline, current }));
  if (values['quiet'] !== true) {
    printDiffSummary(io, diff, written);
    printWritten(io, written);
    io.stdout(printed`${regressionVerdictLine(diff)}\n`);
  }
  return diff.summary.regressions > 0 ? 1 : 0;
}

/** The console shows this many items; the rest are in diff.md (and diff.json). */
const ITEMS_SHOWN = 20;

const KIND_ORDER = ['regression', 'improvement', 'change'] as const;

/**
 * The diff on the console: the counts (regressions per case), then every item, regressions
 * first, up to ITEMS_SHOWN and a line that says how many more and where they are.
 */
export function printDiffSummary(io: CliIo, diff: Diff, written: readonly string[]): void {
  const colour = paint(io);
  const { summary } = diff;
  const regressions = printable(regressionCount(diff));
  const others = printed`${plural(summary.improvements, 'improvement')}, ${plural(summary.changes, 'change')}`;
  if (summary.regressions > 0)
    io.stdout(`diag-eval diff: ${summary.status}: ${colour.red(regressions)}, ${printable(others)}\n`);
  else io.stdout(printed`diag-eval diff: ${summary.status}: ${regressions}, ${others}\n`);
  const items = KIND_ORDER.flatMap((kind) => diff.items.filter((item) => item.kind === kind));
  // Labels padded to one width, so that the messages line up.
  for (const item of items.slice(0, ITEMS_SHOWN)) {
    if (item.kind === 'regression') io.stdout(`  ${colour.red('regression')}  ${printable(item.message)}\n`);
    else if (item.kind === 'improvement') io.stdout(`  ${colour.green('improvement')} ${printable(item.message)}\n`);
    // S77: a drop of a repeated case that the test cannot tell from chance.
    else if (item.significance?.verdict === 'within noise') io.stdout(printed`  noise       ${item.message}\n`);
    else io.stdout(printed`  change      ${item.message}\n`);
  }
  if (items.length > ITEMS_SHOWN) {
    const file = written.find((path) => path.endsWith('diff.md')) ?? written.find((path) => path.endsWith('diff.json'));
    const where = file === undefined ? '' : `, see ${consolePath(file, io.cwd)}`;
    io.stdout(printed`  and ${items.length - ITEMS_SHOWN} more${where}\n`);
  }
  printRunsNeeded(io, diff);
}

/** S78: how many runs would tell the drops within noise apart from chance. */
function printRunsNeeded(io: CliIo, diff: Diff): void {
  const needed = runsNeededLines(diff);
  if (needed.length === 0) return;
  io.stdout(printed`${runsNeededHeading(diff)}:\n`);
  for (const line of needed) io.stdout(printed`  ${line}\n`);
}

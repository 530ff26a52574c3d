import { resolve } from 'node:path';
import { compareReports } from '../../diff/compare.js';
import { loadReportFile } from '../../diff/load-report.js';
import { formatDiffVerdictLine } from '../../diff/render/markdown.js';
import type { Diff } from '../../diff/types.js';
import { InputError } from '../../errors.js';
import { displayPath } from '../../io/display-path.js';
import type { Report } from '../../report/types.js';
import { formatsFlag, numberFlag, type ParsedValues, stringFlag } from '../args.js';
import { DEFAULT_OUT } from '../defaults.js';
import { FLAG_RANGES } from '../flag-ranges.js';
import type { CliIo } from '../io.js';
import { checkOutputFolder } from '../output-folder.js';
import { printable, printed } from '../printable.js';
import { printWritten } from '../summary.js';
import { paint } from '../terminal.js';
import { writeDiffFiles } from '../write-outputs.js';

export async function diffCommand(values: ParsedValues, positionals: string[], io: CliIo): Promise<number> {
  if (positionals.length !== 2) {
    throw new InputError(
      `diag-eval diff: expected two report files, BASELINE_JSON and CURRENT_JSON; found ${positionals.length === 0 ? 'none' : positionals.map((path) => `"${path}"`).join(', ')}`,
    );
  }
  const formats = formatsFlag('diff', values, ['json', 'md', 'html']);
  const out = resolve(io.cwd, stringFlag(values, 'out') ?? DEFAULT_OUT);
  checkOutputFolder('diff', '--out', out, io.cwd, null);
  const costTolerance = numberFlag('diff', values, 'cost-tolerance', FLAG_RANGES['cost-tolerance']);
  const [baselinePath, currentPath] = positionals.map((path) => resolve(io.cwd, path)) as [string, string];
  const labels = { baselinePath: displayPath(baselinePath, io.cwd), currentPath: displayPath(currentPath, io.cwd) };
  const [baseline, current] = await loadBothReports(
    [baselinePath, labels.baselinePath],
    [currentPath, labels.currentPath],
  );
  const diff = compareReports(baseline, current, { costTolerance });
  const written = await writeDiffFiles(out, diff, formats, labels, { baseline, current });
  if (values['quiet'] !== true) {
    printDiffSummary(io, diff);
    printWritten(io, written);
    io.stdout(printed`${formatDiffVerdictLine(diff)}\n`);
  }
  return diff.summary.regressions > 0 ? 1 : 0;
}

/** Both report files are read before failing, so a user sees every problem with both at once. */
async function loadBothReports(baseline: [string, string], current: [string, string]): Promise<[Report, Report]> {
  const [first, second] = await Promise.allSettled([loadReportFile(...baseline), loadReportFile(...current)]);
  const problems = [first, second].flatMap((outcome) => {
    if (outcome.status === 'fulfilled') return [];
    if (outcome.reason instanceof InputError) return outcome.reason.problems;
    throw outcome.reason;
  });
  if (problems.length > 0 || first.status !== 'fulfilled' || second.status !== 'fulfilled')
    throw new InputError(problems);
  return [first.value, second.value];
}

/** `1 change`, `2 changes` */
function countOf(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}

export function printDiffSummary(io: CliIo, diff: Diff): void {
  const colour = paint(io);
  const { summary } = diff;
  io.stdout(
    `diag-eval diff: ${summary.status}: ${summary.regressions > 0 ? colour.red(countOf(summary.regressions, 'regression')) : '0 regressions'}, ${countOf(summary.improvements, 'improvement')}, ${countOf(summary.changes, 'change')}\n`,
  );
  for (const item of diff.items) {
    if (item.kind === 'regression') io.stdout(`  ${colour.red('regression')}  ${printable(item.message)}\n`);
  }
  for (const item of diff.items) {
    if (item.kind === 'improvement') io.stdout(`  ${colour.green('improvement')} ${printable(item.message)}\n`);
  }
  // Cost moves are changes, not regressions, unless --cost-tolerance says otherwise; still worth a line each.
  for (const item of diff.items) {
    if (item.kind === 'change' && item.scope === 'aggregate') io.stdout(printed`  change      ${item.message}\n`);
  }
}

import { statSync } from 'node:fs';
import { join } from 'node:path';
import { conceptScriptWarnings } from '../../cases/concept-script.js';
import { consolePath, displayPath } from '../../io/files/display-path.js';
import { fixtureFolder, orphanFixtureWarnings, readFixture } from '../../sources/fixture-dir.js';
import { discoverRunFiles } from '../../sources/run-files.js';
import type { TraceRunInput } from '../../sources/types.js';
import { loadTrace } from '../../trace/load-trace.js';
import { noPositionals, type ParsedValues } from '../args.js';
import type { CliIo } from '../io.js';
import { loadSettingsCases } from '../load-settings-cases.js';
import { printable, printed } from '../printable.js';
import { resolveSettings } from '../settings.js';
import { printWarnings } from '../summary.js';
import { paint } from '../terminal.js';

/** S12, S13: every problem is listed, not only the first. */
export async function validateCommand(values: ParsedValues, positionals: string[], io: CliIo): Promise<number> {
  noPositionals('validate', positionals);
  const settings = await resolveSettings(io.cwd, values);
  const cases = await loadSettingsCases(settings, io.cwd);
  const problems: string[] = [];
  // A folder that is not there is one problem, not one per case.
  const folder = statSync(settings.fixtures, { throwIfNoEntry: false });
  const noFolder = folder === undefined || !folder.isDirectory();
  if (noFolder) {
    problems.push(
      `fixture folder ${consolePath(settings.fixtures, io.cwd)} ${folder === undefined ? 'does not exist' : 'is not a folder'}: expected the folder of the trace fixtures (--fixtures, or fixtures in the config file)`,
    );
  }
  // S75: a case recorded K times is checked run by run; a gap in its run numbers is a problem.
  const runFiles = discoverRunFiles(settings.fixtures, cases);
  const fixturesShown = displayPath(settings.fixtures, io.cwd);
  const fixtures = fixtureFolder(settings.fixtures, io.cwd);
  for (const problem of runFiles.badNumbers) problems.push(`${fixturesShown}/${problem}`);
  for (const evalCase of noFolder ? [] : cases) {
    const runNames = runFiles.runNamesOf(evalCase.traceFixture);
    const gaps = runFiles.gapsOf(evalCase.traceFixture);
    if (gaps !== null) problems.push(`${evalCase.id}: ${gaps}`);
    const present =
      runNames === null
        ? [evalCase]
        : runNames
            .map((traceFixture) => ({ ...evalCase, traceFixture }))
            .filter((run) => runFiles.isRunFile(join(settings.fixtures, run.traceFixture)));
    for (const run of present) {
      const problem = fixtureProblem(readFixture(fixtures, run));
      if (problem !== null) problems.push(`${run.id}: ${problem}`);
    }
  }
  for (const problem of problems) io.stderr(printed`${problem}\n`);
  if (values['quiet'] !== true) {
    const colour = paint(io);
    // Warnings only: the exit code stays as the fixtures decide.
    printWarnings(io, cases.flatMap(conceptScriptWarnings));
    printWarnings(io, noFolder ? [] : orphanFixtureWarnings(settings.fixtures, cases, io.cwd, runFiles));
    io.stdout(
      problems.length === 0
        ? `diag-eval validate: ${cases.length} ${cases.length === 1 ? 'case' : 'cases'}, every fixture in ${printable(fixturesShown)} loads ${colour.green('OK')}\n`
        : `diag-eval validate: ${cases.length} ${cases.length === 1 ? 'case' : 'cases'}, ${colour.red(`${problems.length} ${problems.length === 1 ? 'problem' : 'problems'}`)}\n`,
    );
  }
  return problems.length === 0 ? 0 : 1;
}

/** What keeps a fixture from being evaluated, or null. */
function fixtureProblem(input: TraceRunInput): string | null {
  if (input.kind === 'not_run') return input.reason;
  if (input.kind === 'unparsable') return input.problem;
  const loaded = loadTrace(input.document);
  return loaded.ok ? null : `${input.traceFixture ?? ''}: not a diagnosis trace: ${loaded.problem}`;
}

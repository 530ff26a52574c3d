import { conceptScriptWarnings } from '../../cases/concept-script.js';
import { displayPath } from '../../io/display-path.js';
import { orphanFixtureWarnings, readFixture } from '../../sources/fixture-dir.js';
import { loadTrace } from '../../trace/load-trace.js';
import type { ParsedValues } from '../args.js';
import type { CliIo } from '../io.js';
import { loadSettingsCases } from '../load-settings-cases.js';
import { printable, printed } from '../printable.js';
import { resolveSettings } from '../settings.js';
import { paint } from '../terminal.js';

/**
 * S12, S13: every case's fixture exists and loads as a trace. Nothing is evaluated.
 * Every problem is listed, not only the first; exit 1 when there is one.
 */
export async function validateCommand(values: ParsedValues, io: CliIo): Promise<number> {
  const settings = await resolveSettings(io.cwd, values);
  const cases = await loadSettingsCases(settings, io.cwd);
  const problems: string[] = [];
  for (const evalCase of cases) {
    const input = readFixture(settings.fixtures, evalCase, io.cwd);
    if (input.kind === 'not_run') {
      problems.push(`${evalCase.id}: ${input.reason}`);
    } else if (input.kind === 'unparsable') {
      problems.push(`${evalCase.id}: ${input.problem}`);
    } else {
      const loaded = loadTrace(input.document);
      if (!loaded.ok)
        problems.push(`${evalCase.id}: ${input.traceFixture ?? ''}: not a diagnosis trace: ${loaded.problem}`);
    }
  }
  for (const problem of problems) io.stderr(printed`${problem}\n`);
  if (values['quiet'] !== true) {
    const colour = paint(io);
    // Warnings only: the exit code stays as the fixtures decide.
    for (const evalCase of cases) {
      for (const warning of conceptScriptWarnings(evalCase)) io.stderr(printed`warning: ${warning}\n`);
    }
    for (const warning of orphanFixtureWarnings(settings.fixtures, cases, io.cwd)) {
      io.stderr(printed`warning: ${warning}\n`);
    }
    const fixturesShown = displayPath(settings.fixtures, io.cwd);
    io.stdout(
      problems.length === 0
        ? `diag-eval validate: ${cases.length} ${cases.length === 1 ? 'case' : 'cases'}, every fixture in ${printable(fixturesShown)} loads ${colour.green('OK')}\n`
        : `diag-eval validate: ${cases.length} ${cases.length === 1 ? 'case' : 'cases'}, ${colour.red(`${problems.length} ${problems.length === 1 ? 'problem' : 'problems'}`)}\n`,
    );
  }
  return problems.length === 0 ? 0 : 1;
}

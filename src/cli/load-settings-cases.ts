import { existsSync } from 'node:fs';
import { type LocatedCaseSequence, loadCaseSequence, loadLocatedCaseFile } from '../cases/case-lines.js';
import type { EvalCase } from '../cases/types.js';
import { InputError } from '../io/errors.js';
import { displayPath } from '../io/files/display-path.js';
import type { ParsedValues } from './args.js';
import { resolveSettings, type Settings } from './settings.js';

/** The case file a command works on. */
export async function loadSettingsCases(settings: Settings, cwd: string): Promise<EvalCase[]> {
  const shown = checkCaseFileExists(settings, cwd);
  return (await loadLocatedCaseFile(settings.cases, shown, settings.config.contract, false, settings.config.checks))
    .cases;
}

/**
 * The same for a run, keeping the case file's name and, when asked, each case's line (CI
 * annotations, the HTML report); a valid JSON case file may be read a case at a time
 * (case-lines.ts, loadCaseSequence).
 */
export async function loadSettingsCaseSequence(
  settings: Settings,
  cwd: string,
  withLines: boolean,
): Promise<LocatedCaseSequence> {
  const shown = checkCaseFileExists(settings, cwd);
  return loadCaseSequence(settings.cases, shown, settings.config.contract, withLines, settings.config.checks);
}

/** The case file the flags and the config file name (`import --cases`), loaded with the config's contract. */
export async function loadCommandCases(values: ParsedValues, cwd: string): Promise<EvalCase[]> {
  return loadSettingsCases(await resolveSettings(cwd, values), cwd);
}

/** The case file as shown; a missing one is named with how to point the harness at another. */
function checkCaseFileExists(settings: Settings, cwd: string): string {
  const shown = displayPath(settings.cases, cwd);
  if (!existsSync(settings.cases)) {
    throw new InputError(
      `${shown}: no such file; expected a YAML or JSON case file there (choose another with --cases FILE or \`cases:\` in diag-eval.config.yaml)`,
    );
  }
  return shown;
}

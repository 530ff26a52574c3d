import { existsSync } from 'node:fs';
import { loadCaseFile } from '../cases/load-cases.js';
import type { EvalCase } from '../cases/types.js';
import { InputError } from '../errors.js';
import { displayPath } from '../io/display-path.js';
import type { Settings } from './settings.js';

/**
 * The case file a command works on. A missing file gets a message that says how to point the
 * harness at one, since the usual cause is running from the wrong folder.
 */
export async function loadSettingsCases(settings: Settings, cwd: string): Promise<EvalCase[]> {
  const shown = displayPath(settings.cases, cwd);
  if (!existsSync(settings.cases)) {
    throw new InputError(
      `${shown}: no such file; expected a YAML or JSON case file there (choose another with --cases FILE or \`cases:\` in diag-eval.config.yaml)`,
    );
  }
  return loadCaseFile(settings.cases, shown, settings.config.contract, settings.config.checks);
}

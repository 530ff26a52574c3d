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
      `${shown}: no case file there; expected a YAML or JSON case file: pass --cases FILE, set cases in diag-eval.config.yaml, or run from the folder that holds ${shown}`,
    );
  }
  return loadCaseFile(settings.cases, shown, settings.config.contract);
}

import { dirname, join, resolve } from 'node:path';
import { type HarnessConfig, loadConfig } from '../config/load-config.js';
import { displayPath } from '../io/files/display-path.js';
import { type ParsedValues, pathFlag, stringFlag } from './args.js';
import { DEFAULT_BASELINE_DIR, DEFAULT_CASES, DEFAULT_OUT } from './defaults.js';

/** Absolute paths a command works with, after flags, config file and defaults (flags win, then config). */
export interface Settings {
  config: HarnessConfig;
  cases: string;
  fixtures: string;
  out: string;
  baselineDir: string;
  baselineReport: string;
}

export async function resolveSettings(cwd: string, values: ParsedValues): Promise<Settings> {
  const config = await loadConfig(cwd, stringFlag(values, 'config'));
  const cases = pathFlag(values, 'cases', cwd) ?? config.cases ?? resolve(cwd, DEFAULT_CASES);
  const baselineDir = pathFlag(values, 'baseline-dir', cwd) ?? config.baselineDir ?? resolve(cwd, DEFAULT_BASELINE_DIR);
  return {
    config,
    cases,
    fixtures: pathFlag(values, 'fixtures', cwd) ?? config.fixtures ?? join(dirname(cases), 'fixtures'),
    out: pathFlag(values, 'out', cwd) ?? config.out ?? resolve(cwd, DEFAULT_OUT),
    baselineDir,
    baselineReport: pathFlag(values, 'baseline', cwd) ?? join(baselineDir, 'report.json'),
  };
}

/**
 * How a problem names where an output folder came from: its flag (`--out`), or, when the config
 * file set it and no flag did, the file and its key (`diag-eval.config.yaml: out:`), so that the
 * user is not sent looking for a flag they never gave.
 */
export function folderSettingName(
  values: ParsedValues,
  settings: Settings,
  flag: 'out' | 'baseline-dir',
  cwd: string,
): string {
  const key = flag === 'out' ? 'out' : 'baselineDir';
  const file = settings.config.file;
  return values[flag] === undefined && file !== null && settings.config[key] !== null
    ? `${displayPath(file, cwd)}: ${key}:`
    : `--${flag}`;
}

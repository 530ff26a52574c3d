import { dirname, join, resolve } from 'node:path';
import { type HarnessConfig, loadConfig } from '../config/load-config.js';
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
  const fromFlag = (name: string): string | null => pathFlag(values, name, cwd);
  const cases = fromFlag('cases') ?? config.cases ?? resolve(cwd, DEFAULT_CASES);
  const baselineDir = fromFlag('baseline-dir') ?? config.baselineDir ?? resolve(cwd, DEFAULT_BASELINE_DIR);
  return {
    config,
    cases,
    fixtures: fromFlag('fixtures') ?? config.fixtures ?? join(dirname(cases), 'fixtures'),
    out: fromFlag('out') ?? config.out ?? resolve(cwd, DEFAULT_OUT),
    baselineDir,
    baselineReport: fromFlag('baseline') ?? join(baselineDir, 'report.json'),
  };
}

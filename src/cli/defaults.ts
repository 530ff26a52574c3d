// Where commands read and write when neither a flag nor the config file says (docs/contract.md §1).
// Apart from settings.ts so that the commands that read no config file (diff, merge) load no config loader.

export const DEFAULT_CASES = 'eval/cases.yaml';
export const DEFAULT_OUT = 'eval-out';
export const DEFAULT_BASELINE_DIR = 'docs/eval/baseline';

import { type FlagDefinition, type FlagDefinitions, repeatedFlag, switchFlag, valueFlag } from '../command.js';

// Flags several commands share, defined once with their `--help` lines.

export const HELP: FlagDefinition = { type: 'boolean', short: 'h', help: ['show this help'] };
/** --quiet and --help, which close every command's own options (GENERAL_ROWS). */
export const GENERAL_FLAGS = {
  quiet: switchFlag('print nothing but errors'),
  help: HELP,
} as const satisfies FlagDefinitions;
export const OUT: FlagDefinition = valueFlag('DIR', 'where to write (default eval-out)');

/** The report formats of run, baseline and merge. */
export const REPORT_FORMAT: FlagDefinition = valueFlag(
  'LIST',
  'comma-separated: json, md, junit (report.junit.xml), html (report.html)',
  '(default json,md)',
);

/** Where the cases and their traces come from, for run, baseline, check and validate. */
export const CASE_SOURCE_FLAGS = {
  cases: valueFlag('FILE', 'case file, YAML or JSON (default eval/cases.yaml)'),
  fixtures: valueFlag(
    'DIR',
    "trace fixture folder (default: the config file's fixtures, else the case file's folder + fixtures/)",
  ),
  config: valueFlag(
    'FILE',
    'config file (default diag-eval.config.yaml or .json in the working directory,',
    'if present); it may set cases, fixtures, out, baselineDir, contract and checks',
  ),
  format: REPORT_FORMAT,
  ...GENERAL_FLAGS,
} as const satisfies FlagDefinitions;

/** The first rows of their `--help`. */
export const CASE_SOURCE_ROWS = ['cases', 'fixtures', 'config'] as const;
export const GENERAL_ROWS = ['quiet', 'help'] as const;

/** Live mode (docs/contract.md §8) replaces the fixtures folder as the source, in run and check. */
const LIVE_FLAGS = {
  api: valueFlag('URL', "fetch each case's trace from GET URL/api/diagnosis/{sessionId}/trace"),
  sessions: valueFlag('FILE', 'JSON object {"caseId": "sessionId"}; else the case\'s sessionId field'),
  ask: switchFlag("ask each case's question (POST URL/api/chat) and poll the trace to completion"),
  repeat: valueFlag('K', 'with --ask: ask each case K times (1 to 1000); a case passes only when all K runs pass'),
  record: valueFlag('DIR', 'write every fetched trace to DIR as a fixture (a folder, not a file)'),
  concurrency: valueFlag('N', 'requests in flight at most (default 4, 1 to 64)'),
  'timeout-ms': valueFlag('MS', 'per-request timeout (default 30000, at most 3600000)'),
  'poll-timeout-ms': valueFlag('MS', 'give up polling a trace after MS (default 600000, at most 86400000)'),
  'max-body-mb': valueFlag('N', 'the largest response body read, in MiB (default 64, 1 to 256)'),
  header: repeatedFlag('"Name: value"', 'extra request header, repeatable; values are never printed or written'),
} as const satisfies FlagDefinitions;

/**
 * The flags that only mean something with `--api`, in the order `--help` lists them under it: the
 * trace-source choice refuses them without it.
 */
export const LIVE_ONLY_FLAGS = Object.keys(LIVE_FLAGS).filter((name) => name !== 'api');

/** So do imported traces (§9). */
const IMPORT_FLAGS = {
  traces: repeatedFlag('FILE…', 'evaluate the traces in these export files instead of fixtures'),
  from: valueFlag('FORMAT', 'auto (default), otlp, jaeger, tempo or spans'),
} as const satisfies FlagDefinitions;

export const ALTERNATIVE_SOURCE_FLAGS = { ...LIVE_FLAGS, ...IMPORT_FLAGS };

/** The `--help` sections of the alternative sources, after a command's own options. */
export const ALTERNATIVE_SOURCE_SECTIONS = [
  {
    heading: 'Live mode (evaluate a running diagnosis service instead of fixtures):',
    flags: Object.keys(LIVE_FLAGS),
  },
  {
    heading: 'Imported traces (OpenTelemetry, Jaeger, Tempo exports; see docs/import.md):',
    flags: Object.keys(IMPORT_FLAGS),
  },
];

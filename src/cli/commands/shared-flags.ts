import type { FlagDefinition, FlagDefinitions } from '../command.js';
import { LIVE_ONLY_FLAGS } from '../live-flags.js';

// Flags several commands share, defined once with their `--help` lines.

export const QUIET: FlagDefinition = { type: 'boolean', help: ['print nothing but errors'] };
export const HELP: FlagDefinition = { type: 'boolean', short: 'h', help: ['show this help'] };
export const OUT: FlagDefinition = { type: 'string', value: 'DIR', help: ['where to write (default eval-out)'] };

/** The report formats of run, baseline and merge. */
export const REPORT_FORMAT: FlagDefinition = {
  type: 'string',
  value: 'LIST',
  help: ['comma-separated: json, md, junit (report.junit.xml), html (report.html)', '(default json,md)'],
};

/** Where the cases and their traces come from, for run, baseline, check and validate. */
export const CASE_SOURCE_FLAGS = {
  cases: { type: 'string', value: 'FILE', help: ['case file, YAML or JSON (default eval/cases.yaml)'] },
  fixtures: {
    type: 'string',
    value: 'DIR',
    help: ["trace fixture folder (default: the config file's fixtures, else the case file's folder + fixtures/)"],
  },
  config: {
    type: 'string',
    value: 'FILE',
    help: [
      'config file (default diag-eval.config.yaml or .json in the working directory,',
      'if present); it may set cases, fixtures, out, baselineDir, contract and checks',
    ],
  },
  format: REPORT_FORMAT,
  quiet: QUIET,
  help: HELP,
} as const satisfies FlagDefinitions;

/** The first rows of their `--help`; `quiet` and `help` close every command's own options (GENERAL_ROWS). */
export const CASE_SOURCE_ROWS = ['cases', 'fixtures', 'config'] as const;
export const GENERAL_ROWS = ['quiet', 'help'] as const;

/** Live mode (docs/contract.md §8) and imported traces (§9) replace the fixtures folder as the source, in run and check. */
export const ALTERNATIVE_SOURCE_FLAGS = {
  api: { type: 'string', value: 'URL', help: ["fetch each case's trace from GET URL/api/diagnosis/{sessionId}/trace"] },
  sessions: {
    type: 'string',
    value: 'FILE',
    help: ['JSON object {"caseId": "sessionId"}; else the case\'s sessionId field'],
  },
  ask: { type: 'boolean', help: ["ask each case's question (POST URL/api/chat) and poll the trace to completion"] },
  repeat: {
    type: 'string',
    value: 'K',
    help: ['with --ask: ask each case K times (1 to 1000); a case passes only when all K runs pass'],
  },
  record: {
    type: 'string',
    value: 'DIR',
    help: ['write every fetched trace to DIR as a fixture (a folder, not a file)'],
  },
  concurrency: { type: 'string', value: 'N', help: ['requests in flight at most (default 4, 1 to 64)'] },
  'timeout-ms': { type: 'string', value: 'MS', help: ['per-request timeout (default 30000, at most 3600000)'] },
  'poll-timeout-ms': {
    type: 'string',
    value: 'MS',
    help: ['give up polling a trace after MS (default 600000, at most 86400000)'],
  },
  'max-body-mb': {
    type: 'string',
    value: 'N',
    help: ['the largest response body read, in MiB (default 64, 1 to 256)'],
  },
  header: {
    type: 'string',
    multiple: true,
    value: '"Name: value"',
    help: ['extra request header, repeatable; values are never printed or written'],
  },
  traces: {
    type: 'string',
    multiple: true,
    value: 'FILE…',
    help: ['evaluate the traces in these export files instead of fixtures'],
  },
  from: { type: 'string', value: 'FORMAT', help: ['auto (default), otlp, jaeger, tempo or spans'] },
} as const satisfies FlagDefinitions;

/** The `--help` sections of the alternative sources, after a command's own options. */
export const ALTERNATIVE_SOURCE_SECTIONS = [
  {
    heading: 'Live mode (evaluate a running diagnosis service instead of fixtures):',
    flags: ['api', ...LIVE_ONLY_FLAGS],
  },
  { heading: 'Imported traces (OpenTelemetry, Jaeger, Tempo exports; see docs/import.md):', flags: ['traces', 'from'] },
] as const;

import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { EvalCase } from '../cases/types.js';
import { InputError } from '../errors.js';
import { displayPath } from '../io/display-path.js';
import { describeFsError } from '../io/fs-problem.js';
import { parseCommandArgs, stringFlag, numberFlag, type OptionSpec, type ParsedValues } from './args.js';
import { FLAG_RANGES } from './flag-ranges.js';
import { commandHelp, generalHelp } from './help.js';
import type { CliIo } from './io.js';
import type { Settings } from './settings.js';
import { PULL_OPTIONS } from './commands/pull-options.js';
import { MUTATE_OPTIONS } from './commands/mutate-options.js';
import { SCAN_OPTIONS } from './commands/scan-options.js';
import { CASE_SOURCE_OPTIONS, RUN_OPTIONS, VALIDATE_OPTIONS, parseFromFlag } from './commands/run-options.js';

const QUIET_AND_HELP = { quiet: { type: 'boolean' }, help: { type: 'boolean', short: 'h' } } as const satisfies OptionSpec;

/** Each command's flags: exactly those its --help lists and docs/contract.md §1 documents (a test holds the three together). */
export const OPTIONS: Record<string, OptionSpec> = {
  run: { ...RUN_OPTIONS, shard: { type: 'string' } },
  baseline: { ...CASE_SOURCE_OPTIONS, 'baseline-dir': { type: 'string' } },
  diff: { ...QUIET_AND_HELP, out: { type: 'string' }, format: { type: 'string' }, 'cost-tolerance': { type: 'string' } },
  check: { ...RUN_OPTIONS, baseline: { type: 'string' }, 'cost-tolerance': { type: 'string' }, report: { type: 'string' } },
  validate: VALIDATE_OPTIONS,
  import: { ...QUIET_AND_HELP, out: { type: 'string' }, from: { type: 'string' }, cases: { type: 'string' }, config: { type: 'string' }, strict: { type: 'boolean' } },
  serve: { ...QUIET_AND_HELP, fixtures: { type: 'string' }, port: { type: 'string' }, host: { type: 'string' } },
  merge: { ...QUIET_AND_HELP, out: { type: 'string' }, format: { type: 'string' } },
  pull: PULL_OPTIONS,
  scan: SCAN_OPTIONS,
  mutate: MUTATE_OPTIONS,
  init: { ...QUIET_AND_HELP, force: { type: 'boolean' } },
};

/** The whole CLI as a function of its arguments and I/O; returns the exit code. */
export async function main(argv: string[], io: CliIo): Promise<number> {
  const [command, ...rest] = argv;
  try {
    if (command === undefined || command === 'help' || command === '--help' || command === '-h') {
      io.stdout(rest[0] !== undefined && rest[0] in OPTIONS ? commandHelp(rest[0]) : generalHelp());
      return command === undefined ? 2 : 0;
    }
    if (command === '--version' || command === '-v') {
      io.stdout(`${packageVersion()}\n`);
      return 0;
    }
    const options = OPTIONS[command];
    if (options === undefined) {
      throw new InputError(`diag-eval: unknown command "${command}"; expected one of ${Object.keys(OPTIONS).join(', ')} (see \`diag-eval --help\`)`);
    }
    const { values, positionals } = parseCommandArgs(command, rest, options);
    if (values['help'] === true) {
      io.stdout(commandHelp(command));
      return 0;
    }
    return await dispatch(command, values, positionals, io);
  } catch (error) {
    if (error instanceof InputError) {
      for (const problem of error.problems) io.stderr(`error: ${problem}\n`);
      return 2;
    }
    // A file the system would not let us read or write (an output path that is a file, a
    // read-only folder, a full disk) is the input's fault, not a bug: one line, no stack.
    const fileProblem = fileSystemProblem(error, io.cwd);
    if (fileProblem !== null) {
      io.stderr(`error: ${fileProblem}\n`);
      return 2;
    }
    // Not the user's fault: keep the stack, it is what a bug report needs.
    io.stderr(
      `diag-eval: internal error (a bug in diag-eval; please report it with the command that was run): ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    );
    return 2;
  }
}

/** `<path>: cannot write (a part of the path is not a folder); expected …` for an error of the file system; null for anything else. */
function fileSystemProblem(error: unknown, cwd: string): string | null {
  const failure = error as NodeJS.ErrnoException | null;
  if (typeof failure?.code !== 'string' || typeof failure.syscall !== 'string' || typeof failure.path !== 'string') return null;
  // The temporary name beside a target is an implementation detail; the target is what the user named.
  const path = displayPath(failure.path.replace(/\.tmp-\d+-\d+$/u, ''), cwd);
  // Every input is read through the bounded reader, which reports rather than throws: what is
  // thrown here comes from writing, except for the few read calls below.
  const reading = ['read', 'stat', 'lstat', 'scandir', 'readlink', 'realpath'].includes(failure.syscall);
  return reading
    ? `${path}: cannot read (${describeFsError(error)}); expected a readable file or folder`
    : `${path}: cannot write (${describeFsError(error)}); expected a path where a file can be written`;
}

/**
 * Each command's code is imported when the command runs, not when the CLI starts: `--help`,
 * `--version` and a mistyped flag load no command, and a command loads only what it uses (the
 * YAML parser and zod only with a config or case file to read).
 */
async function dispatch(command: string, values: ParsedValues, positionals: string[], io: CliIo): Promise<number> {
  const noPositionals = (): void => {
    if (positionals.length > 0) throw new InputError(`diag-eval ${command}: unexpected argument "${positionals[0]}"; see \`diag-eval ${command} --help\``);
  };
  switch (command) {
    case 'run': {
      const { runCommand } = await import('./commands/run.js');
      return runCommand(values, positionals, await resolveSettings(io.cwd, values), io);
    }
    case 'baseline': {
      noPositionals();
      const { baselineCommand } = await import('./commands/run.js');
      return baselineCommand(values, positionals, await resolveSettings(io.cwd, values), io);
    }
    case 'check': {
      const { checkCommand } = await import('./commands/check.js');
      return checkCommand(values, positionals, await resolveSettings(io.cwd, values), io);
    }
    case 'validate': {
      noPositionals();
      const { validateCommand } = await import('./commands/validate.js');
      return validateCommand(values, await resolveSettings(io.cwd, values), io);
    }
    case 'diff': {
      const { diffCommand } = await import('./commands/diff.js');
      return diffCommand(values, positionals, io);
    }
    case 'import':
      return importCommandFromArgs(values, positionals, io);
    case 'scan': {
      const { scanCommand } = await import('./commands/scan.js');
      return scanCommand(values, positionals, await resolveSettings(io.cwd, values), io);
    }
    case 'mutate': {
      noPositionals();
      const { mutateCommand } = await import('./commands/mutate.js');
      return mutateCommand(values, await resolveSettings(io.cwd, values), io);
    }
    case 'pull': {
      const { pullCommand } = await import('./commands/pull.js');
      return pullCommand(values, positionals, io);
    }
    case 'merge': {
      const { mergeCommand } = await import('./commands/merge.js');
      return mergeCommand(values, positionals, io);
    }
    case 'serve': {
      noPositionals();
      const { serveCommand } = await import('./commands/serve.js');
      return serveCommand(
        {
          fixturesDir: resolve(io.cwd, stringFlag(values, 'fixtures') ?? 'eval/fixtures'),
          port: numberFlag('serve', values, 'port', FLAG_RANGES.port) ?? 8787,
          host: stringFlag(values, 'host') ?? '127.0.0.1',
          quiet: values['quiet'] === true,
        },
        io,
      );
    }
    case 'init': {
      noPositionals();
      const { initCommand } = await import('./commands/init.js');
      return initCommand({ force: values['force'] === true, quiet: values['quiet'] === true }, io);
    }
    default:
      throw new InputError(`diag-eval: unknown command "${command}"`);
  }
}

async function importCommandFromArgs(values: ParsedValues, positionals: string[], io: CliIo): Promise<number> {
  const out = stringFlag(values, 'out');
  if (positionals.length === 0) throw new InputError('diag-eval import: found no export file; expected at least one FILE to import');
  if (out === null) throw new InputError('diag-eval import: found no --out; expected --out DIR (where to write the fixtures)');
  const from = parseFromFlag('import', stringFlag(values, 'from') ?? 'auto');
  let cases: EvalCase[] | null = null;
  const casesFlag = stringFlag(values, 'cases');
  if (casesFlag !== null) {
    const settings = await resolveSettings(io.cwd, values);
    const { loadSettingsCases } = await import('./load-settings-cases.js');
    cases = await loadSettingsCases(settings, io.cwd);
  }
  const { importCommand } = await import('./commands/import.js');
  return importCommand(
    { files: positionals.map((file) => resolve(io.cwd, file)), from, outDir: resolve(io.cwd, out), cases, quiet: values['quiet'] === true, strict: values['strict'] === true },
    io,
  );
}

async function resolveSettings(cwd: string, values: ParsedValues): Promise<Settings> {
  const settings = await import('./settings.js');
  return settings.resolveSettings(cwd, values);
}

/** Set to package.json's version by the CLI bundle (scripts/bundle-cli.mjs); undeclared when run from tsc's output. */
declare const __DIAG_EVAL_VERSION__: string | undefined;

function packageVersion(): string {
  if (typeof __DIAG_EVAL_VERSION__ === 'string') return __DIAG_EVAL_VERSION__;
  const manifest = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version?: string };
  return manifest.version ?? 'unknown';
}

import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { EvalCase } from '../cases/types.js';
import { InputError } from '../errors.js';
import { parseCommandArgs, stringFlag, numberFlag, type OptionSpec } from './args.js';
import { commandHelp, generalHelp } from './help.js';
import type { CliIo } from './io.js';
import { resolveSettings } from './settings.js';
import { CASE_SOURCE_OPTIONS, RUN_OPTIONS, baselineCommand, parseFromFlag, runCommand } from './commands/run.js';

const QUIET_AND_HELP = { quiet: { type: 'boolean' }, help: { type: 'boolean', short: 'h' } } as const satisfies OptionSpec;

const OPTIONS: Record<string, OptionSpec> = {
  run: RUN_OPTIONS,
  baseline: { ...CASE_SOURCE_OPTIONS, 'baseline-dir': { type: 'string' } },
  diff: { ...QUIET_AND_HELP, out: { type: 'string' }, format: { type: 'string' }, 'cost-tolerance': { type: 'string' } },
  check: { ...RUN_OPTIONS, baseline: { type: 'string' }, 'cost-tolerance': { type: 'string' } },
  validate: CASE_SOURCE_OPTIONS,
  import: { ...QUIET_AND_HELP, out: { type: 'string' }, from: { type: 'string' }, cases: { type: 'string' }, config: { type: 'string' }, strict: { type: 'boolean' } },
  serve: { ...QUIET_AND_HELP, fixtures: { type: 'string' }, port: { type: 'string' }, host: { type: 'string' } },
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
    // Not the user's fault: keep the stack, it is what a bug report needs.
    io.stderr(`diag-eval: internal error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    return 2;
  }
}

async function dispatch(command: string, values: Parameters<typeof runCommand>[0], positionals: string[], io: CliIo): Promise<number> {
  const noPositionals = (): void => {
    if (positionals.length > 0) throw new InputError(`diag-eval ${command}: unexpected argument "${positionals[0]}"; see \`diag-eval ${command} --help\``);
  };
  switch (command) {
    case 'run':
      return runCommand(values, positionals, await resolveSettings(io.cwd, values), io);
    case 'baseline':
      noPositionals();
      return baselineCommand(values, positionals, await resolveSettings(io.cwd, values), io);
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
    case 'serve': {
      noPositionals();
      const { serveCommand } = await import('./commands/serve.js');
      return serveCommand(
        {
          fixturesDir: resolve(io.cwd, stringFlag(values, 'fixtures') ?? 'eval/fixtures'),
          port: numberFlag('serve', values, 'port', { min: 0, integer: true }) ?? 8787,
          host: stringFlag(values, 'host') ?? '127.0.0.1',
          quiet: values['quiet'] === true,
        },
        io,
      );
    }
    default:
      throw new InputError(`diag-eval: unknown command "${command}"`);
  }
}

async function importCommandFromArgs(values: Parameters<typeof runCommand>[0], positionals: string[], io: CliIo): Promise<number> {
  const out = stringFlag(values, 'out');
  if (positionals.length === 0) throw new InputError('diag-eval import: expected at least one export file to import');
  if (out === null) throw new InputError('diag-eval import: --out DIR is required (where to write the fixtures)');
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

/** Set to package.json's version by the CLI bundle (scripts/bundle-cli.mjs); undeclared when run from tsc's output. */
declare const __DIAG_EVAL_VERSION__: string | undefined;

function packageVersion(): string {
  if (typeof __DIAG_EVAL_VERSION__ === 'string') return __DIAG_EVAL_VERSION__;
  const manifest = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version?: string };
  return manifest.version ?? 'unknown';
}

import { readFileSync } from 'node:fs';
import { InputError, problemsInFileOrder } from '../io/errors.js';
import { displayPath } from '../io/files/display-path.js';
import { describeFsError } from '../io/files/fs-problem.js';
import { closestKey } from '../io/validation/closest-key.js';
import { type OptionSpec, parseCommandArgs } from './args.js';
import { COMMANDS, findCommand } from './commands/index.js';
import { commandHelp, generalHelp } from './help.js';
import type { CliIo } from './io.js';
import { guardedIo, printed } from './printable.js';

/**
 * Each command's flags: exactly those its --help lists and docs/contract.md §1 documents (a test
 * holds the three together). Marked pure: the bundled CLI, which does not read it, leaves it out.
 */
export const OPTIONS: Record<string, OptionSpec> = /* @__PURE__ */ (() =>
  Object.fromEntries(Object.entries(COMMANDS).map(([name, command]) => [name, command.flags])))();

/** The whole CLI as a function of its arguments and I/O; returns the exit code. */
export async function main(argv: string[], rawIo: CliIo): Promise<number> {
  // Every line printed, by any command, goes through the output sanitiser.
  const io = guardedIo(rawIo);
  const [command, ...rest] = argv;
  try {
    if (command === undefined || command === 'help' || command === '--help' || command === '-h') {
      io.stdout(rest[0] === undefined ? generalHelp() : commandHelp(rest[0]));
      return command === undefined ? 2 : 0;
    }
    if (command === '--version' || command === '-v') {
      io.stdout(`${packageVersion()}\n`);
      return 0;
    }
    const definition = findCommand(command);
    if (definition === null) {
      const suggestion = closestKey(command, Object.keys(COMMANDS));
      throw new InputError(
        `diag-eval: unknown command "${command}"${suggestion === null ? '' : ` (did you mean "${suggestion}"?)`}; expected one of ${Object.keys(COMMANDS).join(', ')} (see \`diag-eval --help\`)`,
      );
    }
    const { values, positionals } = parseCommandArgs(command, rest, definition.flags);
    if (values['help'] === true) {
      io.stdout(commandHelp(command));
      return 0;
    }
    const action = await definition.action();
    return await action(values, positionals, io);
  } catch (error) {
    if (error instanceof InputError) {
      for (const problem of problemsInFileOrder(error.problems)) io.stderr(printed`error: ${problem}\n`);
      return 2;
    }
    // A file the system would not let us read or write (an output path that is a file, a
    // read-only folder, a full disk) is the input's fault, not a bug: one line, no stack.
    const fileProblem = fileSystemProblem(error, io.cwd);
    if (fileProblem !== null) {
      io.stderr(printed`error: ${fileProblem}\n`);
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
  if (typeof failure?.code !== 'string' || typeof failure.syscall !== 'string' || typeof failure.path !== 'string')
    return null;
  // The temporary name beside a target is an implementation detail; the target is what the user named.
  const path = displayPath(failure.path.replace(/\.tmp-\d+-\d+$/u, ''), cwd);
  // Every input is read through the bounded reader, which reports rather than throws: what is
  // thrown here comes from writing, except for the few read calls below.
  const reading = ['read', 'stat', 'lstat', 'scandir', 'readlink', 'realpath'].includes(failure.syscall);
  return reading
    ? `${path}: cannot read (${describeFsError(error)}); expected a readable file or folder`
    : `${path}: cannot write (${describeFsError(error)}); expected a path where a file can be written`;
}

/** Set to package.json's version by the CLI bundle (scripts/bundle-cli.mjs); undeclared when run from tsc's output. */
declare const __DIAG_EVAL_VERSION__: string | undefined;

function packageVersion(): string {
  if (typeof __DIAG_EVAL_VERSION__ === 'string') return __DIAG_EVAL_VERSION__;
  const manifest = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
    version?: string;
  };
  return manifest.version ?? 'unknown';
}

/** `--help` texts, generated from each command's declaration (src/cli/commands/): what it does, every flag, exit codes. */
import type { Command, FlagDefinition } from './command.js';
import { COMMANDS, findCommand } from './commands/index.js';

const INTRO = `diag-eval — deterministic offline regression checks for an LLM root-cause diagnosis agent

Usage: diag-eval <command> [options]

Commands:`;

const OUTRO = `Run \`diag-eval <command> --help\` for a command's options.

Exit codes: 0 success; 1 a case failed or was not run (run), a regression (diff, check),
a fixture missing or not loadable (validate), a trace or window skipped (pull), an error
policy violated (scan), a mutation score below --min-score (mutate); 2 the input could not
be used (bad flag, case file, config or report file, shards that do not make one run).`;

/** Where the summaries start in the command list. */
const SUMMARY_COLUMN = 13;
const DEFAULT_DESCRIPTION_COLUMN = 22;

export function generalHelp(): string {
  const commands = Object.entries(COMMANDS).map(
    ([name, command]) => `  ${name.padEnd(SUMMARY_COLUMN - 2)}${command.summary}`,
  );
  return `${INTRO}\n${commands.join('\n')}\n\n${OUTRO}\n`;
}

/** A command's `--help`; the general help for a name that is no command. */
export function commandHelp(name: string): string {
  const command = findCommand(name);
  return command === null ? generalHelp() : `${renderCommandHelp(command)}\n`;
}

function renderCommandHelp(command: Command): string {
  const column = command.descriptionColumn ?? DEFAULT_DESCRIPTION_COLUMN;
  const sections = command.sections.map(({ heading, flags }, index) => {
    const rows = flags.flatMap((name) => flagRows(name, command.flags[name], column));
    return [index === 0 ? 'Options:' : heading, ...rows].filter((line) => line !== undefined).join('\n');
  });
  return [`Usage: ${command.usage}`, command.about, ...sections, command.footer]
    .filter((part) => part !== undefined)
    .join('\n\n');
}

/** `  --cases FILE        case file, …`, then the description's further lines under its first. */
function flagRows(name: string, flag: FlagDefinition | undefined, column: number): string[] {
  if (flag === undefined) throw new Error(`--help lists --${name}, which the command does not define`);
  const label = `${flag.short === undefined ? '' : `-${flag.short}, `}--${name}${flag.value === undefined ? '' : ` ${flag.value}`}`;
  // A label too long for the column keeps two spaces before its description.
  const first = `  ${label}`.length + 2 <= column ? `  ${label}`.padEnd(column) : `  ${label}  `;
  const [firstLine = '', ...rest] = flag.help;
  return [`${first}${firstLine}`, ...rest.map((line) => `${' '.repeat(column)}${line}`)];
}

import type { CliIo } from './io.js';

/**
 * The one output sanitiser of the CLI (docs/contract.md §1, "Output"). Text from the data (case
 * and trace ids, file names, paths, messages) is printed through `printed` or `printable`: a
 * control character in it (C0, DEL, C1, the bidirectional overrides and isolates, the Unicode
 * line and paragraph separators) is shown escaped, `\n` or `\u001b`, so a value is always one
 * piece of one line, and no value can move the cursor, recolour the terminal or start a line of
 * its own. `guardedIo` is the net under every print: what reaches stdout and stderr holds no raw
 * control character but the line break (and, on a terminal's stdout, the colour and progress
 * sequences the CLI writes itself), and inside GitHub Actions no line that the runner would take
 * for a workflow command unless the CLI writes it as one (`io.workflowCommand`).
 */

/** Characters shown escaped wherever data is printed. */
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/gu;

const NAMED: Record<string, string> = { '\n': '\\n', '\r': '\\r', '\t': '\\t' };

function escapeCharacter(character: string): string {
  return NAMED[character] ?? `\\u${(character.codePointAt(0) ?? 0).toString(16).padStart(4, '0')}`;
}

/** The value as one piece of a printed line: every control character escaped. */
export function printable(value: unknown): string {
  return String(value).replace(CONTROL, escapeCharacter);
}

/** A template whose values are printable(): `printed\`wrote ${path} (trace ${id})\n\``. */
export function printed(strings: TemplateStringsArray, ...values: unknown[]): string {
  return strings.reduce((text, part, index) => `${text}${printable(values[index - 1])}${part}`);
}

/**
 * A line the GitHub Actions runner reads as a command: `::name …` (or the older `##[name]`),
 * after leading white space.
 */
const WORKFLOW_COMMAND = /^([ \t]*)(::|##\[)/u;

/** The line with its first character escaped when it would start a workflow command. */
function neutralised(line: string): string {
  return line.replace(
    WORKFLOW_COMMAND,
    (_, space: string, start: string) => `${space}${escapeCharacter(start[0] as string)}${start.slice(1)}`,
  );
}

/**
 * The CLI's I/O with both streams sanitised as the header says; `workflowCommand` prints the
 * CLI's own workflow commands (whose data is escaped as the runner expects) unchanged.
 */
export function guardedIo(io: CliIo): CliIo {
  const inActions = io.env['GITHUB_ACTIONS'] === 'true';
  const stdout = new GuardedStream(io.stdout, () => io.stdoutIsTTY, inActions);
  const stderr = new GuardedStream(io.stderr, () => false, inActions);
  return {
    cwd: io.cwd,
    env: io.env,
    stdout: (text) => stdout.write(text),
    stderr: (text) => stderr.write(text),
    get stdoutIsTTY() {
      return io.stdoutIsTTY;
    },
    workflowCommand: (line) => stdout.writeCommand(line),
  };
}

class GuardedStream {
  private atLineStart = true;

  constructor(
    private readonly out: (text: string) => void,
    private readonly terminal: () => boolean,
    private readonly inActions: boolean,
  ) {}

  write(text: string): void {
    if (text === '') return;
    // On a terminal the CLI's own colour and progress sequences pass (src/cli/terminal.ts,
    // progress.ts); elsewhere the CLI writes none, and any that come from data are escaped.
    // The line break is the one control character printed text may carry raw.
    let safe = this.terminal()
      ? text
      : text.replace(CONTROL, (character) => (character === '\n' ? character : escapeCharacter(character)));
    if (this.inActions) {
      safe = safe
        .split('\n')
        .map((line, index) => (index === 0 && !this.atLineStart ? line : neutralised(line)))
        .join('\n');
    }
    this.atLineStart = text.endsWith('\n');
    this.out(safe);
  }

  /** One workflow command line of the CLI's own, on a line of its own. */
  writeCommand(line: string): void {
    this.out(`${this.atLineStart ? '' : '\n'}${line.replace(CONTROL, escapeCharacter)}\n`);
    this.atLineStart = true;
  }
}

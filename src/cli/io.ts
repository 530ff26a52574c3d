/** What a command may touch of the outside world; tests pass their own. */
export interface CliIo {
  cwd: string;
  env: Record<string, string | undefined>;
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  /** stdout is a terminal: colour (unless NO_COLOR) and live progress lines are allowed. */
  stdoutIsTTY: boolean;
  /** Prints one GitHub Actions workflow command of the CLI's own; every other line that would start one is neutralised (printable.ts). */
  workflowCommand?: (line: string) => void;
}

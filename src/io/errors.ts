/**
 * An input the harness cannot use: a bad flag, case file, config or report file.
 * It carries every problem found (not only the first); the CLI prints them and exits 2,
 * without a stack trace. Each problem names the file, the place in it, what was found
 * and what was expected.
 */
export class InputError extends Error {
  readonly problems: string[];

  constructor(problems: string | string[]) {
    const list = typeof problems === 'string' ? [problems] : problems;
    super(list.join('\n'));
    this.name = 'InputError';
    this.problems = list;
  }
}

/**
 * Whether a recursive reader or writer ran out of stack: the input is nested thousands of levels
 * deep, which is the input's problem (a file refused, a trace skipped), not a crash.
 */
export function isStackOverflow(error: unknown): error is RangeError {
  return error instanceof RangeError && /call stack/iu.test(error.message);
}

const PLACE = /^(.+?):(\d+)(?::(\d+))?: /u;

/**
 * Problems as a reader goes through the files: each file's in the order of their first mention,
 * and within a file by line and column (a problem of the whole file, with no line, first), so
 * that a case file's problems read top to bottom whatever order the validation found them in.
 */
export function problemsInFileOrder(problems: readonly string[]): string[] {
  const fileRank = new Map<string, number>();
  const keyed = problems.map((problem, index) => {
    const place = PLACE.exec(problem);
    const file = place?.[1] ?? problem.split(': ')[0] ?? '';
    if (!fileRank.has(file)) fileRank.set(file, fileRank.size);
    return { problem, index, file, line: Number(place?.[2] ?? 0), column: Number(place?.[3] ?? 0) };
  });
  return keyed
    .sort(
      (a, b) =>
        (fileRank.get(a.file) ?? 0) - (fileRank.get(b.file) ?? 0) ||
        a.line - b.line ||
        a.column - b.column ||
        a.index - b.index,
    )
    .map((entry) => entry.problem);
}

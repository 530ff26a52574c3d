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

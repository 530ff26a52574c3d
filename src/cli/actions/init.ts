import { lstatSync } from 'node:fs';
import { join } from 'node:path';
import { CONFIG_FILE_NAMES } from '../../config/load-config.js';
import { InputError } from '../../io/errors.js';
import { displayPath } from '../../io/files/display-path.js';
import { noPositionals, type ParsedValues } from '../args.js';
import type { CliIo } from '../io.js';
import { printWritten } from '../summary.js';
import { type PlannedFile, writeAll } from '../write-outputs.js';
import { CASES_YAML, CONFIG_YAML, EXAMPLE_CASE_ID, EXAMPLE_TRACE } from './init-templates.js';

/** S52. An existing file is never overwritten without `--force`: the user's own cases are worth more than the example. */
export async function initCommand(values: ParsedValues, positionals: string[], io: CliIo): Promise<number> {
  noPositionals('init', positionals);
  const files: PlannedFile[] = [
    [join(io.cwd, 'eval', 'cases.yaml'), () => CASES_YAML],
    [join(io.cwd, 'eval', 'fixtures', `${EXAMPLE_CASE_ID}.json`), () => `${JSON.stringify(EXAMPLE_TRACE, null, 2)}\n`],
    [join(io.cwd, 'diag-eval.config.yaml'), () => CONFIG_YAML],
  ];
  const existing = files.filter(([path]) => isThere(path)).map(([path]) => displayPath(path, io.cwd));
  // The diag-eval.config.yaml written here is looked for first, so another config file would be passed over without a word.
  const otherConfigs = CONFIG_FILE_NAMES.filter(
    (name) => name !== 'diag-eval.config.yaml' && isThere(join(io.cwd, name)),
  );
  const problems = [
    ...(existing.length === 0
      ? []
      : [
          `diag-eval init: ${existing.join(', ')} ${existing.length === 1 ? 'exists' : 'exist'} already; expected none of the starter files there (--force overwrites them)`,
        ]),
    ...otherConfigs.map(
      (name) =>
        `diag-eval init: ${name} exists already; expected no config file there (diag-eval.config.yaml, which init writes, would be read instead of it; --force writes it anyway)`,
    ),
  ];
  if (problems.length > 0 && values['force'] !== true) throw new InputError(problems);
  const written = await writeAll(files);
  if (values['quiet'] !== true) {
    printWritten(io, written);
    io.stdout(
      [
        'next:',
        '  npx --no-install diag-eval run         # evaluate the example case against its trace',
        '  npx --no-install diag-eval baseline    # record the results in docs/eval/baseline/ (commit it)',
        '  npx --no-install diag-eval check       # the CI gate: fails on a regression against the baseline',
        '',
      ].join('\n'),
    );
  }
  return 0;
}

/** Whether anything is at the path, a dangling symbolic link included: the rename that writes the file would replace it. */
function isThere(path: string): boolean {
  try {
    return lstatSync(path, { throwIfNoEntry: false }) !== undefined;
  } catch {
    // A part of the path that is not a folder: nothing is there, and the write names the problem.
    return false;
  }
}

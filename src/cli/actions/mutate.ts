import { lstatSync, mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { InputError } from '../../io/errors.js';
import { holdTemporary } from '../../io/files/atomic-write.js';
import { displayPath } from '../../io/files/display-path.js';
import { ensureFolder } from '../../io/files/ensure-folder.js';
import { withFilePath } from '../../io/files/fs-problem.js';
import { closestKey } from '../../io/validation/closest-key.js';
import { OPERATORS } from '../../mutate/operators/index.js';
import type { PlainTrace } from '../../mutate/plain-trace.js';
import { renderMutationJson, renderMutationMarkdown } from '../../mutate/render-mutation.js';
import { renderMutationHtml } from '../../mutate/render-mutation-html.js';
import { mutationExitCode, runMutation } from '../../mutate/run-mutation.js';
import type { MutationOperator } from '../../mutate/types.js';
import { fixtureFolder, readFixture } from '../../sources/fixture-dir.js';
import { percent } from '../../view/static-page.js';
import { commaList, formatsFlag, noPositionals, numberFlag, type ParsedValues, pathFlag, stringFlag } from '../args.js';
import type { CliIo } from '../io.js';
import { loadSettingsCases } from '../load-settings-cases.js';
import { checkOutputFolder } from '../output-folder.js';
import { printed } from '../printable.js';
import { folderSettingName, resolveSettings } from '../settings.js';
import { printWritten } from '../summary.js';
import { formatFiles, writeAll } from '../write-outputs.js';

export async function mutateCommand(values: ParsedValues, positionals: string[], io: CliIo): Promise<number> {
  noPositionals('mutate', positionals);
  const settings = await resolveSettings(io.cwd, values);
  const formats = formatsFlag('mutate', values, ['json', 'md', 'html']);
  const minScore = numberFlag('mutate', values, 'min-score');
  const operators = operatorsFlag(stringFlag(values, 'operators'));
  const keepDir = pathFlag(values, 'keep-mutants', io.cwd);
  checkOutputFolder('mutate', folderSettingName(values, settings, 'out', io.cwd), settings.out, io.cwd, null);
  if (keepDir !== null) checkOutputFolder('mutate', '--keep-mutants', keepDir, io.cwd, null);
  const cases = await loadSettingsCases(settings, io.cwd);

  if (keepDir !== null) await ensureFolder(keepDir);
  const fixtures = fixtureFolder(settings.fixtures, io.cwd);
  const report = await runMutation(cases, (evalCase) => readFixture(fixtures, evalCase), settings.config.contract, {
    operators,
    minScore,
    ...(keepDir === null ? {} : { onMutant: mutantWriter(keepDir, io.cwd) }),
  });

  const written = await writeAll(
    formatFiles(settings.out, formats, {
      json: ['mutation.json', () => renderMutationJson(report)],
      md: ['mutation.md', () => renderMutationMarkdown(report)],
      html: ['mutation.html', () => renderMutationHtml(report, displayPath(settings.cases, io.cwd))],
    }),
  );

  if (values['quiet'] !== true) {
    const { summary } = report;
    const score = summary.score === null ? 'no mutants' : percent(summary.score);
    io.stdout(
      printed`diag-eval mutate: score ${score}: ${summary.killed} of ${summary.mutants} regressed traces noticed, over ${summary.mutatedCases} of ${summary.cases} cases\n`,
    );
    if (summary.skippedCases > 0)
      io.stdout(
        printed`  skipped (not passing today): ${report.cases
          .filter((score) => score.status === 'skipped')
          .map((score) => score.caseId)
          .join(', ')}\n`,
      );
    if (summary.fragileVariants > 0)
      io.stdout(printed`  fragile: ${summary.fragileVariants} meaning-preserving variants failed their case\n`);
    printWritten(io, [...written, ...(keepDir === null ? [] : [keepDir])]);
  }
  return mutationExitCode(report);
}

/** `--operators a,b`: registry operators by id, in registry order; an unknown id is exit 2 with a did-you-mean. */
function operatorsFlag(raw: string | null): readonly MutationOperator[] {
  if (raw === null) return OPERATORS;
  const ids = commaList(raw);
  const known = OPERATORS.map((operator) => operator.id);
  const expected = `expected a comma-separated list of ${known.join(', ')}`;
  const problems = ids
    .filter((id) => !known.includes(id))
    .map((id) => {
      const suggestion = closestKey(id, known);
      return `diag-eval mutate: --operators: found unknown operator "${id}"${suggestion === null ? '' : ` (did you mean "${suggestion}"?)`}; ${expected}`;
    });
  if (ids.length === 0) problems.push(`diag-eval mutate: --operators: found "${raw}"; ${expected}`);
  if (problems.length > 0) throw new InputError(problems);
  return OPERATORS.filter((operator) => ids.includes(operator.id));
}

/**
 * Writes each mutant as soon as it is made, so memory does not grow with the number of mutants:
 * `DIR/<case>/<operator>-<n>.json`, each file whole or not at all (a temporary name, then a
 * rename), never through a symbolic link: a case folder that is a link is refused (exit 2), and
 * the temporary file is made new. A temporary file is removed when writing fails or the process
 * is stopped.
 */
function mutantWriter(
  keepDir: string,
  cwd: string,
): (caseId: string, operator: string, index: number, document: PlainTrace) => void {
  const made = new Set<string>();
  return (caseId, operator, index, document) => {
    const folder = join(keepDir, safeName(caseId));
    if (!made.has(folder)) {
      try {
        mkdirSync(folder);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      }
      if (!lstatSync(folder).isDirectory())
        throw new InputError(
          `diag-eval mutate: --keep-mutants: ${displayPath(folder, cwd)} is a symbolic link or a file; expected a folder inside ${displayPath(keepDir, cwd)} (nothing is written through a link)`,
        );
      made.add(folder);
    }
    const path = join(folder, `${operator}-${index + 1}.json`);
    // Named like the temporary files of io/files/atomic-write, so an error names the target, not this name.
    const temporary = `${path}.tmp-${process.pid}-0`;
    const hold = holdTemporary(temporary);
    try {
      rmSync(temporary, { force: true });
      writeFileSync(temporary, `${JSON.stringify(document, null, 2)}\n`, { flag: 'wx' });
      renameSync(temporary, path);
    } catch (error) {
      rmSync(temporary, { force: true });
      throw withFilePath(error, temporary);
    } finally {
      hold.release();
    }
  };
}

/** A case id as one path segment: anything but letters, digits, `.`, `_` and `-` becomes `_`. */
function safeName(caseId: string): string {
  const name = caseId.replace(/[^A-Za-z0-9._-]/gu, '_');
  return name === '' || name === '.' || name === '..' ? `_${name}` : name;
}

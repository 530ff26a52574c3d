import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';

import { afterAll, describe, expect, it } from 'vitest';

import type { CheckDefinition } from '../../src/checks/types.js';
import type { CaseResult } from '../../src/report/types.js';
import { REPO_ROOT } from '../helpers/project.js';
import { buildTrace } from '../helpers/trace-builder.js';
import { makeCase } from './helpers.js';

/**
 * CONTRIBUTING.md's recipe for adding a check, followed in a copy of the project: its two example
 * files (the check and its test, taken from the recipe itself) are added and nothing else is
 * edited; the generator run by `npm run build` and `npm run docs` then puts the check into the
 * registry, the report order, the check table of docs/contract.md §4 and `run --help`.
 */
const recipe = readFileSync(join(REPO_ROOT, 'CONTRIBUTING.md'), 'utf8');
const section = recipe.slice(recipe.indexOf('## Adding a check'), recipe.indexOf('## Adding a mutation operator'));

/** The recipe's example files: each fenced `ts` block whose first line names its path. */
function exampleFiles(): Map<string, string> {
  const files = new Map<string, string>();
  for (const match of section.matchAll(/^( *)```ts\n\1\/\/ (\S+)\n([\s\S]*?)^\1```$/gmu)) {
    const indent = match[1] as string;
    const body = (match[3] as string)
      .split('\n')
      .map((line) => (line.startsWith(indent) ? line.slice(indent.length) : line))
      .join('\n');
    files.set(match[2] as string, body);
  }
  return files;
}

const examples = exampleFiles();

/** The copy, made when the file is collected so that the example's own test table can be collected from it too. */
const project = mkdtempSync(join(tmpdir(), 'diag-eval-add-a-check-'));
cpSync(join(REPO_ROOT, 'src'), join(project, 'src'), { recursive: true });
for (const helper of ['helpers.ts', 'check-page.ts']) {
  cpSync(join(REPO_ROOT, 'test/checks', helper), join(project, 'test/checks', helper));
}
cpSync(join(REPO_ROOT, 'test/helpers'), join(project, 'test/helpers'), { recursive: true });
symlinkSync(join(REPO_ROOT, 'node_modules'), join(project, 'node_modules'), 'dir');
mkdirSync(join(project, 'docs'));
cpSync(join(REPO_ROOT, 'docs/contract.md'), join(project, 'docs/contract.md'));
for (const [path, text] of examples) {
  mkdirSync(dirname(join(project, path)), { recursive: true });
  writeFileSync(join(project, path), text);
}
const generator = join(REPO_ROOT, 'scripts/check-registry.mjs');
execFileSync(process.execPath, [generator, project], { stdio: 'pipe' });
execFileSync(process.execPath, [generator, '--docs', project], { stdio: 'pipe' });

// The recipe's `npm run docs` writes the check's page from its test file: the copied test does, when it ends.
const writePages = process.env['WRITE_CHECK_PAGES'];
process.env['WRITE_CHECK_PAGES'] = '1';

afterAll(() => {
  if (writePages === undefined) delete process.env['WRITE_CHECK_PAGES'];
  else process.env['WRITE_CHECK_PAGES'] = writePages;
  rmSync(project, { recursive: true, force: true });
});

const read = (path: string): string => readFileSync(join(project, path), 'utf8');

describe("CONTRIBUTING.md's add-a-check recipe, followed in a copy of the project", () => {
  it('gives an example check file and its test file, and nothing else to edit', () => {
    expect([...examples.keys()]).toEqual(['src/checks/answer-not-empty.ts', 'test/checks/answer-not-empty.test.ts']);
  });

  it('the generated registry imports the new check and lists it last, by its order', () => {
    const registry = read('src/checks/registry.generated.ts');
    expect(registry).toContain("import { answerNotEmptyCheck } from './answer-not-empty.js';");
    expect(registry).toMatch(/ {2}tokenBudgetCheck,\n {2}answerNotEmptyCheck,\n\];\n$/u);
    expect(read('src/model/check-ids.generated.ts')).toMatch(
      / {2}'token-budget',\n {2}'answer-not-empty',\n\] as const;/u,
    );
  });

  it('the check table of docs/contract.md §4 gains its row after the last check, and nothing else changes', () => {
    const before = readFileSync(join(REPO_ROOT, 'docs/contract.md'), 'utf8');
    const after = read('docs/contract.md');
    const row = '| `answer-not-empty` | S99 | the final answer is empty or only white space | never |';
    const lastRow = before.split('\n').find((line) => line.startsWith('| `token-budget` |')) as string;
    expect(after).toBe(before.replace(`${lastRow}\n`, `${lastRow}\n${row}\n`));
  });

  it('the index of docs/checks/ gains its row, a link to its page, after the last check', () => {
    expect(read('docs/checks/README.md')).toMatch(
      /\| \[`token-budget`\]\(token-budget\.md\) .*\|\n\| \[`answer-not-empty`\]\(answer-not-empty\.md\) \| `error` \| no \| — \| The final answer is not empty\. \|\n$/u,
    );
  });

  it('`run --help` lists it with its description', () => {
    expect(read('src/cli/check-list.generated.ts')).toMatch(
      /" {2}answer-not-empty +The final answer is not empty\.",\n\]/u,
    );
  });

  it('the copied evaluator runs it, its row last in every case result', async () => {
    const { CHECKS } = (await import(pathToFileURL(join(project, 'src/checks/index.ts')).href)) as {
      CHECKS: readonly CheckDefinition[];
    };
    expect(CHECKS.at(-1)?.id).toBe('answer-not-empty');
    const { evaluateRun } = (await import(pathToFileURL(join(project, 'src/evaluate/evaluate.ts')).href)) as {
      evaluateRun: (...args: unknown[]) => CaseResult;
    };
    const { DEFAULT_CONTRACT } = (await import(pathToFileURL(join(project, 'src/config/contract.ts')).href)) as {
      DEFAULT_CONTRACT: unknown;
    };
    const document = buildTrace({ finalAnswer: '' });
    const result = evaluateRun(
      makeCase(),
      { kind: 'document', document, traceFixture: null, sessionId: null },
      DEFAULT_CONTRACT,
    );
    expect(result.checks.at(-1)).toEqual({
      check: 'answer-not-empty',
      outcome: 'fail',
      message: 'the final answer is empty',
    });
  });
});

describe("the recipe's example test, run from the copy", async () => {
  await import(pathToFileURL(join(project, 'test/checks/answer-not-empty.test.ts')).href);
});

describe("the recipe's example check page, written when the example test ended", () => {
  it('docs/checks/answer-not-empty.md gives its messages and its rows as examples', () => {
    const page = read('docs/checks/answer-not-empty.md');
    expect(page).toContain('# `answer-not-empty`\n\nThe final answer is not empty.');
    expect(page).toContain('| `empty` | fail | `the final answer is empty` |');
    expect(page).toContain('### S99 fails an answer of white space');
    expect(page).toContain('`empty`: the final answer is empty');
    expect(page).toContain('### S99 passes a Chinese answer');
  });
});

import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { CliIo } from '../../src/cli/io.js';
import { guardedIo, printable, printed } from '../../src/cli/printable.js';
import { ensureBuilt } from '../helpers/build.js';
import { copyBundledEval, REPO_ROOT, writeFiles } from '../helpers/project.js';
import { useTempDirs } from '../helpers/temp-dir.js';
import { type CliRun, runCli } from './cli-process.js';

const tempDir = useTempDirs();

beforeAll(() => ensureBuilt());

/** A name holding a line break that starts a workflow command, a carriage return and a terminal escape. */
const HOSTILE = 'x\n::error::injected\r\u001b[31mred\u202e';

/** Lines the runner would take for a workflow command, and raw control characters. */
function expectNoInjection(run: CliRun): void {
  for (const stream of [run.stdout, run.stderr]) {
    for (const line of stream.split('\n')) {
      if (/^\s*(::|##\[)/u.test(line)) expect(line).toMatch(/^::(error|warning|notice) file=/u);
    }
    expect(stream).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/u);
  }
}

describe('the output sanitiser: no data starts a workflow command or reaches the terminal raw', () => {
  it('escapes control characters, bidi overrides and line separators in a printed value', () => {
    expect(printable('a\nb\rc\td\u001be\u0085f\u007fg\u202eh\u2028i')).toBe(
      'a\\nb\\rc\\td\\u001be\\u0085f\\u007fg\\u202eh\\u2028i',
    );
    expect(printed`wrote ${'a\nb'} (trace ${7})\n`).toBe('wrote a\\nb (trace 7)\n');
  });

  it('neutralises a line that would start a workflow command inside GitHub Actions, and passes its own', () => {
    const written: string[] = [];
    const raw: CliIo = {
      cwd: '/',
      env: { GITHUB_ACTIONS: 'true' },
      stdout: (text) => written.push(text),
      stderr: (text) => written.push(text),
      stdoutIsTTY: false,
    };
    const io = guardedIo(raw);
    io.stderr('::stop-commands::token\n  ::error::x\n##[error]y\n');
    io.stdout('fine ::error:: in the middle\n');
    io.workflowCommand?.('::error file=eval/cases.yaml,line=3,title=a::b');
    expect(written.join('')).toBe(
      '\\u003a:stop-commands::token\n  \\u003a:error::x\n\\u0023#[error]y\nfine ::error:: in the middle\n::error file=eval/cases.yaml,line=3,title=a::b\n',
    );
  });

  it('the orphan-fixture warning of run names a hostile file name escaped, inside GitHub Actions', () => {
    const cwd = tempDir();
    copyBundledEval(cwd);
    writeFiles(cwd, { [`eval/fixtures/${HOSTILE}.json`]: '{}' });
    const run = runCli(['run', '--out', 'out'], cwd, { env: { GITHUB_ACTIONS: 'true' } });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toContain('x\\n::error::injected\\r\\u001b[31mred\\u202e.json');
    expectNoInjection(run);
  });

  it('import names a hostile input file escaped in its "not recognised" line', () => {
    const cwd = tempDir();
    writeFileSync(join(cwd, `${HOSTILE}.json`), '{"something": "else"}');
    const run = runCli(['import', `${HOSTILE}.json`, '--out', 'fixtures'], cwd, { env: { GITHUB_ACTIONS: 'true' } });
    expect(run.code).not.toBe(0);
    expect(run.stderr).toContain('x\\n::error::injected');
    expectNoInjection(run);
  });

  it('a case id with a line break and a workflow command is refused with the id escaped', () => {
    const cwd = tempDir();
    writeFiles(cwd, {
      'eval/cases.yaml': [
        'version: 1',
        'cases:',
        '  - id: "a\\n::stop-commands::token\\u001b[2J"',
        '    question: q',
        '    rootCauseKeywords: []',
        '    requiredEvidenceTools: []',
        '    allowedVerdicts: [PASS]',
        '',
      ].join('\n'),
    });
    const run = runCli(['run', '--out', 'out'], cwd, { env: { GITHUB_ACTIONS: 'true' } });
    expect(run.code, run.stderr).toBe(2);
    expect(run.stderr).toContain('a\\n::stop-commands::token\\u001b[2J');
    expectNoInjection(run);
  });
});

/**
 * Every print site of the CLI: each call of io.stdout or io.stderr in src/. Its text is a
 * `printed` template (every value escaped), or a template whose values are printable(…), colour
 * (whose text is a constant or a count) or a count, or one of the texts listed below, each made
 * of escaped values where it is built.
 */
const TRUSTED_ARGUMENTS = new Map<string, string>([
  ['text', 'caseAttentionLines escapes every value (src/cli/summary.ts); a spill of them is read back'],
  ['lines(result)', 'caseAttentionLines escapes every value (src/cli/summary.ts)'],
  ['rest[0] === undefined ? generalHelp() : commandHelp(rest[0])', 'help text of the declarations'],
  ['commandHelp(command)', 'help text of the declarations'],
  ["'\\r\\u001b[2K'", 'the progress line, on a terminal only'],
  // biome-ignore lint/suspicious/noTemplateCurlyInString: the source text of a print site.
  ['`${line}\\n`', 'a workflow command of the CLI, its data escaped for the runner (github-actions.ts)'],
]);

/** Values a template may hold unescaped: counts and the CLI's own words. */
const TRUSTED_VALUE =
  /^(printable\(.*\)|colour\.\w+\([^`]*\)|colour\.\w+\(`[^`]*`\)|(summary|counts|progress|check|report\.summary)\.\w+|done|total|skipped|elapsed|command|cases|counts|score|packageVersion\(\)|countOf\([^)]*\)|formatPercent\([^)]*\)|summary\.\w+ > 0 \? colour\.\w+\(countOf\([^)]*\)\) : '[^']*'|problems\.length|problems\.length === 1 \? 'problem' : 'problems'|cases\.length|cases\.length === 1 \? 'case' : 'cases'|error instanceof Error \? \(error\.stack \?\? error\.message\) : String\(error\))$/su;

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.ts'))
    .map((entry) => join(entry.parentPath, entry.name));
}

/** The argument text of each `io.stdout(` / `io.stderr(` call, up to its closing parenthesis. */
function printCalls(source: string): string[] {
  const calls: string[] = [];
  for (const match of source.matchAll(/\bio\.std(?:out|err)\(/gu)) {
    let depth = 1;
    let end = (match.index ?? 0) + match[0].length;
    const start = end;
    let inTemplate = false;
    for (; end < source.length && depth > 0; end += 1) {
      const character = source[end];
      if (character === '`') inTemplate = !inTemplate;
      else if (!inTemplate && character === '(') depth += 1;
      else if (!inTemplate && character === ')') depth -= 1;
    }
    calls.push(
      source
        .slice(start, end - 1)
        .trim()
        .replace(/,$/u, ''),
    );
  }
  return calls;
}

/** The `${…}` values of a template literal. */
function templateValues(template: string): string[] {
  const values: string[] = [];
  for (let index = template.indexOf('${'); index !== -1; index = template.indexOf('${', index)) {
    let depth = 1;
    let end = index + 2;
    for (; end < template.length && depth > 0; end += 1) {
      if (template[end] === '{') depth += 1;
      else if (template[end] === '}') depth -= 1;
    }
    values.push(template.slice(index + 2, end - 1).trim());
    index = end;
  }
  return values;
}

describe('every print site goes through the output sanitiser', () => {
  const sites = sourceFiles(join(REPO_ROOT, 'src')).flatMap((file) =>
    printCalls(readFileSync(file, 'utf8')).map((argument) => ({ file: relative(REPO_ROOT, file), argument })),
  );

  it('finds the print sites', () => {
    expect(sites.length).toBeGreaterThan(30);
  });

  it.each(sites)('$file: io.std…($argument)', ({ argument }) => {
    if (argument.startsWith('printed`')) return;
    if (TRUSTED_ARGUMENTS.has(argument)) return;
    // Text of the CLI's own: string literals, alone or joined.
    if (/^(\[\s*)?'/u.test(argument) && !argument.includes('${')) return;
    expect(argument, 'a print site of text that is neither printed`…` nor listed as trusted').toContain('`');
    for (const value of templateValues(argument)) expect(value).toMatch(TRUSTED_VALUE);
  });
});

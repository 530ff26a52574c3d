import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { ensureBuilt } from '../helpers/build.js';
import { caseFileYaml, caseYaml, copyBundledEvalWithBaseline, REPO_ROOT, writeFiles } from '../helpers/project.js';
import { useTempDirs } from '../helpers/temp-dir.js';
import { buildTrace } from '../helpers/trace-builder.js';
import { type CliRun, runCli, STACK_FRAME } from './cli-process.js';

const tempDir = useTempDirs();

beforeAll(() => ensureBuilt());

/** A working directory with the bundled cases and fixtures, and the committed baseline. */
function project(): string {
  const cwd = tempDir();
  copyBundledEvalWithBaseline(cwd);
  return cwd;
}

function mkfifo(path: string): void {
  execFileSync('mkfifo', [path]);
}

/** What every exit-2 answer has: one `error:` line per problem, no stack, no "internal error", no absolute path. */
function expectCleanInputError(run: CliRun, cwd: string): void {
  expect(run.code, run.stderr).toBe(2);
  expect(run.stderr).toMatch(/^error: /u);
  expect(run.stderr).not.toMatch(STACK_FRAME);
  expect(run.stderr).not.toContain('internal error');
  expect(run.stderr).not.toContain(cwd);
}

interface Row {
  name: string;
  /** Files to write (relative to the project) or anything else to prepare; returns the arguments. */
  setup: (cwd: string) => string[];
  code: number;
  stderr?: RegExp;
  stdout?: RegExp;
  after?: (cwd: string, run: CliRun) => void;
}

const ALIASED_CASES = [
  'version: 1',
  'cases:',
  ...Array.from({ length: 151 }, (_, index) =>
    [
      `  - id: c${index}`,
      '    question: q',
      '    rootCauseKeywords: []',
      '    requiredEvidenceTools: []',
      `    allowedVerdicts: ${index === 0 ? '&v [PASS]' : '*v'}`,
    ].join('\n'),
  ),
  '',
].join('\n');

function aliasBomb(): string {
  const lines = ['version: 1', 'a0: &a0 [x, x, x, x, x, x, x, x, x, x]'];
  for (let level = 1; level < 9; level += 1)
    lines.push(`a${level}: &a${level} [${Array.from({ length: 10 }, () => `*a${level - 1}`).join(', ')}]`);
  lines.push('cases: *a8', '');
  return lines.join('\n');
}

const S43_ROWS: Row[] = [
  {
    name: 'an anchor reused 150 times is an ordinary file: it loads',
    setup: (cwd) => {
      writeFiles(cwd, { 'big.yaml': ALIASED_CASES });
      return ['validate', '--cases', 'big.yaml', '--quiet'];
    },
    // Valid; the fixtures are missing, so validate reports them (exit 1), but the file loaded.
    code: 1,
    stderr: /^fixture folder fixtures does not exist/mu,
  },
  {
    name: 'an alias bomb is refused, naming the line of the first alias',
    setup: (cwd) => {
      writeFiles(cwd, { 'bomb.yaml': aliasBomb() });
      return ['validate', '--cases', 'bomb.yaml'];
    },
    code: 2,
    stderr:
      /^error: bomb\.yaml:3:\d+: found aliases \(\*name\) that expand to too many nodes; expected at most 10000 alias references in the file\n$/u,
  },
  {
    name: 'an alias with no anchor before it is named with its line, not as an internal error',
    setup: (cwd) => {
      writeFiles(cwd, {
        'alias.yaml': caseFileYaml([caseYaml('a').replace('allowedVerdicts: [PASS]', 'allowedVerdicts: *verdicts')]),
      });
      return ['validate', '--cases', 'alias.yaml'];
    },
    code: 2,
    stderr:
      /^error: alias\.yaml:7:22: found the alias \*verdicts with no anchor &verdicts before it; expected an anchor defined before its alias\n$/u,
  },
  {
    name: 'a file nested thousands of levels deep is refused with its line, not a crash',
    setup: (cwd) => {
      writeFiles(cwd, { 'deep.yaml': `version: 1\ncases: ${'['.repeat(5000)}${']'.repeat(5000)}\n` });
      return ['run', '--cases', 'deep.yaml'];
    },
    code: 2,
    stderr:
      /^error: deep\.yaml:2:\d+: nesting deeper than 100 levels; expected at most 100 levels of lists and maps\n$/u,
  },
  {
    name: 'deep block indentation is refused too',
    setup: (cwd) => {
      writeFiles(cwd, {
        'stairs.yaml': `version: 1\ncases:\n${Array.from({ length: 3000 }, (_, level) => `${' '.repeat(level + 1)}- `).join('\n')}\n`,
      });
      return ['validate', '--cases', 'stairs.yaml'];
    },
    code: 2,
    stderr: /^error: stairs\.yaml:\d+:\d+: nesting deeper than 100 levels/u,
  },
  {
    name: 'a second YAML document gets our message, not the library advice',
    setup: (cwd) => {
      writeFiles(cwd, { 'two.yaml': `${caseFileYaml([caseYaml('a')])}---\nversion: 1\n` });
      return ['validate', '--cases', 'two.yaml'];
    },
    code: 2,
    stderr:
      /^error: two\.yaml:\d+:\d+: found a second YAML document \(after a `---` line\); expected one document per file\n$/u,
  },
  {
    name: '`id` in defaults is named as misplaced, not as a typo of itself',
    setup: (cwd) => {
      writeFiles(cwd, { 'd.yaml': `version: 1\ndefaults:\n  id: x\ncases:\n${caseYaml('a')}\n` });
      return ['validate', '--cases', 'd.yaml'];
    },
    code: 2,
    stderr:
      /^error: d\.yaml:3:3: defaults\.id: found key "id", which is not allowed here; expected it elsewhere in the file\n$/u,
  },
  {
    name: 'a case id of 10,000 characters',
    setup: (cwd) => {
      writeFiles(cwd, { 'long.yaml': caseFileYaml([caseYaml('a'.repeat(10_000))]) });
      return ['validate', '--cases', 'long.yaml'];
    },
    code: 2,
    stderr: /^error: long\.yaml:3:\d+: cases\[0\]\.id: found an id of 10000 characters; expected at most 200\n$/u,
  },
  {
    name: 'a fixture name of 10,000 characters',
    setup: (cwd) => {
      writeFiles(cwd, { 'long.yaml': caseFileYaml([caseYaml('a', [`traceFixture: ${'f'.repeat(10_000)}.json`])]) });
      return ['validate', '--cases', 'long.yaml'];
    },
    code: 2,
    stderr:
      /^error: long\.yaml:\d+:\d+: cases\[0\]\.traceFixture: found a name of 10005 characters, expected a fixture name of at most 200 characters\n$/u,
  },
  {
    name: 'a NUL byte in a fixture name is a case-file error, and no absolute path is printed; the NUL is shown escaped',
    setup: (cwd) => {
      writeFiles(cwd, { 'nul.yaml': caseFileYaml([caseYaml('a', ['traceFixture: "a\\0b.json"'])]) });
      return ['run', '--cases', 'nul.yaml'];
    },
    code: 2,
    stderr:
      /^error: nul\.yaml:\d+:\d+: cases\[0\]\.traceFixture: found "a\\u0000b\.json", expected a fixture name without control characters\n$/u,
  },
  {
    name: 'a flag --help does not list: validate --format',
    setup: () => ['validate', '--format', 'xml'],
    code: 2,
    stderr:
      /^error: diag-eval validate: found unknown flag --format; expected one of the flags `diag-eval validate --help` lists\n$/u,
  },
  {
    name: 'a flag without its value',
    setup: () => ['check', '--baseline'],
    code: 2,
    stderr:
      /^error: diag-eval check: found --baseline without its value; expected --baseline VALUE, see `diag-eval check --help`\n$/u,
  },
  {
    name: 'a value that starts with a dash, after a space',
    setup: () => ['run', '--concurrency', '-4'],
    code: 2,
    stderr:
      /^error: diag-eval run: found --concurrency followed by an argument that starts with a dash; expected --concurrency VALUE, or --concurrency=VALUE for a value that starts with a dash, see `diag-eval run --help`\n$/u,
  },
  ...(
    [
      ['import', ['import', 'not-read.json', '--out', 'taken.txt']],
      ['scan', ['scan', '--traces', 'not-read.json', '--out', 'taken.txt']],
      [
        'pull',
        [
          'pull',
          '--from',
          'tempo',
          '--url',
          'http://127.0.0.1:9',
          '--query',
          '{}',
          '--since',
          '1h',
          '--out',
          'taken.txt',
        ],
      ],
    ] as const
  ).map(
    ([command, args]): Row => ({
      // The export (absent here) is not read, nor the store asked: the folder is named first.
      name: `${command}: an --out that is a file is named before any input is read`,
      setup: (cwd) => {
        writeFiles(cwd, { 'taken.txt': 'a file' });
        return [...args];
      },
      code: 2,
      stderr: new RegExp(
        `^error: diag-eval ${command}: --out taken\\.txt: it is not a folder; expected a folder to write into\\n$`,
        'u',
      ),
    }),
  ),
  {
    name: 'a switch given a value',
    setup: () => ['import', 'x.json', '--out', 'o', '--quiet=yes'],
    code: 2,
    stderr:
      /^error: diag-eval import: found a value for --quiet; expected --quiet alone, see `diag-eval import --help`\n$/u,
  },
  {
    name: 'an empty value (--out "$OUT" with OUT unset) is refused, not read as the working directory',
    setup: () => ['run', '--out='],
    code: 2,
    stderr:
      /^error: diag-eval run: found --out with an empty value; expected --out VALUE, see `diag-eval run --help`\n$/u,
    after: (cwd) => expect(readdirSync(cwd)).not.toContain('report.json'),
  },
  {
    name: 'a flag given twice is refused, not read as its last value (--format json --format md would write no JSON)',
    setup: () => ['run', '--format', 'json', '--format', 'md', '--out', 'o'],
    code: 2,
    stderr:
      /^error: diag-eval run: found --format 2 times; expected it once \(only the last value would count\), see `diag-eval run --help`\n$/u,
    after: (cwd) => expect(readdirSync(cwd)).not.toContain('o'),
  },
  ...(
    [
      ['run', '--api', 'http://127.0.0.1:9', '--ask', '--repeat', '1e9', 'a whole number from 1 to 1000'],
      [
        'run',
        '--api',
        'http://127.0.0.1:9',
        '--timeout-ms',
        '5000000000',
        'a whole number greater than 0 and at most 3600000',
      ],
      ['check', '--api', 'http://127.0.0.1:9', '--poll-timeout-ms', '99999999999', 'a whole number from 0 to 86400000'],
      ['run', '--api', 'http://127.0.0.1:9', '--concurrency', '65', 'a whole number from 1 to 64'],
      ['run', '--api', 'http://127.0.0.1:9', '--max-body-mb', '0', 'a whole number from 1 to 256'],
      ['diff', 'a.json', 'b.json', '--cost-tolerance', '1e9', 'a number from 0 to 100'],
      ['serve', '--port', '70000', 'a whole number from 0 to 65535'],
      // Number() reads these as 16, 1 and 8; a number flag takes a decimal number only.
      ['diff', 'a.json', 'b.json', '--cost-tolerance', '0x10', 'a number from 0 to 100'],
      ['run', '--api', 'http://127.0.0.1:9', '--concurrency', '0b1', 'a whole number from 1 to 64'],
      ['serve', '--port', '0o10', 'a whole number from 0 to 65535'],
    ] as const
  ).map(
    (row): Row => ({
      name: `${row[0]} ${row[row.length - 3]} ${row[row.length - 2]} is out of range or not a decimal number`,
      setup: () => row.slice(0, -1) as string[],
      code: 2,
      stderr: new RegExp(
        `^error: diag-eval ${row[0]}: ${row[row.length - 3]}: found "${row[row.length - 2]}", expected ${row[row.length - 1]}\\n$`,
        'u',
      ),
    }),
  ),
];

const S44_ROWS: Row[] = [
  {
    name: 'a FIFO as the case file is refused at once, not waited on',
    setup: (cwd) => {
      mkfifo(join(cwd, 'cases.yaml'));
      return ['run', '--cases', 'cases.yaml'];
    },
    code: 2,
    stderr: /^error: cases\.yaml: cannot read the file \(it is a named pipe \(FIFO\)\); expected a regular file\n$/u,
  },
  {
    name: '/dev/zero as the case file is refused, not read for ever',
    setup: () => ['validate', '--cases', '/dev/zero'],
    code: 2,
    stderr: /^error: .*dev\/zero: cannot read the file \(it is a device\); expected a regular file\n$/u,
  },
  {
    name: 'a FIFO or a device as a report for diff',
    setup: (cwd) => {
      mkfifo(join(cwd, 'pipe.json'));
      return ['diff', 'pipe.json', '/dev/zero'];
    },
    code: 2,
    stderr:
      /^error: pipe\.json: cannot read the file \(it is a named pipe \(FIFO\)\); expected a regular file\nerror: .*dev\/zero: cannot read the file \(it is a device\); expected a regular file\n$/u,
  },
  {
    name: 'a FIFO fixture and a fixture linked to /dev/zero fail trace-loadable; the run goes on',
    setup: (cwd) => {
      mkfifo(join(cwd, 'eval', 'fixtures', 'payment-timeout-db-pool.json'.replace('payment', 'x')));
      const cases = readFileSync(join(cwd, 'eval', 'cases.yaml'), 'utf8');
      writeFileSync(
        join(cwd, 'eval', 'cases.yaml'),
        `${cases}\n${caseYaml('x-timeout-db-pool')}\n${caseYaml('zero')}\n`,
      );
      symlinkSync('/dev/zero', join(cwd, 'eval', 'fixtures', 'zero.json'));
      return ['validate'];
    },
    code: 1,
    stderr:
      /^x-timeout-db-pool: eval\/fixtures\/x-timeout-db-pool\.json is a named pipe \(FIFO\), expected a JSON file\n(.|\n)*zero\.json leads outside the fixtures folder/u,
  },
  {
    name: 'a FIFO as an import input',
    setup: (cwd) => {
      mkfifo(join(cwd, 'export.json'));
      return ['import', 'export.json', '--out', 'imported'];
    },
    code: 2,
    stderr:
      /^error: export\.json: cannot read the file \(it is a named pipe \(FIFO\)\); expected a trace export file\n$/u,
  },
  {
    name: 'an export span lasting 1e308 µs or starting at 1e30 is read as an unknown time, not a crash',
    setup: (cwd) => {
      const span = (spanID: string, startTime: number, duration: number) => ({
        traceID: 'abc1',
        spanID,
        operationName: 'invoke_agent',
        startTime,
        duration,
        tags: [{ key: 'gen_ai.operation.name', type: 'string', value: 'invoke_agent' }],
        processID: 'p1',
      });
      writeFiles(cwd, {
        'jaeger.json': {
          data: [
            {
              traceID: 'abc1',
              spans: [span('s1', 1_700_000_000_000_000, 1e308), span('s2', 1e30, 5)],
              processes: { p1: { serviceName: 'agent' } },
            },
          ],
        },
      });
      return ['import', 'jaeger.json', '--out', 'imported'];
    },
    code: 0,
    stdout: /^wrote imported\/0+abc1\.json/u,
    after: (cwd) => {
      const [name] = readdirSync(join(cwd, 'imported'));
      const trace = JSON.parse(readFileSync(join(cwd, 'imported', name ?? ''), 'utf8')) as { durationMs: unknown };
      expect(trace.durationMs).toBeNull();
    },
  },
  {
    name: 'an OTLP attribute nested 20,000 levels deep is an input problem, not a crash',
    setup: (cwd) => {
      let value = '{"stringValue":"x"}';
      for (let level = 0; level < 20_000; level += 1)
        value = `{"kvlistValue":{"values":[{"key":"k","value":${value}}]}}`;
      const span = `{"traceId":"5B8EFFF798038103D269B633813FC60C","spanId":"a000000000000001","name":"agent","attributes":[{"key":"input.value","value":${value}}]}`;
      writeFiles(cwd, {
        'deep.json': `{"resourceSpans":[{"resource":{"attributes":[]},"scopeSpans":[{"spans":[${span}]}]}]}`,
      });
      return ['import', 'deep.json', '--out', 'imported'];
    },
    code: 2,
    stderr: /^error: deep\.json: .*values nested too deeply to read/u,
  },
  {
    name: '--fixtures / does not walk the whole disk: the orphan search stops, with one line saying so',
    setup: () => ['validate', '--fixtures', '/'],
    code: 1,
    stderr:
      /^warning: the search for orphan fixtures stopped after 100000 entries or 16 folder levels of .*; is it the fixtures folder\?$/mu,
    after: (_cwd, run) => {
      expect(
        run.stderr.split('\n').filter((line) => line.startsWith('warning: orphan fixture')).length,
      ).toBeLessThanOrEqual(100);
      expect(run.elapsed).toBeLessThan(15_000);
    },
  },
];

const S46_ROWS: Row[] = [
  {
    name: 'a fixture linked outside the fixtures folder is not followed',
    setup: (cwd) => {
      writeFiles(cwd, { 'secret/trace.json': buildTrace() });
      symlinkSync(join(cwd, 'secret', 'trace.json'), join(cwd, 'eval', 'fixtures', 'linked.json'));
      writeFileSync(join(cwd, 'eval', 'cases.yaml'), caseFileYaml([caseYaml('linked')]));
      return ['run'];
    },
    code: 1,
    after: (cwd) => {
      const report = readFileSync(join(cwd, 'eval-out', 'report.json'), 'utf8');
      expect(report).toContain(
        'eval/fixtures/linked.json leads outside the fixtures folder (through a symbolic link); expected a file inside it',
      );
      expect(report).not.toContain(cwd);
    },
  },
  {
    name: 'a linked folder under the fixtures folder pointing outside is not followed',
    setup: (cwd) => {
      writeFiles(cwd, { 'elsewhere/a.json': buildTrace() });
      symlinkSync(join(cwd, 'elsewhere'), join(cwd, 'eval', 'fixtures', 'sub'));
      writeFileSync(join(cwd, 'eval', 'cases.yaml'), caseFileYaml([caseYaml('a', ['traceFixture: sub/a.json'])]));
      return ['validate'];
    },
    code: 1,
    stderr: /^a: eval\/fixtures\/sub\/a\.json leads outside the fixtures folder/u,
  },
  {
    name: 'links that stay inside the fixtures folder are followed',
    setup: (cwd) => {
      writeFiles(cwd, { 'eval/fixtures/real/a.json': buildTrace() });
      symlinkSync('real/a.json', join(cwd, 'eval', 'fixtures', 'a.json'));
      symlinkSync('real', join(cwd, 'eval', 'fixtures', 'alias'));
      writeFileSync(
        join(cwd, 'eval', 'cases.yaml'),
        caseFileYaml([caseYaml('a'), caseYaml('b', ['traceFixture: alias/a.json'])]),
      );
      return ['run', '--quiet'];
    },
    code: 0,
  },
  {
    name: 'a fixture link loop and a name too long for the file system: reasons without an absolute path',
    setup: (cwd) => {
      symlinkSync('loop.json', join(cwd, 'eval', 'fixtures', 'loop.json'));
      writeFileSync(
        join(cwd, 'eval', 'cases.yaml'),
        caseFileYaml([caseYaml('loop'), caseYaml('long', [`traceFixture: ${'连'.repeat(100)}.json`])]),
      );
      return ['run'];
    },
    code: 1,
    after: (cwd) => {
      const report = readFileSync(join(cwd, 'eval-out', 'report.json'), 'utf8');
      expect(report).toContain('too many levels of symbolic links');
      expect(report).toContain('the name is too long');
      expect(report).not.toContain(cwd);
      expect(readFileSync(join(cwd, 'eval-out', 'report.md'), 'utf8')).not.toContain(cwd);
    },
  },
  {
    name: '--record into an existing file is refused before any request',
    setup: (cwd) => {
      writeFiles(cwd, { 'traces.txt': 'not a folder' });
      return ['run', '--api', 'http://127.0.0.1:9', '--record', 'traces.txt'];
    },
    code: 2,
    stderr: /^error: diag-eval run: --record traces\.txt: it is not a folder; expected a folder to write into\n$/u,
  },
];

function runRows(rows: Row[], spec: string): void {
  it.each(rows.map((row) => [row.name, row] as const))(`${spec}: %s`, (_name, row) => {
    const cwd = project();
    const args = row.setup(cwd);
    const run = runCli(args, cwd);
    expect(run.signal, 'the command must end by itself').toBeNull();
    if (row.code === 2) expectCleanInputError(run, cwd);
    expect(run.code, run.stderr).toBe(row.code);
    expect(run.stderr).not.toMatch(STACK_FRAME);
    expect(run.stderr).not.toContain('internal error');
    if (row.stderr !== undefined) expect(run.stderr).toMatch(row.stderr);
    if (row.stdout !== undefined) expect(run.stdout).toMatch(row.stdout);
    row.after?.(cwd, run);
  });
}

describe('bad input is exit 2 with the file, the place, what was found and what was expected (S43)', () => {
  runRows(S43_ROWS, 'S43');
});

describe('every input bounded: pipes, devices, huge values, the orphan search (S44)', () => {
  runRows(S44_ROWS, 'S44');
});

describe('fixtures confined to the fixtures folder; no absolute path in a report (S46)', () => {
  runRows(S46_ROWS, 'S46');
});

/** Every way an output path can be unusable, for every command that writes. */
const UNUSABLE_OUTPUTS: [string, (cwd: string) => string][] = [
  ['an existing file', (cwd) => (writeFiles(cwd, { taken: 'x' }), 'taken')],
  ['a path below a file', (cwd) => (writeFiles(cwd, { taken: 'x' }), 'taken/out')],
  ['/dev/null', () => '/dev/null'],
  ['a /proc path', () => '/proc/self/x'],
  [
    'a folder where report.json should go',
    (cwd) => (mkdirSync(join(cwd, 'out', 'report.json'), { recursive: true }), 'out'),
  ],
  [
    'a folder where diff.json should go',
    (cwd) => (mkdirSync(join(cwd, 'out', 'diff.json'), { recursive: true }), 'out'),
  ],
];

const WRITING_COMMANDS: [string, (out: string) => string[]][] = [
  ['run', (out) => ['run', '--out', out]],
  ['baseline', (out) => ['baseline', '--baseline-dir', out]],
  ['check', (out) => ['check', '--out', out]],
  ['diff', (out) => ['diff', 'docs/eval/baseline/report.json', 'docs/eval/baseline/report.json', '--out', out]],
  ['import', (out) => ['import', 'export.json', '--out', out]],
  ['scan', (out) => ['scan', '--fixtures', 'eval/fixtures', '--out', out]],
];

describe('an unusable output path is exit 2 for every command, never a stack trace or a hang (S43)', () => {
  const rows = WRITING_COMMANDS.flatMap(([command, args]) =>
    UNUSABLE_OUTPUTS.map(([what, prepare]) => [`${command}: ${what}`, args, prepare] as const),
  );
  it.each(rows)('S43: %s', (_name, args, prepare) => {
    const cwd = project();
    cpSync(join(REPO_ROOT, 'test', 'fixtures', 'import', 'otlp-bigint.json'), join(cwd, 'export.json'));
    const run = runCli(args(prepare(cwd)), cwd);
    expect(run.signal, 'the command must end by itself').toBeNull();
    // A folder in the way of a file the command does not write is no obstacle.
    if (run.code === 0) {
      expect(readdirSync(join(cwd, 'out')).some((name) => name.includes('.tmp-'))).toBe(false);
      return;
    }
    expectCleanInputError(run, cwd);
    expect(run.stderr).toMatch(
      /expected a (folder to write into|path where a file can be written|folder that can be written)/u,
    );
  });
});

import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { ensureBuilt } from '../helpers/build.js';
import { REPO_ROOT, writeFiles } from '../helpers/project.js';
import { useTempDirs } from '../helpers/temp-dir.js';
import { type CliRun, runCli } from './cli-process.js';

const tempDir = useTempDirs();
beforeAll(() => ensureBuilt());

/** The OTLP export's trace of "Why is checkout slow?" and its session. */
const EXPORT = readFileSync(join(REPO_ROOT, 'test/fixtures/import/otlp-split.jsonl'), 'utf8');
const TRACE_ID = '4bf92f3577b34da6a3ce929d0e0e4736';

/** A trace id with a line break that starts a workflow command, a carriage return and a terminal escape. */
const HOSTILE_ID = 'x\n::error::injected\r\u001b[31mred';
/** The same id as printed: every control character shown escaped. */
const PRINTED_ID = 'x\\n::error::injected\\r\\u001b[31mred';

/** The export with the checkout trace's id replaced by the hostile one (JSON-escaped in the file). */
function hostileExport(): string {
  return EXPORT.replaceAll(TRACE_ID, JSON.stringify(HOSTILE_ID).slice(1, -1)).replaceAll('diag-0002', 'diag-0102');
}

const GITHUB = { env: { GITHUB_ACTIONS: 'true' } };

/** No line the Actions runner would take for a workflow command, no raw control character. */
function expectNoInjection(run: CliRun): void {
  for (const stream of [run.stdout, run.stderr]) {
    for (const line of stream.split('\n')) {
      if (/^\s*(::|##\[)/u.test(line)) expect(line).toMatch(/^::(error|warning|notice) file=/u);
      expect(line).not.toMatch(/^::error::injected/u);
    }
    expect(stream).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/u);
  }
}

describe('a hostile trace id is printed escaped, inside GitHub Actions', () => {
  it('run --traces: the warning naming the traces a case ignored shows the trace id escaped', () => {
    const cwd = tempDir();
    writeFiles(cwd, {
      'cases.yaml': [
        'version: 1',
        'cases:',
        '  - id: checkout',
        '    question: Why is checkout slow?',
        '    rootCauseKeywords: []',
        '    requiredEvidenceTools: []',
        '    allowedVerdicts: [PASS, REVISE, REJECT]',
        '',
      ].join('\n'),
    });
    writeFileSync(join(cwd, 'first.jsonl'), EXPORT);
    writeFileSync(join(cwd, 'rerun.jsonl'), hostileExport());
    const run = runCli(
      ['run', '--cases', 'cases.yaml', '--traces', 'first.jsonl', 'rerun.jsonl', '--out', 'out'],
      cwd,
      GITHUB,
    );
    expect([0, 1], run.stderr).toContain(run.code);
    expect(run.stderr).toContain(
      `warning: case "checkout": 2 traces match by question; using trace ${TRACE_ID} (first.jsonl), ignoring ${PRINTED_ID} (rerun.jsonl)`,
    );
    expectNoInjection(run);
  });

  it('import: the "wrote … (trace …)" line shows the trace id escaped', () => {
    const cwd = tempDir();
    writeFileSync(join(cwd, 'rerun.jsonl'), hostileExport());
    const run = runCli(['import', 'rerun.jsonl', '--out', 'fixtures'], cwd, GITHUB);
    expect([0, 1], run.stderr).toContain(run.code);
    expect(run.stdout).toMatch(
      new RegExp(`^wrote fixtures/\\S+ \\(trace ${escapeRegExp(PRINTED_ID)} from rerun\\.jsonl\\)$`, 'mu'),
    );
    expectNoInjection(run);
  });
});

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/gu, '\\$&');
}

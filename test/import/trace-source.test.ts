import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { createImportedTraceSource } from '../../src/import/trace-source.js';
import { InputError } from '../../src/io/errors.js';
import { fixture, makeCase, REPO_ROOT, temporaryFolder, writeTemporaryFile } from './helpers.js';

const FILES = ['test/fixtures/import/otlp-split.jsonl', 'test/fixtures/import/bad-line.jsonl'];

describe('createImportedTraceSource (run --traces)', () => {
  it('gives each case its matching trace, with the export file as traceFixture', async () => {
    const cases = [
      makeCase({ id: 'by-session', sessionId: 'diag-0002' }),
      makeCase({ id: 'by-question', question: 'why do payment calls time out?' }),
      makeCase({ id: 'orphan', question: 'No such run' }),
    ];
    const source = await createImportedTraceSource(FILES, 'auto', cases, REPO_ROOT);
    const [bySession] = await source.tracesFor(cases[0]!);
    expect(bySession).toMatchObject({
      kind: 'document',
      traceFixture: 'test/fixtures/import/otlp-split.jsonl',
      sessionId: 'diag-0002',
      document: { finalAnswer: 'A slow query on the orders table.' },
    });
    const [byQuestion] = await source.tracesFor(cases[1]!);
    expect(byQuestion).toMatchObject({ kind: 'document', sessionId: 'diag-0001' });
    expect(await source.tracesFor(cases[2]!)).toEqual([
      {
        kind: 'not_run',
        reason: "no imported trace matches the case's question (2 export files read)",
        traceFixture: null,
        sessionId: null,
      },
    ]);
    // Skipped lines are reported after the run.
    expect(source.warnings()).toEqual([
      expect.stringMatching(/^test\/fixtures\/import\/bad-line\.jsonl:2: not JSON/u),
      expect.stringMatching(/^test\/fixtures\/import\/bad-line\.jsonl:4: not JSON/u),
    ]);
  });

  it('uses the first of several matching traces and warns about the others', async () => {
    const folder = await temporaryFolder();
    try {
      const text = await readFile(fixture('otlp-split.jsonl'), 'utf8');
      // A second run of the same question, with its own trace and session ids.
      await writeTemporaryFile(
        folder.path,
        'rerun.jsonl',
        text
          .replaceAll('4bf92f3577b34da6a3ce929d0e0e4736', 'ffff2f3577b34da6a3ce929d0e0e4736')
          .replaceAll('diag-0002', 'diag-0102'),
      );
      await writeTemporaryFile(folder.path, 'first.jsonl', text);
      const cases = [makeCase({ id: 'checkout', question: 'Why is checkout slow?' })];
      const source = await createImportedTraceSource(['first.jsonl', 'rerun.jsonl'], 'auto', cases, folder.path);
      const [input] = await source.tracesFor(cases[0]!);
      expect(input).toMatchObject({ kind: 'document', sessionId: 'diag-0002', traceFixture: 'first.jsonl' });
      expect(source.warnings()).toEqual([
        'case "checkout": 2 traces match by question; using trace 4bf92f3577b34da6a3ce929d0e0e4736 (first.jsonl), ignoring ffff2f3577b34da6a3ce929d0e0e4736 (rerun.jsonl)',
      ]);
    } finally {
      await folder.cleanup();
    }
  });

  it('merges a file given twice instead of matching its traces twice', async () => {
    const cases = [makeCase({ id: 'twice', sessionId: 'diag-0001' })];
    const source = await createImportedTraceSource(
      FILES.slice(0, 1).concat(FILES.slice(0, 1)),
      'auto',
      cases,
      REPO_ROOT,
    );
    expect(source.warnings()).toEqual([]);
    const [input] = await source.tracesFor(cases[0]!);
    expect(input).toMatchObject({ kind: 'document', document: { toolCallCount: 2 } });
  });

  it('rejects with an InputError when a file cannot be used', async () => {
    await expect(
      createImportedTraceSource(['test/fixtures/import/unknown-format.json'], 'auto', [], REPO_ROOT),
    ).rejects.toBeInstanceOf(InputError);
  });
});

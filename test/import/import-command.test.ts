import { existsSync } from 'node:fs';
import { copyFile, mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { EvalCase } from '../../src/cases/types.js';
import { importCommand } from '../../src/cli/actions/import.js';
import { InputError } from '../../src/io/errors.js';
import { fixture, makeCase, realTrace, recordingIo, temporaryFolder } from './helpers.js';

describe('diag-eval import', () => {
  let folder: { path: string; cleanup: () => Promise<void> };

  beforeEach(async () => {
    folder = await temporaryFolder();
    await mkdir(join(folder.path, 'exports'));
    for (const name of [
      'otlp-split.jsonl',
      'bad-line.jsonl',
      'unknown-format.json',
      'several-agents.json',
      'unrecognised.json',
    ]) {
      await copyFile(fixture(name), join(folder.path, 'exports', name));
    }
  });

  afterEach(async () => {
    await folder.cleanup();
  });

  async function listOut(): Promise<string[]> {
    return (await readdir(join(folder.path, 'eval/fixtures'))).sort();
  }

  it('writes one file per trace without cases, printing one line per file; exit 0', async () => {
    const io = recordingIo(folder.path);
    const code = await importCommand(
      { files: ['exports/otlp-split.jsonl'], from: 'auto', outDir: 'eval/fixtures', cases: null, quiet: false },
      io,
    );
    expect(code).toBe(0);
    expect(io.out).toEqual([
      'wrote eval/fixtures/5b8efff798038103d269b633813fc60c.json (trace 5b8efff798038103d269b633813fc60c from exports/otlp-split.jsonl)\n',
      'wrote eval/fixtures/4bf92f3577b34da6a3ce929d0e0e4736.json (trace 4bf92f3577b34da6a3ce929d0e0e4736 from exports/otlp-split.jsonl)\n',
    ]);
    expect(io.err).toEqual([]);
    const written = await readFile(join(folder.path, 'eval/fixtures/5b8efff798038103d269b633813fc60c.json'), 'utf8');
    expect(written.endsWith('}\n')).toBe(true);
    expect(written.startsWith('{\n  "sessionId": "diag-0001",\n  "question": ')).toBe(true);
    expect(written).not.toContain(folder.path);
  });

  it('writes traces whose ids one file name would fold together (a / and a :, upper and lower case) to a file each', async () => {
    const spans = JSON.parse(await readFile(fixture('span-dicts.json'), 'utf8')) as { context: { trace_id: string } }[];
    const ids = ['run/1', 'run:1', 'Run-A', 'run-a', 'manifest'];
    const spansOf = (traceId: string) =>
      spans.map((span) => ({ ...span, context: { ...span.context, trace_id: traceId } }));
    await writeFile(join(folder.path, 'exports/odd-ids.json'), JSON.stringify(ids.flatMap(spansOf)));
    const io = recordingIo(folder.path);
    const code = await importCommand(
      { files: ['exports/odd-ids.json'], from: 'auto', outDir: 'eval/fixtures', cases: null, quiet: false },
      io,
    );
    expect(code).toBe(0);
    const names = await listOut();
    expect(names).toHaveLength(ids.length);
    expect(new Set(names.map((name) => name.toLowerCase())).size).toBe(ids.length);
    expect(names).toContain('run-a.json');
    expect(names).not.toContain('manifest.json');
    expect(io.out.map((line) => line.split(' ')[1]).sort()).toEqual(names.map((name) => `eval/fixtures/${name}`));
  });

  it("writes the fixtures of a large export a few at a time, reported in the export's order, each as if written alone", async () => {
    const original = await readFile(fixture('otlp-split.jsonl'), 'utf8');
    const ids = (copy: number): [string, string] => [
      `5b8efff798038103d269b6338130${String(copy).padStart(4, '0')}`,
      `4bf92f3577b34da6a3ce929d0e0${String(copy).padStart(5, '0')}`,
    ];
    const copies = Array.from({ length: 25 }, (_, copy) => {
      const [first, second] = ids(copy);
      return original
        .replaceAll('5B8EFFF798038103D269B633813FC60C', first.toUpperCase())
        .replaceAll('4bf92f3577b34da6a3ce929d0e0e4736', second);
    });
    await writeFile(join(folder.path, 'exports', 'many.jsonl'), copies.join(''));
    const io = recordingIo(folder.path);
    const code = await importCommand(
      { files: ['exports/many.jsonl'], from: 'auto', outDir: 'eval/fixtures', cases: null, quiet: false },
      io,
    );
    expect(code).toBe(0);
    expect(io.out.map((line) => line.split(' ')[1])).toEqual(
      Array.from({ length: 25 }, (_, copy) => ids(copy).map((id) => `eval/fixtures/${id}.json`)).flat(),
    );
    const [first0, second0] = ids(0);
    const alone = [
      await readFile(join(folder.path, `eval/fixtures/${first0}.json`), 'utf8'),
      await readFile(join(folder.path, `eval/fixtures/${second0}.json`), 'utf8'),
    ];
    for (let copy = 1; copy < 25; copy += 1) {
      const [first, second] = ids(copy);
      expect(await readFile(join(folder.path, `eval/fixtures/${first}.json`), 'utf8')).toBe(
        alone[0]?.replaceAll(first0, first),
      );
      expect(await readFile(join(folder.path, `eval/fixtures/${second}.json`), 'utf8')).toBe(
        alone[1]?.replaceAll(second0, second),
      );
    }
    expect((await listOut()).filter((name) => name.includes('.tmp-'))).toEqual([]);
  });

  /** The split OTLP export and the several-agents export, imported into eval/fixtures against `cases`. */
  const importBothExports = (cases: EvalCase[], io: ReturnType<typeof recordingIo>) =>
    importCommand(
      {
        files: ['exports/otlp-split.jsonl', 'exports/several-agents.json'],
        from: 'auto',
        outDir: 'eval/fixtures',
        cases,
        quiet: false,
      },
      io,
    );

  it('writes <case id>.json for matched cases and <trace id>.json for the rest; a case no trace matches is named and gives exit 1', async () => {
    const io = recordingIo(folder.path);
    const cases = [
      makeCase({ id: 'payment-timeout', sessionId: 'diag-0001' }),
      makeCase({ id: 'checkout-slow', question: 'why is CHECKOUT slow?' }),
      makeCase({ id: 'not-imported', question: 'Nothing like it' }),
    ];
    const code = await importBothExports(cases, io);
    expect(code).toBe(1);
    expect(await listOut()).toEqual([
      'checkout-slow.json',
      'd0000000000000000000000000000001.json',
      'payment-timeout.json',
    ]);
    expect(io.out.map((line) => line.split(' ')[1])).toEqual([
      'eval/fixtures/payment-timeout.json',
      'eval/fixtures/checkout-slow.json',
      'eval/fixtures/d0000000000000000000000000000001.json',
    ]);
    expect(io.err).toEqual([
      'no trace: case "not-imported" matches no imported trace by its question (2 export files read); no fixture written for it\n',
    ]);
  });

  it("S74 writes a matched case's fixture under the traceFixture the case names, in a subfolder too", async () => {
    const io = recordingIo(folder.path);
    const cases = [makeCase({ id: 'payment-timeout', sessionId: 'diag-0001', traceFixture: 'nightly/payment.json' })];
    const code = await importCommand(
      { files: ['exports/otlp-split.jsonl'], from: 'auto', outDir: 'eval/fixtures', cases, quiet: false },
      io,
    );
    expect(code).toBe(0);
    expect(io.out.map((line) => line.split(' ')[1])).toEqual([
      'eval/fixtures/nightly/payment.json',
      'eval/fixtures/4bf92f3577b34da6a3ce929d0e0e4736.json',
    ]);
    const written = JSON.parse(await readFile(join(folder.path, 'eval/fixtures/nightly/payment.json'), 'utf8'));
    expect(written.sessionId).toBe('diag-0001');
  });

  it.each([
    ['two cases name one traceFixture', 'nightly/shared.json', 'nightly/shared.json'],
    // One file on a case-insensitive file system (macOS, Windows): a suite checked out there would lose one.
    ['two names only the case of their letters tells apart', 'Shared.json', 'shared.json'],
  ])(
    'S74 %s and two traces match them: the first keeps the file, the other is named, exit 1',
    async (_, first, second) => {
      const io = recordingIo(folder.path);
      const cases = [
        makeCase({ id: 'payment-timeout', sessionId: 'diag-0001', traceFixture: first }),
        makeCase({ id: 'checkout-slow', question: 'why is CHECKOUT slow?', traceFixture: second }),
      ];
      const code = await importBothExports(cases, io);
      expect(code).toBe(1);
      expect(io.out.map((line) => line.split(' ')[1])).toEqual([
        `eval/fixtures/${first}`,
        'eval/fixtures/d0000000000000000000000000000001.json',
      ]);
      const written = JSON.parse(await readFile(join(folder.path, 'eval/fixtures', first), 'utf8'));
      expect(written.sessionId).toBe('diag-0001');
      expect(io.err).toHaveLength(1);
      expect(io.err[0]).toMatch(
        new RegExp(
          `^fixture clash: ${second.replace('.', '\\.')} is the file of case "payment-timeout" \\(trace [0-9a-f]{32}\\) and of case "checkout-slow" \\(trace [0-9a-f]{32}\\); expected one trace per fixture file; written for case "payment-timeout" only\\n$`,
          'u',
        ),
      );
    },
  );

  it('S74 two cases matched by one trace and naming one traceFixture write it once', async () => {
    const io = recordingIo(folder.path);
    const cases = [
      makeCase({ id: 'payment-timeout', sessionId: 'diag-0001', traceFixture: 'shared.json' }),
      makeCase({ id: 'payment-timeout-again', sessionId: 'diag-0001', traceFixture: 'shared.json' }),
    ];
    const code = await importCommand(
      { files: ['exports/otlp-split.jsonl'], from: 'auto', outDir: 'eval/fixtures', cases, quiet: false },
      io,
    );
    expect([code, io.err]).toEqual([0, []]);
    expect(io.out.map((line) => line.split(' ')[1])).toEqual([
      'eval/fixtures/shared.json',
      'eval/fixtures/4bf92f3577b34da6a3ce929d0e0e4736.json',
    ]);
  });

  it('S74 matches a case by a span attribute the case names, which the mapping otherwise drops', async () => {
    const io = recordingIo(folder.path);
    await copyFile(fixture('spring-ai-2.0.jsonl'), join(folder.path, 'exports', 'spring.jsonl'));
    const cases = [
      makeCase({ id: 'order-500', question: 'fixed task', match: { attribute: 'uri', equals: '/api/diagnosis' } }),
      makeCase({ id: 'not-there', question: 'fixed task', match: { attribute: 'uri', equals: '/api/other' } }),
    ];
    const code = await importCommand(
      { files: ['exports/spring.jsonl'], from: 'auto', outDir: 'eval/fixtures', cases, quiet: true },
      io,
    );
    expect(code).toBe(1);
    expect(await listOut()).toEqual(['order-500.json']);
    expect(io.err).toEqual([
      'no trace: case "not-there" matches no imported trace by its span attribute uri = "/api/other" (1 export file read); no fixture written for it\n',
    ]);
  });

  it('with --strict, a case no trace matches writes nothing and throws an InputError (exit 2)', async () => {
    const cases = [
      makeCase({ id: 'payment-timeout', sessionId: 'diag-0001' }),
      makeCase({ id: 'not-imported', question: 'Nothing like it' }),
    ];
    const error = await importCommand(
      { files: ['exports/otlp-split.jsonl'], from: 'auto', outDir: 'eval/fixtures', cases, quiet: false, strict: true },
      recordingIo(folder.path),
    ).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(InputError);
    expect((error as InputError).problems).toEqual([
      'import --strict: no trace: case "not-imported" matches no imported trace by its question (1 export file read); no fixture written for it; nothing written',
    ]);
    expect(existsSync(join(folder.path, 'eval/fixtures'))).toBe(false);
  });

  it('writes a trace with nothing recognised but names it on stderr, even with --quiet, and exits 1; --strict exits 2 writing nothing', async () => {
    const io = recordingIo(folder.path);
    const options = {
      files: ['exports/unrecognised.json'],
      from: 'auto',
      outDir: 'eval/fixtures',
      cases: null,
      quiet: true,
    };
    expect(await importCommand(options, io)).toBe(1);
    expect(await listOut()).toEqual(['a7000000000000000000000000000007.json']);
    expect(io.err).toEqual([
      expect.stringMatching(
        /^not recognised: exports\/unrecognised\.json: trace a7000000000000000000000000000007: no agent, model or tool span recognised/u,
      ),
    ]);

    const strictFolder = 'eval/strict';
    const error = await importCommand(
      { ...options, outDir: strictFolder, strict: true },
      recordingIo(folder.path),
    ).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(InputError);
    expect((error as InputError).problems[0]).toMatch(
      /^import --strict: not recognised: exports\/unrecognised\.json: trace a7/u,
    );
    expect(existsSync(join(folder.path, strictFolder))).toBe(false);
  });

  it('with --strict and everything converted, exits 0 as without it', async () => {
    const options = {
      files: ['exports/otlp-split.jsonl'],
      from: 'auto',
      outDir: 'eval/fixtures',
      cases: null,
      quiet: true,
      strict: true,
    };
    expect(await importCommand(options, recordingIo(folder.path))).toBe(0);
  });

  it('gives byte-identical files when the same input is imported twice', async () => {
    const options = {
      files: ['exports/otlp-split.jsonl', 'exports/several-agents.json'],
      from: 'auto',
      outDir: 'eval/fixtures',
      cases: null,
      quiet: true,
    };
    await importCommand(options, recordingIo(folder.path));
    const names = await listOut();
    const first = await Promise.all(names.map((name) => readFile(join(folder.path, 'eval/fixtures', name))));
    await importCommand(options, recordingIo(folder.path));
    expect(await listOut()).toEqual(names);
    const second = await Promise.all(names.map((name) => readFile(join(folder.path, 'eval/fixtures', name))));
    expect(second).toEqual(first);
  });

  it('skips a JSON Lines line that is not JSON, names it, writes the rest and exits 1, even with --quiet', async () => {
    const io = recordingIo(folder.path);
    const code = await importCommand(
      { files: ['exports/bad-line.jsonl'], from: 'auto', outDir: 'out', cases: null, quiet: true },
      io,
    );
    expect(code).toBe(1);
    expect(io.out).toEqual([]);
    expect(io.err).toHaveLength(2);
    expect(io.err[0]).toMatch(/^skipped: exports\/bad-line\.jsonl:2: not JSON \(.*\); line skipped\n$/u);
    expect(io.err[1]).toMatch(/^skipped: exports\/bad-line\.jsonl:4: not JSON/u);
    expect(await readdir(join(folder.path, 'out'))).toEqual(['c0ffee00c0ffee00c0ffee00c0ffee00.json']);
  });

  it('throws an InputError (exit 2) for a file of no known format, and writes nothing', async () => {
    const io = recordingIo(folder.path);
    const error = await importCommand(
      {
        files: ['exports/otlp-split.jsonl', 'exports/unknown-format.json'],
        from: 'auto',
        outDir: 'eval/fixtures',
        cases: null,
        quiet: false,
      },
      io,
    ).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(InputError);
    expect((error as InputError).problems).toEqual([
      expect.stringMatching(
        /^exports\/unknown-format\.json: unknown trace format: found a JSON object with keys "traces"; expected /u,
      ),
    ]);
    await expect(readdir(join(folder.path, 'eval/fixtures'))).rejects.toThrow();
  });

  it('throws an InputError when the output folder cannot be written', async () => {
    const { writeFile } = await import('node:fs/promises');
    await writeFile(join(folder.path, 'taken'), 'a file, not a folder');
    const error = await importCommand(
      { files: ['exports/otlp-split.jsonl'], from: 'auto', outDir: 'taken', cases: null, quiet: false },
      recordingIo(folder.path),
    ).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(InputError);
    expect((error as InputError).message).toMatch(
      /^--out taken: cannot write taken\/5b8efff798038103d269b633813fc60c\.json \((ENOTDIR|EEXIST)\)/u,
    );
  });

  it.each([
    [
      'an unknown --from',
      { from: 'zipkin' },
      /^--from: expected one of auto, otlp, jaeger, tempo, spans; found "zipkin"$/u,
    ],
    ['no file', { files: [] }, /^import: expected at least one FILE/u],
  ])('throws an InputError for %s', async (_label, overrides, message) => {
    const options = {
      files: ['exports/otlp-split.jsonl'],
      from: 'auto',
      outDir: 'out',
      cases: null,
      quiet: false,
      ...overrides,
    };
    const error = await importCommand(options, recordingIo(folder.path)).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(InputError);
    expect((error as InputError).message).toMatch(message);
  });

  it('imports both real kagent exports for one case, warning that the second is ignored', async () => {
    await copyFile(realTrace('agentevals_kagent-helm_jaeger.json'), join(folder.path, 'exports/helm-jaeger.json'));
    await copyFile(realTrace('agentevals_kagent-helm_tempo-export.json'), join(folder.path, 'exports/helm-tempo.json'));
    const io = recordingIo(folder.path);
    const code = await importCommand(
      {
        files: ['exports/helm-jaeger.json', 'exports/helm-tempo.json'],
        from: 'auto',
        outDir: 'eval/fixtures',
        cases: [makeCase({ id: 'helm-list', question: 'List all Helm releases' })],
        quiet: false,
      },
      io,
    );
    expect(code).toBe(0);
    expect(await listOut()).toEqual(['helm-list.json']);
    expect(io.err).toEqual([
      'warning: case "helm-list": 2 traces match by question; using trace 3e289017fe03ffd7c4145316d2eb3d0d (exports/helm-jaeger.json), ignoring dd547580319ab0312cee07f1def50dad (exports/helm-tempo.json)\n',
    ]);
    const document = JSON.parse(await readFile(join(folder.path, 'eval/fixtures/helm-list.json'), 'utf8'));
    expect(document.toolInvocations.map((tool: { toolName: string }) => tool.toolName)).toEqual(['helm_list_releases']);
  });
});

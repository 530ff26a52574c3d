import { readFileSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { importCommand } from '../../src/cli/actions/import.js';
import { importText, importTraces } from '../../src/import/import-traces.js';
import { fixture, recordingIo, temporaryFolder, writeTemporaryFile } from './helpers.js';

/** OTLP exports of the fixtures, as JSON values: each document, or each line of a JSON Lines file. */
const SOURCES = [
  'otlp-split.jsonl',
  'several-agents.json',
  'message-tool-calls.json',
  'tool-failures.json',
  'openinference.json',
  'smolagents.json',
  'evaluation-log-records.jsonl',
];

/** One line per span (and per log record batch), as a file exporter that flushes span by span writes them. */
function spanPerLine(): string[] {
  const lines: string[] = [];
  for (const name of SOURCES) {
    const text = readFileSync(fixture(name), 'utf8');
    const documents = name.endsWith('.jsonl')
      ? text
          .split('\n')
          .filter((line) => line.trim() !== '')
          .map((line) => JSON.parse(line))
      : [JSON.parse(text)];
    for (const document of documents) {
      for (const resource of document.resourceSpans ?? []) {
        for (const scope of resource.scopeSpans ?? []) {
          for (const span of scope.spans ?? [])
            lines.push(JSON.stringify({ resourceSpans: [{ ...resource, scopeSpans: [{ ...scope, spans: [span] }] }] }));
        }
      }
      if (document.resourceLogs !== undefined) lines.push(JSON.stringify({ resourceLogs: document.resourceLogs }));
    }
  }
  return lines;
}

function shuffled<T>(items: readonly T[], seed: number): T[] {
  const copy = [...items];
  let state = seed;
  for (let index = copy.length - 1; index > 0; index -= 1) {
    state = (Math.imul(state, 1103515245) + 12345) >>> 0;
    const other = state % (index + 1);
    [copy[index], copy[other]] = [copy[other] as T, copy[index] as T];
  }
  return copy;
}

async function importedFiles(lines: readonly string[]): Promise<Map<string, string>> {
  const folder = await temporaryFolder();
  try {
    await writeTemporaryFile(folder.path, 'export.jsonl', `${lines.join('\n')}\n`);
    await importCommand(
      { files: ['export.jsonl'], from: 'auto', outDir: 'out', cases: null, quiet: true },
      recordingIo(folder.path),
    );
    const names = (await readdir(join(folder.path, 'out'))).sort();
    return new Map(
      await Promise.all(
        names.map(async (name) => [name, await readFile(join(folder.path, 'out', name), 'utf8')] as [string, string]),
      ),
    );
  } finally {
    await folder.cleanup();
  }
}

describe('the order of the input changes no fixture', () => {
  const lines = spanPerLine();

  it('the export has spans of many traces, roots among them', () => {
    expect(lines.length).toBeGreaterThanOrEqual(20);
  });

  it.each([
    [
      'reversed: every root span before its children, so each trace is handed on early and grows after',
      (all: string[]) => [...all].reverse(),
    ],
    ['shuffled, seed 1', (all: string[]) => shuffled(all, 1)],
    ['shuffled, seed 7', (all: string[]) => shuffled(all, 7)],
    ['shuffled, seed 2026', (all: string[]) => shuffled(all, 2026)],
  ])('%s: byte-identical fixtures', async (_name, reorder) => {
    const expected = await importedFiles(lines);
    expect(expected.size).toBeGreaterThanOrEqual(5);
    expect(await importedFiles(reorder(lines))).toEqual(expected);
  });

  it('importTraces gives the same documents for every order', async () => {
    const documentsOf = async (order: readonly string[]) => {
      const folder = await temporaryFolder();
      try {
        await writeTemporaryFile(folder.path, 'export.jsonl', order.join('\n'));
        const result = await importTraces(['export.jsonl'], 'auto', folder.path);
        return new Map(result.traces.map((trace) => [trace.traceId, JSON.stringify(trace.document)]));
      } finally {
        await folder.cleanup();
      }
    };
    const expected = await documentsOf(lines);
    expect(await documentsOf([...lines].reverse())).toEqual(expected);
    expect(await documentsOf(shuffled(lines, 3))).toEqual(expected);
  });
});

describe('importText: an export held in memory converts as the same file does', () => {
  it.each([
    'otlp-split.jsonl',
    'several-agents.json',
    'jaeger-typed-tags.json',
    'span-dicts.json',
    'console-exporter.txt',
    'bad-line.jsonl',
  ])('%s', async (name) => {
    const fromFile = await importTraces([name], 'auto', fixture('.'));
    const fromText = await importText({ name, text: readFileSync(fixture(name), 'utf8') }, 'auto');
    expect(JSON.stringify(fromText)).toBe(JSON.stringify(fromFile));
  });

  it('an unusable text is refused with the message a file of that name gets', async () => {
    const refused = (promise: Promise<unknown>) =>
      promise.then(
        () => null,
        (error: unknown) => (error as Error).message,
      );
    const fromFile = await refused(importTraces(['unknown-format.json'], 'auto', fixture('.')));
    expect(fromFile).toMatch(/^unknown-format\.json: unknown trace format/u);
    expect(
      await refused(
        importText({ name: 'unknown-format.json', text: readFileSync(fixture('unknown-format.json'), 'utf8') }, 'auto'),
      ),
    ).toBe(fromFile);
  });
});

describe('two different spans under one span id', () => {
  /** The export with a tool span of the first trace given the span id of a model span of that trace. */
  function withSpanIdTaken(): string[] {
    const lines = spanPerLine();
    const spanOf = (line: string) => JSON.parse(line).resourceSpans[0].scopeSpans[0].spans[0];
    const model = lines.findIndex((line) => spanOf(line).name === 'chat gpt-4o');
    const tool = lines.findIndex((line) => spanOf(line).name === 'execute_tool queryMetrics');
    const document = JSON.parse(lines[tool] as string);
    document.resourceSpans[0].scopeSpans[0].spans[0].spanId = spanOf(lines[model] as string).spanId;
    return lines.map((line, index) => (index === tool ? JSON.stringify(document) : line));
  }

  it.each([
    ['as written', (all: string[]) => all],
    ['reversed', (all: string[]) => [...all].reverse()],
    ['shuffled, seed 5', (all: string[]) => shuffled(all, 5)],
  ])(
    '%s: one is kept whatever the order (byte-identical fixtures), the other named with its file and line, exit 1',
    async (_name, reorder) => {
      const expected = await importedFiles(withSpanIdTaken());
      const order = reorder(withSpanIdTaken());
      const folder = await temporaryFolder();
      try {
        await writeTemporaryFile(folder.path, 'export.jsonl', `${order.join('\n')}\n`);
        const io = recordingIo(folder.path);
        const code = await importCommand(
          { files: ['export.jsonl'], from: 'auto', outDir: 'out', cases: null, quiet: true },
          io,
        );
        expect(code).toBe(1);
        const names = (await readdir(join(folder.path, 'out'))).sort();
        const files = new Map(
          await Promise.all(
            names.map(
              async (name) => [name, await readFile(join(folder.path, 'out', name), 'utf8')] as [string, string],
            ),
          ),
        );
        expect(files).toEqual(expected);
        const skipped = io.err.filter((line) => line.includes(' has span id '));
        expect(skipped).toHaveLength(1);
        expect(skipped[0]).toMatch(
          /^skipped: export\.jsonl:\d+: trace 5b8efff798038103d269b633813fc60c: span "[^"]+" has span id [0-9a-f]{16}, which another span of the trace \("[^"]+"\) has with different content; expected each span id once in a trace; span skipped/u,
        );
        // The line named is the one the skipped span stands on, in this order.
        const [, line, name] =
          /^skipped: export\.jsonl:(\d+): .*?: span "([^"]+)" has span id/u.exec(skipped[0] ?? '') ?? [];
        expect(JSON.parse(order[Number(line) - 1] ?? '{}').resourceSpans?.[0].scopeSpans[0].spans[0].name).toBe(name);
      } finally {
        await folder.cleanup();
      }
    },
  );

  it('the same span given twice is one span, named nowhere', async () => {
    const lines = spanPerLine();
    const twice = await importText({ name: 'export.jsonl', text: [...lines, ...lines].join('\n') }, 'auto');
    const once = await importText({ name: 'export.jsonl', text: lines.join('\n') }, 'auto');
    expect(twice.skipped).toEqual(once.skipped);
    expect(JSON.stringify(twice.traces)).toBe(JSON.stringify(once.traces));
  });
});

import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { useTempDirs } from '../helpers/temp-dir.js';
import { REPO_ROOT } from '../import/helpers.js';

const BIN = join(REPO_ROOT, 'dist/cli/bin.js');

/** The files node loads before running a line of the bundled CLI: bin.js and its static imports, transitively. */
function staticallyLoaded(entry: string): Map<string, string> {
  const loaded = new Map<string, string>();
  const visit = (file: string): void => {
    if (loaded.has(file)) return;
    const text = readFileSync(file, 'utf8');
    loaded.set(file, text);
    for (const match of text.matchAll(/(?:^|[;}\s])(?:import|export)\s*(?:[\w*{},\s$]*?from\s*)?"(\.{1,2}\/[^"]+)"/gu))
      visit(join(dirname(file), match[1] as string));
  };
  visit(entry);
  return loaded;
}

/** The chunk `bin.js` imports dynamically for a command, by the chunk's name. */
function commandChunk(name: string): string {
  const match = new RegExp(`import\\("\\./(chunks/${name}-[A-Z0-9]+\\.js)"\\)`, 'u').exec(readFileSync(BIN, 'utf8'));
  if (match === null) throw new Error(`no chunk for ${name} in dist/cli/bin.js`);
  return join(dirname(BIN), match[1] as string);
}

const joined = (files: Map<string, string>): string => [...files.values()].join('\n');

describe('CLI start-up loads only what the command needs', () => {
  it('--help, --version and flag parsing load no command, no YAML parser and no zod', () => {
    const loaded = staticallyLoaded(BIN);
    const code = joined(loaded);
    expect(code).toContain('Usage: diag-eval');
    // zod's core, js-yaml's loader, the yaml package, the checks and the report writers.
    for (const marker of ['$ZodType', 'maxAliases', 'LineCounter', 'runCases', 'renderReportMarkdown'])
      expect(code).not.toContain(marker);
    expect([...loaded.values()].reduce((sum, text) => sum + text.length, 0)).toBeLessThan(64 * 1024);
  });

  it('a run bundles no YAML parser, no lossless JSON parser and no zod: each is loaded only by the path that needs it', () => {
    const code = joined(staticallyLoaded(commandChunk('run')));
    // The YAML parsers and the lossless JSON parser are required on first use, from the package.
    for (const name of ['yaml', 'js-yaml', 'lossless-json'])
      expect(code).toMatch(new RegExp(`createRequire\\d*\\(import\\.meta\\.url\\)\\("${name}"\\)`, 'u'));
    // The yaml package's line counter, js-yaml's loader, lossless-json's number class, zod's core.
    for (const marker of ['class LineCounter', 'function loadDocuments', 'class LosslessNumber', '$ZodType'])
      expect(code).not.toContain(marker);
  });
});

const makeTempDir = useTempDirs();

/**
 * What node loads for one command, run from `cwd` with a preload that names every ES module it
 * loads and every CommonJS file it requires (test/helpers/load-trace/).
 */
function modulesLoaded(args: string[], cwd: string): { esm: string[]; required: string[] } {
  const preload = fileURLToPath(new URL('../helpers/load-trace/preload.mjs', import.meta.url));
  const child = spawnSync(process.execPath, ['--import', preload, BIN, ...args], { cwd, encoding: 'utf8' });
  expect(child.status, child.stderr).toBe(0);
  const lines = child.stderr.split('\n');
  const named = (prefix: string): string[] =>
    lines.filter((line) => line.startsWith(prefix)).map((line) => line.slice(prefix.length));
  return { esm: named('loaded '), required: named('required ') };
}

describe('the bundled run loads only what a valid suite needs', () => {
  it('a run of the bundled cases and config loads no zod, no YAML parser package and no lossless JSON parser', () => {
    const { esm, required } = modulesLoaded(['run', '--quiet', '--out', makeTempDir()], REPO_ROOT);
    const chunks = esm.filter((url) => url.startsWith('file:')).map((url) => fileURLToPath(url));
    expect(chunks.length).toBeGreaterThan(1);
    // The quick checks read the valid case file and config: the schemas and zod are never loaded.
    for (const chunk of chunks) expect(readFileSync(chunk, 'utf8')).not.toContain('$ZodType');
    // The common-subset YAML reader reads both files: neither YAML package is loaded, nor lossless-json.
    const packages = [...esm, ...required].filter((file) => file.includes('node_modules'));
    expect(packages).toStrictEqual([]);
    // Hashing is for --shard only.
    expect(esm).not.toContain('node:crypto');
  });
});

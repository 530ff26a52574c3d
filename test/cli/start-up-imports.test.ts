import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
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

  it('a run reads a YAML case file with js-yaml; the yaml package is not bundled into the run, only required to name a problem', () => {
    const code = joined(staticallyLoaded(commandChunk('run')));
    expect(code).toContain('maxAliases');
    expect(code).toContain('createRequire(import.meta.url)("yaml")');
    expect(code).not.toContain('class LineCounter');
  });
});

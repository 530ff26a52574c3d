import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from './helpers/project.js';

/**
 * The import rules of docs/architecture.md, held on the import graph of src/ (every `import`,
 * `export … from` and `import()` of a relative path, types included): each folder imports only
 * from its own layer or a lower one, and no folder or file imports itself round a loop.
 */
const LAYERS: Record<string, number> = {
  // 1 foundation
  model: 1,
  io: 1,
  text: 1,
  stats: 1,
  view: 1,
  // 2 vocabulary
  config: 2,
  trace: 2,
  cases: 2,
  // 3 checks
  checks: 3,
  // 4 pipeline
  sources: 4,
  evaluate: 4,
  report: 4,
  diff: 4,
  // 5 features
  import: 5,
  pull: 5,
  scan: 5,
  mutate: 5,
  shard: 5,
  serve: 5,
  pages: 5,
  // 6 entry points
  cli: 6,
  'index.ts': 6,
  'vitest.ts': 6,
};

const SRC = join(REPO_ROOT, 'src');

function importGraph(): Map<string, string[]> {
  const files = readdirSync(SRC, { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.c?ts$/u.test(file))
    .map((file) => join(SRC, file));
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
    const targets = importedFiles
      .map(({ fileName }) => fileName)
      .filter((name) => name.startsWith('.'))
      .map((name) => relative(REPO_ROOT, resolve(dirname(file), name).replace(/\.c?js$/u, '.ts')));
    graph.set(relative(REPO_ROOT, file), [...new Set(targets)].sort());
  }
  return graph;
}

/** `cli` for src/cli/main.ts, `index.ts` for src/index.ts. */
function unitOf(file: string): string {
  return relative(SRC, file).split('/')[0] as string;
}

/** Every loop of the graph, each once, as `a -> b -> a` from its smallest name. */
function circles(graph: ReadonlyMap<string, readonly string[]>): string[] {
  const found = new Set<string>();
  const state = new Map<string, 'open' | 'done'>();
  const path: string[] = [];
  const visit = (node: string): void => {
    state.set(node, 'open');
    path.push(node);
    for (const next of graph.get(node) ?? []) {
      if (state.get(next) === 'open') {
        const loop = path.slice(path.indexOf(next));
        const start = loop.indexOf([...loop].sort()[0] as string);
        const ordered = [...loop.slice(start), ...loop.slice(0, start)];
        found.add([...ordered, ordered[0]].join(' -> '));
      } else if (!state.has(next)) visit(next);
    }
    path.pop();
    state.set(node, 'done');
  };
  for (const node of [...graph.keys()].sort()) if (!state.has(node)) visit(node);
  return [...found].sort();
}

describe('the import rules of docs/architecture.md', () => {
  const graph = importGraph();

  it('finds the imports (the graph is not empty, and names files that exist)', () => {
    expect(graph.get('src/cli/main.ts')?.length).toBeGreaterThan(3);
    for (const targets of graph.values()) for (const target of targets) expect(graph.has(target), target).toBe(true);
  });

  it('only the two entry files stand at the top of src/, every other file is in a folder', () => {
    const top = readdirSync(SRC, { withFileTypes: true }).filter((entry) => entry.isFile());
    expect(top.map((entry) => entry.name).sort()).toEqual(['index.ts', 'vitest.ts']);
  });

  it('every file of src/ is in a layer', () => {
    const units = new Set([...graph.keys()].map(unitOf));
    expect([...units].filter((unit) => LAYERS[unit] === undefined)).toEqual([]);
  });

  it('a folder imports only from its own layer or a lower one', () => {
    const upward: string[] = [];
    for (const [file, targets] of graph) {
      for (const target of targets) {
        if ((LAYERS[unitOf(target)] ?? 0) > (LAYERS[unitOf(file)] ?? 0)) upward.push(`${file} -> ${target}`);
      }
    }
    expect(upward).toEqual([]);
  });

  it('no two folders import each other, directly or round a longer loop', () => {
    const folders = new Map<string, string[]>();
    for (const [file, targets] of graph) {
      const from = unitOf(file);
      const to = targets.map(unitOf).filter((unit) => unit !== from);
      folders.set(from, [...new Set([...(folders.get(from) ?? []), ...to])].sort());
    }
    expect(circles(folders)).toEqual([]);
  });

  it('no two files import each other, directly or round a longer loop', () => {
    expect(circles(graph)).toEqual([]);
  });

  it('the circle finder finds a loop (so the tests above can fail)', () => {
    const loop = new Map([
      ['a', ['b']],
      ['b', ['c']],
      ['c', ['a']],
      ['d', ['a']],
    ]);
    expect(circles(loop)).toEqual(['a -> b -> c -> a']);
  });
});

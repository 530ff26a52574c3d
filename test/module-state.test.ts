import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from './helpers/project.js';

/**
 * No module of src/ keeps mutable state of its own (CONTRIBUTING.md, "Explicit state"): what a run
 * keeps from trace to trace belongs to that run (its EvaluationSession, its trace source, its
 * fixtures folder), so two runs in one process, or two callers of the library, share nothing.
 * Held on the top-level statements of every file: no `let` or `var`, and no container made empty
 * to be filled later (a Map, Set, WeakMap, WeakSet, typed array or Buffer), which is what a cache
 * or memo is. Constant tables made from their entries (`new Set(['a', 'b'])`) are not state.
 */
const ALLOWED: Record<string, string> = {
  'src/io/files/atomic-write.ts pendingTemporaries':
    "the process's temporary files, removed by the signal handler when the process is stopped",
  'src/io/files/atomic-write.ts temporaryCount':
    'numbers temporary files within the process, whose pid is in each name',
  'src/cli/program.ts used': "the process's standard streams, made on first use",
};

const EMPTY_CONTAINERS = new Set([
  'Map',
  'Set',
  'WeakMap',
  'WeakSet',
  'Array',
  'Uint8Array',
  'Uint16Array',
  'Uint32Array',
  'Int32Array',
  'Float64Array',
]);

const SRC = join(REPO_ROOT, 'src');

function sourceFiles(): string[] {
  return readdirSync(SRC, { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.c?ts$/u.test(file))
    .map((file) => join(SRC, file));
}

/** What makes a top-level declaration state, or null when it is a constant. */
function stateOf(declaration: ts.VariableDeclaration, kind: 'let' | 'var' | 'const'): string | null {
  if (kind !== 'const') return kind;
  const value = declaration.initializer;
  if (value === undefined) return null;
  if (ts.isNewExpression(value) && ts.isIdentifier(value.expression)) {
    const made = value.expression.text;
    if (EMPTY_CONTAINERS.has(made) && (value.arguments === undefined || value.arguments.length === 0))
      return `an empty ${made}`;
    // A typed array of a given length starts as zeros to be filled in: a table worked out as it is used.
    if (made.endsWith('Array') && made !== 'Array') return `a ${made} to fill`;
  }
  if (
    ts.isCallExpression(value) &&
    ts.isPropertyAccessExpression(value.expression) &&
    ts.isIdentifier(value.expression.expression) &&
    value.expression.expression.text === 'Buffer'
  )
    return 'a Buffer';
  return null;
}

function moduleState(): string[] {
  const found: string[] = [];
  for (const file of sourceFiles()) {
    const name = relative(REPO_ROOT, file).split('\\').join('/');
    const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, false);
    for (const statement of source.statements) {
      if (!ts.isVariableStatement(statement)) continue;
      const { flags } = statement.declarationList;
      const kind = flags & ts.NodeFlags.Let ? 'let' : flags & ts.NodeFlags.Const ? 'const' : 'var';
      for (const declaration of statement.declarationList.declarations) {
        const state = stateOf(declaration, kind);
        const key = `${name} ${declaration.name.getText(source)}`;
        if (state !== null && ALLOWED[key] === undefined) found.push(`${key}: ${state}`);
      }
    }
  }
  return found;
}

describe('module state', () => {
  it('no module of src/ holds a top-level let, var, cache or memo', () => {
    expect(moduleState()).toStrictEqual([]);
  });

  it('the rule sees what it forbids: a let, an empty Map and a table to fill', () => {
    const source = ts.createSourceFile(
      'x.ts',
      'let a = 1;\nconst b = new Map<string, number>();\nconst c = new Uint8Array(10);\nconst d = new Set(["x"]);\n',
      ts.ScriptTarget.Latest,
      false,
    );
    const states = source.statements.filter(ts.isVariableStatement).map((statement) => {
      const { flags } = statement.declarationList;
      const kind = flags & ts.NodeFlags.Let ? 'let' : flags & ts.NodeFlags.Const ? 'const' : 'var';
      return stateOf(statement.declarationList.declarations[0] as ts.VariableDeclaration, kind);
    });
    expect(states).toStrictEqual(['let', 'an empty Map', 'a Uint8Array to fill', null]);
  });

  it('every allowed exception still exists', () => {
    for (const key of Object.keys(ALLOWED)) {
      const [file, name] = key.split(' ') as [string, string];
      expect(readFileSync(join(REPO_ROOT, file), 'utf8')).toMatch(
        new RegExp(`^(?:export )?(?:let|const) ${name}\\b`, 'mu'),
      );
    }
  });
});

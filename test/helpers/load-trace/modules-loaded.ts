import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { expect } from 'vitest';
import { BIN } from '../build.js';

/** What node loaded for one command of the built CLI. */
export interface ModulesLoaded {
  /** The URLs of the ES modules. */
  esm: string[];
  /** The files of the CommonJS modules required (the packages the CLI requires on first use). */
  required: string[];
  /** The built-in modules, as process.moduleLoadList names them (`crypto`, `http`, `internal/…`). */
  builtins: string[];
}

/**
 * What node loads for one command, run from `cwd` with a preload that names every ES module it
 * loads, every CommonJS file it requires and every built-in module (preload.mjs).
 */
export function modulesLoaded(args: string[], cwd: string): ModulesLoaded {
  const preload = fileURLToPath(new URL('./preload.mjs', import.meta.url));
  const child = spawnSync(process.execPath, ['--import', preload, BIN, ...args], { cwd, encoding: 'utf8' });
  expect(child.status, child.stderr).not.toBeNull();
  const lines = child.stderr.split('\n');
  const named = (prefix: string): string[] =>
    lines.filter((line) => line.startsWith(prefix)).map((line) => line.slice(prefix.length));
  return { esm: named('loaded '), required: named('required '), builtins: named('builtin ') };
}

/** The packages of node_modules among what was loaded. */
export function packagesLoaded({ esm, required }: ModulesLoaded): string[] {
  return [...esm, ...required].filter((file) => file.includes('node_modules'));
}

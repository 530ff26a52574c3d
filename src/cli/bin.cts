#!/usr/bin/env node
/**
 * The command `diag-eval`. The CLI (program.ts) is bundled by scripts/bundle-cli.mjs into one
 * CommonJS script, program.cjs, and V8's code cache of it, program.cjs.cache, is made when the
 * package is built: the bytecode of every function a run of the bundled cases compiled. Compiled
 * with that cache, the script is neither parsed nor compiled at start-up, which is most of what a
 * short run costs beyond node's own start. It is a script because ES modules take no code cache
 * in Node 20. A cache V8 does not accept (another node version, other V8 flags, heap limits such
 * as NODE_OPTIONS=--max-old-space-size among them) or a missing one only costs time: the script
 * is then compiled from its text, about as long as the start took before it was one script. From
 * tsc's output alone, without the bundle, the CLI runs from program.js.
 *
 * This launcher is CommonJS (bin.cts, built as bin.cjs): a start from an ES module sets up node's
 * ES module loader first, about a tenth of `node -e 0` again on every command.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Script } from 'node:vm';

/** What program.cjs evaluates to: its bundle wrapped in a function of the `require` and `import.meta.url` it uses. */
type BundledProgram = (require: NodeJS.Require, programUrl: string) => void;

const programFile = join(__dirname, 'program.cjs');
const source = readOrNull(programFile, 'utf8');
if (source === null) {
  void import('./program.js');
} else {
  const cachedData = readOrNull(`${programFile}.cache`) ?? undefined;
  const start = new Script(source, { filename: programFile, cachedData }).runInThisContext() as BundledProgram;
  // This file's require resolves as program.cjs's would: both are in dist/cli/.
  start(require, pathToFileURL(programFile).href);
}

function readOrNull(file: string): Buffer | null;
function readOrNull(file: string, encoding: 'utf8'): string | null;
function readOrNull(file: string, encoding?: 'utf8'): string | Buffer | null {
  try {
    return readFileSync(file, encoding);
  } catch {
    return null;
  }
}

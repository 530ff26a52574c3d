// Bundles the CLI (src/cli/program.ts) into one CommonJS script, dist/cli/program.cjs, and makes
// V8's code cache of it, dist/cli/program.cjs.cache, which dist/cli/bin.cjs (src/cli/bin.cts, tsc's
// output) compiles the script with: a start of `diag-eval` then reads two files and compiles
// nothing it has compiled here. The cache holds every function a run of the bundled cases
// compiled (write-code-cache.mjs runs it); what other commands use beyond that is compiled as
// usual. Everything a command loads lazily stays lazy: each module of the bundle is evaluated
// the first time it is imported (esbuild turns `await import()` into that). zod is bundled (the
// parts of zod/mini the schemas use: a fraction of the package, compiled from the code cache);
// the yaml package, js-yaml and lossless-json are not: src/io/ requires them on first use. Run after `tsc -p tsconfig.build.json`
// (`npm run build` does both); the library (dist/index.js and the rest of dist/) is tsc's output.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = fileURLToPath(new URL('..', import.meta.url));
const programFile = `${root}dist/cli/program.cjs`;
const cacheFile = `${programFile}.cache`;
const { version } = JSON.parse(readFileSync(`${root}package.json`, 'utf8'));

// The code cache of the previous build would not fit the new script; V8 would refuse it anyway.
rmSync(cacheFile, { force: true });

await build({
  absWorkingDir: root,
  entryPoints: ['src/cli/program.ts'],
  outfile: programFile,
  bundle: true,
  format: 'cjs',
  platform: 'node',
  target: 'node20',
  // Prefer a package's ES module build: it bundles without a CommonJS wrapper.
  mainFields: ['module', 'main'],
  minifyWhitespace: true,
  minifySyntax: true,
  // Identifiers are kept, so a stack trace in an internal error still names the functions.
  minifyIdentifiers: false,
  legalComments: 'none',
  // The script evaluates to a function of what a CommonJS module gets from node and an ES module
  // from import.meta (bin.cts calls it): no wrapper of node's, so this text is what V8 compiles
  // and what the code cache is made for.
  banner: { js: '(function (require, programUrl) {' },
  footer: { js: '})' },
  define: {
    'import.meta.url': 'programUrl',
    // The version `diag-eval --version` prints (main.ts reads package.json when run unbundled).
    __DIAG_EVAL_VERSION__: JSON.stringify(version),
  },
  logLevel: 'warning',
});

const program = readFileSync(programFile, 'utf8');
// A script compiled by vm.Script has no loader for import(): the bundle must have none left.
if (/\bimport\(/u.test(program))
  throw new Error(`${programFile}: a dynamic import() was left in the bundle; bundle or require the module instead`);
// esbuild escapes the characters beyond ASCII of strings, not those of regular expression literals
// (the Chinese words of the checks). One such character makes node decode the whole file as UTF-8
// and V8 hold it two bytes a character, which made reading it and compiling it with its cache
// take several times longer; escaped, the script is ASCII. In a regular expression `\uXXXX` is the
// same UTF-16 unit (with the u flag, two of them a surrogate pair, the same code point), unless a
// backslash stands before the character: then the escape would change what it means.
if (/\\[^\0-\x7f]/u.test(program))
  throw new Error(`${programFile}: a backslash before a character beyond ASCII; escaping it would change its meaning`);
const unitEscape = (unit) => `\\u${unit.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}`;
writeFileSync(
  programFile,
  program.replace(/[^\0-\x7f]/gu, (character) => character.split('').map(unitEscape).join('')),
);

// The cache is made by a run of the bundled cases: its own process, with no environment, so that
// neither NODE_OPTIONS (V8 flags the cache would then be made for) nor a CI's variables (the
// GitHub Actions summary a run writes) take part.
const out = mkdtempSync(join(tmpdir(), 'diag-eval-code-cache-'));
try {
  const run = spawnSync(
    process.execPath,
    [`${root}scripts/write-code-cache.mjs`, programFile, 'run', '--quiet', '--out', out],
    { cwd: root, env: {}, encoding: 'utf8' },
  );
  // Exit 1 is a run with failing cases: the cache is as good.
  if ((run.status !== 0 && run.status !== 1) || !existsSync(cacheFile))
    throw new Error(`the code cache of ${programFile} was not made (exit ${run.status}):\n${run.stderr}`);
} finally {
  rmSync(out, { recursive: true, force: true });
}

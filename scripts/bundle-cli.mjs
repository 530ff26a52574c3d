// Bundles the CLI (src/cli/bin.ts) into dist/cli/bin.js, replacing tsc's output of it, so that a
// start of `diag-eval` reads a few files instead of hundreds of modules. bin.js holds what every
// command needs: the command table (src/cli/commands/: flags and help), the flag parser and the
// error report. Each command's work (src/cli/actions/) and what it imports dynamically (live mode,
// imported traces, sharding) become chunks under dist/cli/chunks/, loaded only when used; see what
// each pulls in with esbuild's metafile (`metafile: true`); the case-file and config schemas (and
// zod) are such dynamic imports, loaded only when a quick check is unsure of a file. No chunk
// needs `require`: the parsers a valid suite does not need (the yaml package, js-yaml,
// lossless-json) are required on first use by src/io/ itself, from the package. Run after
// `tsc -p tsconfig.build.json` (`npm run build` does both); the library (dist/index.js and the rest
// of dist/) is tsc's output.
import { readFileSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = fileURLToPath(new URL('..', import.meta.url));
const outdir = `${root}dist/cli`;
const { version } = JSON.parse(readFileSync(`${root}package.json`, 'utf8'));

// Chunk names carry a content hash; drop the previous build's so none is left behind.
rmSync(`${outdir}/chunks`, { recursive: true, force: true });

await build({
  absWorkingDir: root,
  entryPoints: { bin: 'src/cli/bin.ts' },
  outdir,
  chunkNames: 'chunks/[name]-[hash]',
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  // Prefer a package's ES module build: it bundles without a CommonJS wrapper.
  mainFields: ['module', 'main'],
  minifyWhitespace: true,
  minifySyntax: true,
  // Identifiers are kept, so a stack trace in an internal error still names the functions.
  minifyIdentifiers: false,
  legalComments: 'none',
  // The version `diag-eval --version` prints (main.ts reads package.json when run unbundled).
  define: { __DIAG_EVAL_VERSION__: JSON.stringify(version) },
  logLevel: 'warning',
});

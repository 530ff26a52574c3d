// Run by bundle-cli.mjs as `node write-code-cache.mjs <program.cjs> <command and flags>`: runs the
// bundled CLI as dist/cli/bin.cjs does, and when the process ends, writes V8's code cache of the
// script, with every function the command compiled, beside it (<program.cjs>.cache).
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Script } from 'node:vm';

const programFile = process.argv[2];
// The CLI reads its command and flags from process.argv.slice(2).
process.argv.splice(2, 1);
const script = new Script(readFileSync(programFile, 'utf8'), { filename: programFile });
process.on('exit', () => writeFileSync(`${programFile}.cache`, script.createCachedData()));
script.runInThisContext()(createRequire(programFile), pathToFileURL(programFile).href);

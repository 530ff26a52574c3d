// Preloaded with `node --import` by test/cli/start-up-imports.test.ts: prints, one a line on
// stderr, every ES module node loads (through a loader hook, which node runs on its own thread)
// and, when the process ends, every CommonJS file it required and every built-in module it loaded.

import { writeSync } from 'node:fs';
import Module, { register } from 'node:module';

register(new URL('./hooks.mjs', import.meta.url));
process.on('exit', () => {
  for (const file of Object.keys(Module._cache)) writeSync(2, `required ${file}\n`);
  for (const entry of process.moduleLoadList)
    if (entry.startsWith('NativeModule ')) writeSync(2, `builtin ${entry.slice('NativeModule '.length)}\n`);
});

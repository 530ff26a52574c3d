import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Script } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { modulesLoaded, packagesLoaded } from '../helpers/load-trace/modules-loaded.js';
import { useTempDirs } from '../helpers/temp-dir.js';
import { REPO_ROOT } from '../import/helpers.js';

/** The bundled CLI that bin.cjs compiles, with its code cache (scripts/bundle-cli.mjs). */
const PROGRAM = join(REPO_ROOT, 'dist/cli/program.cjs');

const makeTempDir = useTempDirs();

describe('CLI start-up loads only what the command needs', () => {
  it.each([
    ['--help', ['--help']],
    ['--version', ['--version']],
    ['a mistyped flag', ['run', '--no-such-flag']],
  ])('%s loads no package (zod, yaml, js-yaml, lossless-json) and no module only a command uses', (_, args) => {
    const loaded = modulesLoaded(args, REPO_ROOT);
    expect(packagesLoaded(loaded)).toStrictEqual([]);
    // Hashing is for --shard, the HTTP server for serve and pull.
    for (const builtin of ['crypto', 'http']) expect(loaded.builtins).not.toContain(builtin);
  });

  it('the bundle holds no YAML parser and no lossless JSON parser: each is required from the package on first use; zod/mini is bundled, with English only', () => {
    const code = readFileSync(PROGRAM, 'utf8');
    for (const name of ['yaml', 'js-yaml', 'lossless-json'])
      expect(code).toMatch(new RegExp(`createRequire\\)?\\(programUrl\\)\\("${name}"\\)`, 'u'));
    // The yaml package's line counter, js-yaml's loader, lossless-json's number class.
    for (const marker of ['class LineCounter', 'function loadDocuments', 'class LosslessNumber'])
      expect(code).not.toContain(marker);
    expect(code).not.toContain('require("zod');
    expect(code).toContain('$ZodType');
    // zod's English locale, and not its German one.
    expect(code).toContain('Invalid input');
    expect(code).not.toContain('erwartet');
  });

  it('the bundle is ASCII: one character beyond would have node decode and V8 hold the whole script two bytes a character', () => {
    expect(/[^\0-\x7f]/u.exec(readFileSync(PROGRAM, 'utf8'))).toBeNull();
  });

  it('the code cache made with the bundle is one this node accepts, so that a start compiles nothing it holds', () => {
    // As bin.cjs compiles the bundle.
    const script = new Script(readFileSync(PROGRAM, 'utf8'), {
      filename: PROGRAM,
      cachedData: readFileSync(`${PROGRAM}.cache`),
    });
    expect(script.cachedDataRejected).toBe(false);
  });
});

describe('the bundled run loads only what a valid suite needs', () => {
  it('a run of the bundled cases and config loads js-yaml and no other package: no zod, no yaml package, no lossless JSON parser', () => {
    const loaded = modulesLoaded(['run', '--quiet', '--out', makeTempDir()], REPO_ROOT);
    // The quick checks read the valid case file and config: the schemas and zod are never loaded;
    // js-yaml reads both files, and the yaml package (which names problems) is not needed.
    const packages = packagesLoaded(loaded);
    expect(packages.length).toBeGreaterThan(0);
    expect(packages.filter((file) => !file.includes('/node_modules/js-yaml/'))).toStrictEqual([]);
    // Hashing is for --shard only.
    expect(loaded.builtins).not.toContain('crypto');
  });

  it('an invalid case file loads the yaml package, to name the line of what is wrong', () => {
    const folder = makeTempDir();
    const cases = join(folder, 'cases.yaml');
    writeFileSync(cases, 'cases:\n  - id: 7\n');
    const loaded = modulesLoaded(['validate', '--cases', cases], folder);
    expect(packagesLoaded(loaded).some((file) => file.includes('/node_modules/yaml/'))).toBe(true);
  });
});

import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { COMMANDS, findCommand } from '../../src/cli/commands/index.js';
import { commandHelp, generalHelp } from '../../src/cli/help.js';
import { BIN, ensureBuilt } from '../helpers/build.js';

describe('each command declares its flags once, and --help is made from them (S47)', () => {
  it.each(Object.keys(COMMANDS))(
    'S47: %s: its --help lists every flag it accepts exactly once, each with a description',
    (name) => {
      const command = COMMANDS[name];
      if (command === undefined) throw new Error(name);
      const listed = command.sections.flatMap((section) => section.flags);
      expect([...listed].sort()).toEqual(Object.keys(command.flags).sort());
      expect(new Set(listed).size).toBe(listed.length);
      for (const [flag, definition] of Object.entries(command.flags)) {
        expect(definition.help.length, `--${flag}`).toBeGreaterThan(0);
        // A flag that takes a value shows its placeholder (FILE, DIR, …); a switch shows none.
        expect(definition.value === undefined, `--${flag}`).toBe(definition.type === 'boolean');
        // The generated row: the flag, its value's placeholder, its first description line.
        const label = `${definition.short === undefined ? '' : `-${definition.short}, `}--${flag}${definition.value === undefined ? '' : ` ${definition.value}`}`;
        expect(commandHelp(name)).toMatch(
          new RegExp(
            `^  ${label.replace(/[.*+?^${}()|[\]\\]/gu, '\\$&')} +${(definition.help[0] ?? '').replace(/[.*+?^${}()|[\]\\]/gu, '\\$&')}$`,
            'mu',
          ),
        );
      }
    },
  );

  it('S47: the general help lists every command with its summary, in the table order', () => {
    const rows = generalHelp()
      .split('\n')
      .map((line) => /^ {2}([a-z]+) +(.+)$/u.exec(line))
      .filter((match) => match !== null)
      .map((match) => [match[1], match[2]]);
    expect(rows).toEqual(Object.entries(COMMANDS).map(([name, command]) => [name, command.summary]));
  });

  it('S47: a name every object has is no command', () => {
    for (const name of ['toString', 'constructor', '__proto__', 'hasOwnProperty']) expect(findCommand(name)).toBeNull();
    expect(commandHelp('toString')).toBe(generalHelp());
  });
});

describe('a command loads only what it uses', () => {
  beforeAll(() => ensureBuilt());

  /** The chunk `bin.js` imports dynamically for a command, by the chunk's name. */
  function chunkPath(name: string): string {
    const match = new RegExp(`import\\("\\./chunks/(${name}-[A-Z0-9]+\\.js)"\\)`, 'u').exec(readFileSync(BIN, 'utf8'));
    if (match === null) throw new Error(`no chunk for ${name} in dist/cli/bin.js`);
    return join(dirname(BIN), 'chunks', match[1] as string);
  }

  /** The text of a chunk and of every chunk it imports statically. */
  function chunkClosure(entry: string): string {
    const seen = new Map<string, string>();
    const visit = (file: string): void => {
      if (seen.has(file)) return;
      const text = readFileSync(file, 'utf8');
      seen.set(file, text);
      for (const found of text.matchAll(
        /(?:^|[;}\s])(?:import|export)\s*(?:[\w*{},\s$]*?from\s*)?"(\.{1,2}\/[^"]+)"/gu,
      ))
        visit(join(dirname(file), found[1] as string));
    };
    visit(entry);
    return [...seen.values()].join('\n');
  }

  it('run loads node:crypto (sharding) only with --shard', () => {
    const run = chunkClosure(chunkPath('run'));
    expect(run).not.toMatch(/from\s*"node:crypto"/u);
    const shardChunk = /import\("\.\/(shard-run-[A-Z0-9]+\.js)"\)/u.exec(run)?.[1];
    expect(shardChunk).toBeDefined();
    expect(chunkClosure(join(dirname(BIN), 'chunks', shardChunk as string))).toMatch(/from\s*"node:crypto"/u);
  });

  it('diff and merge read no config file, so they load no config loader and no case-file schema', () => {
    for (const name of ['diff', 'merge']) {
      const code = chunkClosure(chunkPath(name));
      expect(code).not.toContain('diag-eval.config.yml');
      expect(code).not.toContain('expected a list of synonyms');
    }
    expect(chunkClosure(chunkPath('run'))).toContain('diag-eval.config.yml');
  });
});

import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { COMMANDS, findCommand } from '../../src/cli/commands/index.js';
import { commandHelp, generalHelp } from '../../src/cli/help.js';
import { BIN, ensureBuilt } from '../helpers/build.js';
import { modulesLoaded } from '../helpers/load-trace/modules-loaded.js';
import { REPO_ROOT } from '../helpers/project.js';
import { useTempDirs } from '../helpers/temp-dir.js';

describe('each command declares its flags once, and --help is made from them (S47)', () => {
  it.each(Object.keys(COMMANDS))(
    'S47: %s: its own options end with --quiet and --help, after the options of its work',
    (name) => {
      const first = COMMANDS[name]?.sections[0]?.flags ?? [];
      expect(first.slice(-2)).toEqual(['quiet', 'help']);
    },
  );

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
  const makeTempDir = useTempDirs();

  it('run loads node:crypto (sharding) only with --shard', () => {
    expect(modulesLoaded(['run', '--quiet', '--out', makeTempDir()], REPO_ROOT).builtins).not.toContain('crypto');
    const sharded = modulesLoaded(['run', '--quiet', '--shard', '1/2', '--out', makeTempDir()], REPO_ROOT);
    expect(sharded.builtins).toContain('crypto');
  });

  it('diff and merge read no config file: a broken one beside them changes nothing, where run names it', () => {
    const folder = makeTempDir();
    writeFileSync(join(folder, 'diag-eval.config.yaml'), 'contract: [\n');
    const shard = makeTempDir();
    const sharded = spawnSync(process.execPath, [BIN, 'run', '--quiet', '--shard', '1/1', '--out', shard], {
      cwd: REPO_ROOT,
      encoding: 'utf8',
    });
    expect(sharded.stderr).toBe('');
    const report = join(shard, 'report.json');
    const cli = (args: string[]) => spawnSync(process.execPath, [BIN, ...args], { cwd: folder, encoding: 'utf8' });
    const diff = cli(['diff', report, report, '--out', join(folder, 'diff'), '--quiet']);
    expect([diff.status, diff.stderr]).toEqual([0, '']);
    const merge = cli(['merge', report, '--out', join(folder, 'merged'), '--quiet']);
    expect([merge.status, merge.stderr]).toEqual([0, '']);
    const run = cli(['run', '--quiet', '--out', join(folder, 'run')]);
    expect(run.status).toBe(2);
    expect(run.stderr).toContain('diag-eval.config.yaml');
  });
});

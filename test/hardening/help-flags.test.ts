import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { commandHelp } from '../../src/cli/help.js';
import { OPTIONS } from '../../src/cli/main.js';
import { REPO_ROOT } from '../helpers/project.js';

/** The flags a help text lists: each option line starts with `--flag` (or `-h, --help`). */
function helpFlags(command: string): string[] {
  const flags = commandHelp(command)
    .split('\n')
    .map((line) => /^\s+(?:-[a-z], )?--([a-z][a-z-]*)/u.exec(line)?.[1])
    .filter((flag): flag is string => flag !== undefined);
  return [...new Set(flags)].sort();
}

/** The flags docs/contract.md §1 shows for a command, over its synopsis line and the lines continuing it. */
function contractFlags(command: string): string[] {
  const contract = readFileSync(join(REPO_ROOT, 'docs', 'contract.md'), 'utf8');
  const section = contract.slice(contract.indexOf('## 1. CLI'), contract.indexOf('## 2.'));
  const synopsis = section.slice(section.indexOf('```') + 3, section.indexOf('```', section.indexOf('```') + 3));
  const flags: string[] = [];
  let current: string | null = null;
  for (const line of synopsis.split('\n')) {
    const start = /^diag-eval (\w+)/u.exec(line);
    if (start !== null) current = start[1] ?? null;
    else if (!/^\s/u.test(line)) current = null;
    if (current === command) flags.push(...[...line.matchAll(/--([a-z][a-z-]*)/gu)].map((match) => match[1] ?? ''));
  }
  return [...new Set(flags)].sort();
}

describe("each command's flags, --help and contract §1 agree (S47)", () => {
  it.each(Object.keys(OPTIONS))('S47: %s', (command) => {
    const accepted = Object.keys(OPTIONS[command] ?? {}).sort();
    expect(helpFlags(command)).toEqual(accepted);
    // --help is accepted by every command and named once in the contract's prose.
    expect(contractFlags(command)).toEqual(accepted.filter((flag) => flag !== 'help'));
  });

  it('S47: check lists the live-mode and --traces flags, and the limits of the number flags', () => {
    const help = commandHelp('check');
    for (const flag of ['--api URL', '--traces FILE', '--max-body-mb N', '--repeat K']) expect(help).toContain(flag);
    expect(help).toContain('1 to 1000');
    expect(help).toContain('at most 3600000');
  });
});

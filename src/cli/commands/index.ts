import type { Command } from '../command.js';
import { command as baseline } from './baseline.js';
import { command as check } from './check.js';
import { command as diff } from './diff.js';
import { command as importCommand } from './import.js';
import { command as init } from './init.js';
import { command as merge } from './merge.js';
import { command as mutate } from './mutate.js';
import { command as plan } from './plan.js';
import { command as pull } from './pull.js';
import { command as run } from './run.js';
import { command as scan } from './scan.js';
import { command as serve } from './serve.js';
import { command as validate } from './validate.js';

/** Every command, in the order `diag-eval --help` lists them. */
export const COMMANDS: Readonly<Record<string, Command>> = {
  run,
  baseline,
  diff,
  check,
  plan,
  validate,
  import: importCommand,
  serve,
  merge,
  pull,
  scan,
  mutate,
  init,
};

/** The command of that name; null for anything else, including the names every object has (`toString`). */
export function findCommand(name: string): Command | null {
  return Object.hasOwn(COMMANDS, name) ? (COMMANDS[name] ?? null) : null;
}

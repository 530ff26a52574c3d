import type { ParsedValues } from './args.js';
import type { CliIo } from './io.js';

/** One flag: how node's parser reads it (which ignores the rest), and how `--help` shows it. */
export interface FlagDefinition {
  type: 'string' | 'boolean';
  short?: string;
  multiple?: boolean;
  /** The value's placeholder in `--help` (`FILE`, `DIR`, `"Name: value"`); none for a boolean flag. */
  value?: string;
  /** What `--help` says of it, one entry per line. */
  help: readonly string[];
}

/** A flag that takes a value: `value` is its placeholder in `--help`, `help` its description, an entry a line. */
export function valueFlag(value: string, ...help: string[]): FlagDefinition {
  return { type: 'string', value, help };
}

/** A flag that takes a value and may be given again (`--header A --header B`). */
export function repeatedFlag(value: string, ...help: string[]): FlagDefinition {
  return { type: 'string', multiple: true, value, help };
}

/** A flag that takes no value: a switch. */
export function switchFlag(...help: string[]): FlagDefinition {
  return { type: 'boolean', help };
}

/** A command's flags, in the order node's parser is given them (a typo suggestion prefers the first of two equally close flags). */
export type FlagDefinitions = Readonly<Record<string, FlagDefinition>>;

/** A block of `--help`'s flag list: an optional heading line, then one row per flag, in this order. */
interface HelpSection {
  heading?: string;
  flags: readonly string[];
}

/** What a command does, given its parsed flags and arguments; returns the exit code. */
export type CommandAction = (values: ParsedValues, positionals: string[], io: CliIo) => Promise<number>;

/** A command of `diag-eval`: its flags (with their descriptions), its `--help` (generated from them, src/cli/help.ts) and what it does. */
export interface Command {
  /** Its line in `diag-eval --help`. */
  summary: string;
  /** What follows `Usage: `; a line after the first carries its own indentation. */
  usage: string;
  /** The paragraph under the usage line. */
  about: string;
  flags: FlagDefinitions;
  /** The flag list of `--help`, section by section; every flag appears in exactly one. The first section follows `Options:`. */
  sections: readonly HelpSection[];
  /** Where a flag's description starts in `--help` (default 22). */
  descriptionColumn?: number;
  /** A paragraph after the flags. */
  footer?: string;
  /**
   * Loads the command's work (src/cli/actions/) when it runs: declaring a command costs the CLI's
   * start nothing but this object, --help and a mistyped flag load none, and a command loads only what it uses.
   */
  action(): Promise<CommandAction>;
}

/** A command whose `--help` lists its own flags in their declared order, then --quiet and --help. */
export function defineCommand(declaration: Omit<Command, 'sections'>): Command {
  const own = Object.keys(declaration.flags).filter((name) => name !== 'quiet' && name !== 'help');
  return { ...declaration, sections: [{ flags: [...own, 'quiet', 'help'] }] };
}

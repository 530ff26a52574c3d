import type { OptionSpec, ParsedValues } from './args.js';
import type { CliIo } from './io.js';

/** One flag: how node's parser reads it, and how `--help` shows it. */
export interface FlagDefinition {
  type: 'string' | 'boolean';
  short?: string;
  multiple?: boolean;
  /** The value's placeholder in `--help` (`FILE`, `DIR`, `"Name: value"`); none for a boolean flag. */
  value?: string;
  /** What `--help` says of it, one entry per line. */
  help: readonly string[];
}

/** A command's flags, in the order node's parser is given them (a typo suggestion prefers the first of two equally close flags). */
export type FlagDefinitions = Readonly<Record<string, FlagDefinition>>;

/** A block of `--help`'s flag list: an optional heading line, then one row per flag, in this order. */
interface HelpSection {
  heading?: string;
  flags: readonly string[];
}

/**
 * A command of `diag-eval`: its flags (with their descriptions), its `--help` (generated from
 * them, src/cli/help.ts) and what it does. `run` loads the command's work when it is called, so
 * that declaring a command costs the CLI's start nothing but this object.
 */
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
  run(values: ParsedValues, positionals: string[], io: CliIo): Promise<number>;
}

/** The flags as node's parser takes them. */
export function parserOptions(flags: FlagDefinitions): OptionSpec {
  const options: OptionSpec = {};
  for (const [name, { type, short, multiple }] of Object.entries(flags)) {
    options[name] = {
      type,
      ...(short === undefined ? {} : { short }),
      ...(multiple === undefined ? {} : { multiple }),
    };
  }
  return options;
}

import { type ParseArgsConfig, parseArgs } from 'node:util';
import { InputError } from '../io/errors.js';
import { closestKey } from '../io/validation/closest-key.js';

export type OptionSpec = NonNullable<ParseArgsConfig['options']>;
export type ParsedValues = Record<string, string | boolean | string[] | undefined>;

/**
 * Parses one command's flags with node's own parser. Any unknown flag, a flag missing its
 * value or a stray argument is an InputError (exit 2): a mistyped flag must never be ignored.
 */
export function parseCommandArgs(
  command: string,
  argv: string[],
  options: OptionSpec,
): { values: ParsedValues; positionals: string[] } {
  try {
    const { values, positionals } = parseArgs({ args: argv, options, allowPositionals: true, strict: true });
    return { values: values as ParsedValues, positionals };
  } catch (error) {
    const code = (error as NodeJS.ErrnoException | null)?.code;
    const message = (error instanceof Error ? error.message : String(error)).replace(
      /\. To specify a positional argument.*$/su,
      '',
    );
    const see = `\`diag-eval ${command} --help\``;
    const unknown = /^Unknown option '(-{1,2}[^']*)'/u.exec(message);
    if (code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION' && unknown?.[1] !== undefined) {
      const flag = unknown[1];
      const suggestion = closestKey(flag.replace(/^-+/u, ''), Object.keys(options));
      const hint = suggestion === null ? '' : ` (did you mean --${suggestion}?)`;
      throw new InputError(
        `diag-eval ${command}: found unknown flag ${flag}${hint}; expected one of the flags ${see} lists`,
      );
    }
    const missing =
      /^Option '(-{1,2}[\w-]+)(?:, -{1,2}[\w-]+)? (<value>)' argument missing/u.exec(message) ??
      /^Option '(?:-\w, )?(--[\w-]+) (<value>)' argument missing/u.exec(message);
    if (missing?.[1] !== undefined)
      throw new InputError(
        `diag-eval ${command}: found ${missing[1]} without its value; expected ${missing[1]} VALUE, see ${see}`,
      );
    const takesNone = /^Option '(?:-\w, )?(--[\w-]+)' does not take an argument/u.exec(message);
    if (takesNone?.[1] !== undefined)
      throw new InputError(
        `diag-eval ${command}: found a value for ${takesNone[1]}; expected ${takesNone[1]} alone, see ${see}`,
      );
    throw new InputError(
      `diag-eval ${command}: found ${message.charAt(0).toLowerCase()}${message.slice(1)}; expected the flags and values ${see} lists`,
    );
  }
}

/** For the commands that take no positional argument: the first one is an error, before any other work. */
export function noPositionals(command: string, positionals: readonly string[]): void {
  if (positionals.length > 0)
    throw new InputError(
      `diag-eval ${command}: unexpected argument "${positionals[0]}"; see \`diag-eval ${command} --help\``,
    );
}

export function stringFlag(values: ParsedValues, name: string): string | null {
  const value = values[name];
  return typeof value === 'string' ? value : null;
}

export function listFlag(values: ParsedValues, name: string): string[] {
  const value = values[name];
  return Array.isArray(value) ? value : typeof value === 'string' ? [value] : [];
}

export interface NumberRule {
  min: number;
  /** Every number flag has an upper bound too (docs/contract.md §1): a huge value must not exhaust memory or overflow a timer. */
  max: number;
  integer: boolean;
  exclusiveMin?: boolean;
}

/** A number flag: whole or not, within its range; anything else is named in an InputError. */
export function numberFlag(command: string, values: ParsedValues, name: string, rule: NumberRule): number | null {
  const raw = stringFlag(values, name);
  if (raw === null) return null;
  const value = Number(raw);
  const valid =
    raw.trim() !== '' &&
    Number.isFinite(value) &&
    (!rule.integer || Number.isInteger(value)) &&
    (rule.exclusiveMin === true ? value > rule.min : value >= rule.min) &&
    value <= rule.max;
  if (!valid) {
    const kind = rule.integer ? 'a whole number' : 'a number';
    const bound =
      rule.exclusiveMin === true
        ? `greater than ${rule.min} and at most ${rule.max}`
        : `from ${rule.min} to ${rule.max}`;
    throw new InputError(`diag-eval ${command}: --${name}: found "${raw}", expected ${kind} ${bound}`);
  }
  return value;
}

/** Every report format, in the order `--format` lists them (docs/contract.md §1). */
export type ReportFormat = 'json' | 'md' | 'junit' | 'html';
export const REPORT_FORMATS: readonly ReportFormat[] = ['json', 'md', 'junit', 'html'];

/** `--format json,md`; `known` narrows the names a command accepts (diff writes no JUnit). */
export function formatsFlag(
  command: string,
  values: ParsedValues,
  known: readonly ReportFormat[] = REPORT_FORMATS,
): ReportFormat[] {
  const raw = stringFlag(values, 'format') ?? 'json,md';
  const formats = raw
    .split(',')
    .map((format) => format.trim().toLowerCase())
    .filter((format) => format !== '');
  const unknown = formats.filter((format) => !(known as readonly string[]).includes(format));
  if (formats.length === 0 || unknown.length > 0) {
    throw new InputError(
      `diag-eval ${command}: --format: found "${raw}", expected a comma-separated list of ${known.join(', ')}`,
    );
  }
  return [...new Set(formats)] as ReportFormat[];
}

import { resolve } from 'node:path';
import { type ParseArgsConfig, parseArgs } from 'node:util';
import { IMPORT_FORMATS, type ImportFormatOption } from '../import/format.js';
import { InputError } from '../io/errors.js';
import { MAX_BODY_MB_LIMIT } from '../io/files/input-limits.js';
import { closestKey } from '../io/validation/closest-key.js';

export type OptionSpec = NonNullable<ParseArgsConfig['options']>;
export type ParsedValues = Record<string, string | boolean | string[] | undefined>;

/**
 * Parses one command's flags with node's own parser. Any unknown flag, a flag missing its
 * value or a stray argument is an InputError (exit 2): a mistyped flag must never be ignored.
 * So is a flag given an empty value or given twice (valueProblems).
 */
export function parseCommandArgs(
  command: string,
  argv: string[],
  options: OptionSpec,
): { values: ParsedValues; positionals: string[] } {
  const { values, positionals, tokens } = parseOrExplain(command, argv, options);
  valueProblems(command, tokens, options);
  return { values: values as ParsedValues, positionals };
}

/** Node's parser, its refusals worded as the harness words a problem. */
function parseOrExplain(command: string, argv: string[], options: OptionSpec) {
  try {
    return parseArgs({ args: argv, options, allowPositionals: true, strict: true, tokens: true });
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
    const missing = /^Option '(-{1,2}[\w-]+)(?:, -{1,2}[\w-]+)? <value>' argument missing/u.exec(message);
    if (missing?.[1] !== undefined)
      throw new InputError(
        `diag-eval ${command}: found ${missing[1]} without its value; expected ${missing[1]} VALUE, see ${see}`,
      );
    // `--detect -1`: node reads a value that starts with a dash as a flag of its own.
    const dashed = /^Option '(?:-\w, )?(--[\w-]+)' argument is ambiguous/u.exec(message);
    if (dashed?.[1] !== undefined)
      throw new InputError(
        `diag-eval ${command}: found ${dashed[1]} followed by an argument that starts with a dash; expected ${dashed[1]} VALUE, or ${dashed[1]}=VALUE for a value that starts with a dash, see ${see}`,
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

type ArgToken = ReturnType<typeof parseOrExplain>['tokens'][number];

/**
 * Node's parser takes an empty value and, of a flag given twice, the last value without a word:
 * `--out "$OUT"` with OUT unset would write into the working directory, and `--format json
 * --format md` would write no JSON. Either is an InputError, every flag with one named; only a
 * flag declared `multiple` (repeatedFlag) may be given again.
 */
function valueProblems(command: string, tokens: readonly ArgToken[], options: OptionSpec): void {
  const see = `\`diag-eval ${command} --help\``;
  const emptyFlags = new Set<string>();
  const times = new Map<string, number>();
  for (const token of tokens) {
    if (token.kind !== 'option' || token.value === undefined) continue;
    if (token.value === '') emptyFlags.add(token.rawName);
    if (options[token.name]?.multiple !== true) times.set(token.rawName, (times.get(token.rawName) ?? 0) + 1);
  }
  const problems = [...emptyFlags].map(
    (flag) => `diag-eval ${command}: found ${flag} with an empty value; expected ${flag} VALUE, see ${see}`,
  );
  for (const [flag, count] of times) {
    if (count > 1)
      problems.push(
        `diag-eval ${command}: found ${flag} ${count} times; expected it once (only the last value would count), see ${see}`,
      );
  }
  if (problems.length > 0) throw new InputError(problems);
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

/** A path flag resolved against the working directory. */
export function pathFlag(values: ParsedValues, name: string, cwd: string): string | null {
  const value = stringFlag(values, name);
  return value === null ? null : resolve(cwd, value);
}

/** A flag declared `multiple` (repeatedFlag): node's parser gives its values as a list, none when it is absent. */
function listFlag(values: ParsedValues, name: string): string[] {
  const value = values[name];
  return Array.isArray(value) ? value : [];
}

/**
 * `--header "Name: value"`, each split at its first colon (the live source and the store check the
 * name and value). The value is a secret (a tenant id, a token) and is never echoed, even here.
 */
export function headersFlag(command: string, values: ParsedValues): [string, string][] {
  return listFlag(values, 'header').map((header, index) => {
    const colon = header.indexOf(':');
    if (colon === -1)
      throw new InputError(
        `diag-eval ${command}: --header #${index + 1}: expected "Name: value" (the value is not shown)`,
      );
    return [header.slice(0, colon).trim(), header.slice(colon + 1).trim()];
  });
}

/** `--from` of import, scan and run/check's `--traces`: an export format, or auto to tell them apart by content (docs/contract.md §9). */
export function fromFlag(command: string, values: ParsedValues): ImportFormatOption {
  return oneOf(command, 'from', stringFlag(values, 'from') ?? 'auto', ['auto', ...IMPORT_FORMATS]);
}

/** A flag's value if it is one of `choices`; anything else is an InputError naming them all. */
export function oneOf<Choice extends string>(
  command: string,
  name: string,
  value: string,
  choices: readonly Choice[],
): Choice {
  if ((choices as readonly string[]).includes(value)) return value as Choice;
  const expected = `${choices.slice(0, -1).join(', ')} or ${choices.at(-1)}`;
  throw new InputError(`diag-eval ${command}: --${name}: found "${value}", expected ${expected}`);
}

/** `--traces a.json b.json`: node's parser takes the first file as the flag's value, the rest as positionals. */
export function traceFilesFlag(command: string, values: ParsedValues, positionals: readonly string[]): string[] {
  if (values['traces'] === undefined) noPositionals(command, positionals);
  return [...listFlag(values, 'traces'), ...positionals];
}

interface NumberRule {
  min: number;
  /** Every number flag has an upper bound too (docs/contract.md §1): a huge value must not exhaust memory or overflow a timer. */
  max: number;
  integer: boolean;
  exclusiveMin?: boolean;
  exclusiveMax?: boolean;
}

/**
 * The range of every number flag (docs/contract.md §1, "Limits"). Beyond these a value would
 * not mean anything useful and could exhaust memory (`--repeat 1e9`) or overflow a timer
 * (`--timeout-ms` beyond 2^31 ms): it is refused with exit 2.
 */
const NUMBER_FLAGS = {
  repeat: { min: 1, max: 1000, integer: true },
  concurrency: { min: 1, max: 64, integer: true },
  'timeout-ms': { min: 0, max: 3_600_000, integer: true, exclusiveMin: true },
  'poll-timeout-ms': { min: 0, max: 86_400_000, integer: true },
  'max-body-mb': { min: 1, max: MAX_BODY_MB_LIMIT, integer: true },
  'cost-tolerance': { min: 0, max: 100, integer: false },
  alpha: { min: 0, max: 0.5, integer: false, exclusiveMin: true },
  detect: { min: 0, max: 1, integer: false, exclusiveMin: true, exclusiveMax: true },
  power: { min: 0, max: 1, integer: false, exclusiveMin: true, exclusiveMax: true },
  port: { min: 0, max: 65_535, integer: true },
  top: { min: 0, max: 1000, integer: true },
  limit: { min: 1, max: 10_000, integer: true },
  'min-score': { min: 0, max: 1, integer: false },
} as const satisfies Record<string, NumberRule>;

/** A number as a person writes one (`5`, `0.25`, `1e-3`); Number() would also read `0x10` as 16 and `0b1` as 1. */
const DECIMAL = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:e[+-]?\d+)?$/iu;

/** A number flag: whole or not, within its range; anything else is named in an InputError. */
export function numberFlag(command: string, values: ParsedValues, name: keyof typeof NUMBER_FLAGS): number | null {
  const rule: NumberRule = NUMBER_FLAGS[name];
  const raw = stringFlag(values, name);
  if (raw === null) return null;
  const value = Number(raw);
  const valid =
    DECIMAL.test(raw.trim()) &&
    Number.isFinite(value) &&
    (!rule.integer || Number.isInteger(value)) &&
    (rule.exclusiveMin === true ? value > rule.min : value >= rule.min) &&
    (rule.exclusiveMax === true ? value < rule.max : value <= rule.max);
  if (!valid) {
    const kind = rule.integer ? 'a whole number' : 'a number';
    const upper = rule.exclusiveMax === true ? `less than ${rule.max}` : `at most ${rule.max}`;
    const bound =
      rule.exclusiveMin === true ? `greater than ${rule.min} and ${upper}` : `from ${rule.min} to ${rule.max}`;
    throw new InputError(`diag-eval ${command}: --${name}: found "${raw}", expected ${kind} ${bound}`);
  }
  return value;
}

/** `--format json,md`: the report formats, in the order docs/contract.md §1 lists them; `known` narrows the names a command accepts (diff writes no JUnit). */
export function formatsFlag(
  command: string,
  values: ParsedValues,
  known: readonly string[] = ['json', 'md', 'junit', 'html'],
): string[] {
  const raw = stringFlag(values, 'format') ?? 'json,md';
  const formats = commaList(raw).map((format) => format.toLowerCase());
  if (formats.length === 0 || formats.some((format) => !known.includes(format))) {
    throw new InputError(
      `diag-eval ${command}: --format: found "${raw}", expected a comma-separated list of ${known.join(', ')}`,
    );
  }
  return [...new Set(formats)];
}

/** `a, b,,c`: the items of a comma-separated flag, trimmed, the empty ones left out. */
export function commaList(raw: string): string[] {
  return raw
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '');
}

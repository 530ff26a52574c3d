import { access } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { InputError } from '../io/errors.js';
import { displayPath } from '../io/files/display-path.js';
import { problemAt, readStructuredFile, type StructuredFile, schemaProblems, valueAt } from '../io/structured-file.js';
import { validConfigQuickly } from './config-acceptor.js';
import type { ConfigInput } from './config-schema.js';
import { configSchema, knownConfigKeys } from './config-schema.js';
import { type ContractValues, DEFAULT_CONTRACT, resolveContract } from './contract.js';
import type { Severity } from './severity.js';
import { readSeverityBlock, severityBlockProblems } from './severity-settings.js';

/** Looked for in the working directory, in this order, when no `--config` is given. */
export const CONFIG_FILE_NAMES = ['diag-eval.config.yaml', 'diag-eval.config.yml', 'diag-eval.config.json'] as const;

/** Settings from the config file; paths are absolute, resolved against the config file's folder. */
export interface HarnessConfig {
  file: string | null;
  cases: string | null;
  fixtures: string | null;
  out: string | null;
  baselineDir: string | null;
  /** `annotations: false` turns off the GitHub Actions annotations (docs/contract.md §1); absent = on. */
  annotations?: boolean;
  contract: ContractValues;
  /** The `checks:` block: severity by check id, which a case file's `checks:` overrides. */
  checks: Record<string, Severity>;
}

export async function loadConfig(cwd: string, explicitPath: string | null): Promise<HarnessConfig> {
  const path = explicitPath === null ? await findConfigFile(cwd) : resolve(cwd, explicitPath);
  if (path === null) {
    return {
      file: null,
      cases: null,
      fixtures: null,
      out: null,
      baselineDir: null,
      contract: resolveContract(undefined),
      checks: {},
    };
  }
  const file = await readStructuredFile(path, displayPath(path, cwd));
  const value = file.value ?? {};
  const parsed = await validateConfig(file, value);
  const problems = [...parsed.problems, ...contractProblems(file, value)];
  problems.push(...severityBlockProblems(file, ['checks'], valueAt(value, ['checks'])));
  if (parsed.data === null || problems.length > 0) throw new InputError(problems);
  const contract = resolveContract(parsed.data.contract);
  const folder = dirname(path);
  const absolute = (setting: string | undefined): string | null =>
    setting === undefined ? null : resolve(folder, setting);
  return {
    file: path,
    cases: absolute(parsed.data.cases),
    fixtures: absolute(parsed.data.fixtures),
    out: absolute(parsed.data.out),
    baselineDir: absolute(parsed.data.baselineDir),
    ...(parsed.data.annotations === undefined ? {} : { annotations: parsed.data.annotations }),
    contract,
    checks: readSeverityBlock(parsed.data.checks),
  };
}

/**
 * The config as the schema reads it, and the schema's problems. A valid file is read by the
 * acceptor compiled from the schema alone; zod decides, and words the problems, only when it is unsure.
 */
async function validateConfig(
  file: StructuredFile,
  value: unknown,
): Promise<{ data: ConfigInput | null; problems: string[] }> {
  const quick = validConfigQuickly(value);
  if (quick !== null) return { data: quick, problems: [] };
  const parsed = configSchema().safeParse(value);
  return parsed.success
    ? { data: parsed.data, problems: [] }
    : { data: null, problems: schemaProblems(file, parsed.error.issues, knownConfigKeys()) };
}

/**
 * The pass and reject verdicts must be verdicts, or the checks built on them could never fire.
 * Read leniently from the file as written (a value of the wrong type is the schema's problem),
 * so these are reported beside the schema's problems, not after they are fixed.
 */
function contractProblems(file: StructuredFile, value: unknown): string[] {
  const block = valueAt(value, ['contract']);
  if (typeof block !== 'object' || block === null || Array.isArray(block)) return [];
  const written = block as Record<string, unknown>;
  const verdictsWritten = written['verdicts'];
  const verdicts =
    Array.isArray(verdictsWritten) && verdictsWritten.every((verdict) => typeof verdict === 'string')
      ? (verdictsWritten as string[]).map((verdict) => verdict.toUpperCase())
      : DEFAULT_CONTRACT.verdicts;
  const problems: string[] = [];
  for (const key of ['passVerdict', 'rejectVerdict'] as const) {
    const own = written[key];
    if (own !== undefined && (typeof own !== 'string' || own === '')) continue;
    const verdict = typeof own === 'string' ? own : DEFAULT_CONTRACT[key];
    if (!verdicts.includes(verdict.toUpperCase())) {
      problems.push(
        own === undefined
          ? problemAt(
              file,
              ['contract', 'verdicts'],
              `found ${verdicts.join(', ')} without the default ${key} "${verdict}"; expected it among them, or ${key} set to one of them`,
            )
          : problemAt(file, ['contract', key], `found "${verdict}", expected one of verdicts (${verdicts.join(', ')})`),
      );
    }
  }
  return problems;
}

async function findConfigFile(cwd: string): Promise<string | null> {
  for (const name of CONFIG_FILE_NAMES) {
    const candidate = resolve(cwd, name);
    try {
      await access(candidate);
      return candidate;
    } catch {
      // not there; try the next name
    }
  }
  return null;
}

import { existsSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { InputError } from '../io/errors.js';
import { displayPath } from '../io/files/display-path.js';
import { problemAt, readStructuredFile, type StructuredFile, schemaProblems, valueAt } from '../io/structured-file.js';
import { isRecord } from '../io/validation/is-record.js';
import { CONFIG_SCHEMA, type ConfigInput, knownConfigKeys } from './config-schema.js';
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
  const path = explicitPath === null ? findConfigFile(cwd) : resolve(cwd, explicitPath);
  if (path === null) return harnessConfig(null, {});
  const file = await readStructuredFile(
    path,
    displayPath(path, cwd),
    'expected a YAML or JSON config file (--config FILE)',
  );
  const value = file.value ?? {};
  const parsed = CONFIG_SCHEMA.safeParse(value);
  const problems = parsed.success ? [] : schemaProblems(file, parsed.error.issues, knownConfigKeys(), CONFIG_SCHEMA);
  problems.push(
    ...contractProblems(file, value),
    ...severityBlockProblems(file, ['checks'], valueAt(value, ['checks'])),
  );
  if (!parsed.success || problems.length > 0) throw new InputError(problems);
  return harnessConfig(path, parsed.data);
}

function harnessConfig(file: string | null, data: ConfigInput): HarnessConfig {
  const absolute = (setting: string | undefined): string | null =>
    setting === undefined || file === null ? null : resolve(dirname(file), setting);
  return {
    file,
    cases: absolute(data.cases),
    fixtures: absolute(data.fixtures),
    out: absolute(data.out),
    baselineDir: absolute(data.baselineDir),
    ...(data.annotations === undefined ? {} : { annotations: data.annotations }),
    contract: resolveContract(data.contract),
    checks: readSeverityBlock(data.checks),
  };
}

/**
 * The pass and reject verdicts must be verdicts, or the checks built on them could never fire.
 * Read leniently from the file as written (a value of the wrong type is the schema's problem),
 * so these are reported beside the schema's problems, not after they are fixed.
 */
function contractProblems(file: StructuredFile, value: unknown): string[] {
  const written = valueAt(value, ['contract']);
  if (!isRecord(written)) return [];
  const verdictsWritten = written['verdicts'];
  // An empty list is the schema's problem (at least one verdict): no verdict is missing from it besides.
  if (Array.isArray(verdictsWritten) && verdictsWritten.length === 0) return [];
  const verdicts =
    Array.isArray(verdictsWritten) && verdictsWritten.every((verdict) => typeof verdict === 'string')
      ? verdictsWritten.map((verdict: string) => verdict.toUpperCase())
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

function findConfigFile(cwd: string): string | null {
  return CONFIG_FILE_NAMES.map((name) => resolve(cwd, name)).find((candidate) => existsSync(candidate)) ?? null;
}

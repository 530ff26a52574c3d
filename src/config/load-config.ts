import { access } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { z } from 'zod';
import { contractOverridesSchema, resolveContract, type ContractValues } from '../contract.js';
import { InputError } from '../errors.js';
import { displayPath } from '../io/display-path.js';
import { readStructuredFile, schemaProblems } from '../io/structured-file.js';

/** Looked for in the working directory, in this order, when no `--config` is given. */
export const CONFIG_FILE_NAMES = ['diag-eval.config.yaml', 'diag-eval.config.yml', 'diag-eval.config.json'] as const;

const pathSetting = z.string({ error: 'expected a path' }).min(1, { error: 'expected a non-empty path' }).optional();

const configSchema = z.strictObject(
  {
    $schema: z.string().optional(),
    cases: pathSetting,
    fixtures: pathSetting,
    out: pathSetting,
    baselineDir: pathSetting,
    contract: contractOverridesSchema.optional(),
  },
  { error: 'expected an object of settings' },
);

const KNOWN_KEYS = [...Object.keys(configSchema.shape), ...Object.keys(contractOverridesSchema.shape), 'markers', 'maxDraftOverlap'];

/** Settings from the config file; paths are absolute, resolved against the config file's folder. */
export interface HarnessConfig {
  file: string | null;
  cases: string | null;
  fixtures: string | null;
  out: string | null;
  baselineDir: string | null;
  contract: ContractValues;
}

export async function loadConfig(cwd: string, explicitPath: string | null): Promise<HarnessConfig> {
  const path = explicitPath === null ? await findConfigFile(cwd) : resolve(cwd, explicitPath);
  if (path === null) {
    return { file: null, cases: null, fixtures: null, out: null, baselineDir: null, contract: resolveContract(undefined) };
  }
  const file = await readStructuredFile(path, displayPath(path, cwd));
  const value = file.value ?? {};
  const parsed = configSchema.safeParse(value);
  if (!parsed.success) throw new InputError(schemaProblems(file, parsed.error.issues, KNOWN_KEYS));
  const contract = resolveContract(parsed.data.contract);
  const problems = contractProblems(contract).map((problem) => `${file.displayName}: contract: ${problem}`);
  if (problems.length > 0) throw new InputError(problems);
  const folder = dirname(path);
  const absolute = (setting: string | undefined): string | null => (setting === undefined ? null : resolve(folder, setting));
  return {
    file: path,
    cases: absolute(parsed.data.cases),
    fixtures: absolute(parsed.data.fixtures),
    out: absolute(parsed.data.out),
    baselineDir: absolute(parsed.data.baselineDir),
    contract,
  };
}

/** The pass and reject verdicts must be verdicts, or the checks built on them could never fire. */
function contractProblems(contract: ContractValues): string[] {
  const problems: string[] = [];
  for (const key of ['passVerdict', 'rejectVerdict'] as const) {
    if (!contract.verdicts.includes(contract[key])) {
      problems.push(`${key}: found "${contract[key]}", expected one of verdicts (${contract.verdicts.join(', ')})`);
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

import { resolveCaseFile } from '../cases/resolve-cases.js';
import type { CaseEntryInput } from '../cases/schema.js';
import type { EvalCase } from '../cases/types.js';
import { type ContractOverrides, resolveContract } from '../config/contract.js';
import { CONTRACT_OVERRIDES_SCHEMA } from '../config/contract-schema.js';
import { InputError } from '../io/errors.js';
import { schemaProblems } from '../io/structured-file.js';
import { schemaKeys } from '../io/validation/schema-keys.js';
import * as z from '../io/validation/zod.js';
import type { CaseResult } from '../report/types.js';
import { evaluateRun } from './evaluate.js';

/** One case as written in a case file (docs/contract.md §2): `id`, `question`, and the fields it needs. */
export type CaseDefinition = CaseEntryInput;

export interface EvaluateTraceOptions {
  /** The case file's `defaults` block, applied as the CLI applies it. */
  defaults?: Omit<Partial<CaseEntryInput>, 'id' | 'question' | 'traceFixture' | 'sessionId'>;
  /** The config's `contract` block (docs/contract.md §5); the defaults where absent. */
  contract?: ContractOverrides;
  /** Written into the result's `traceFixture`; null by default. */
  traceFixture?: string | null;
}

/**
 * Evaluates one trace against one case, as `diag-eval run` does for a case and its fixture, and
 * returns the same case result report.json holds (docs/contract.md §6). Pure: no file, network or
 * clock. `trace` is the trace document as the service returns it or as a fixture holds it
 * (docs/contract.md §3, envelope and snake_case accepted); one that breaks the trace shape gives
 * a failed `trace-loadable` check, as in the CLI. An invalid case definition throws an InputError
 * naming every problem, the place given as `caseDefinition.<field>`.
 */
export function evaluateTrace(
  caseDefinition: CaseDefinition,
  trace: unknown,
  options: EvaluateTraceOptions = {},
): CaseResult {
  const contract = resolveContract(checkedContract(options.contract));
  const value = {
    version: 1,
    ...(options.defaults === undefined ? {} : { defaults: options.defaults }),
    cases: [caseDefinition],
  };
  let evalCase: EvalCase;
  try {
    // The file holds one case, so a file that resolves gives one.
    evalCase = resolveCaseFile({ displayName: 'evaluateTrace', value, locate: () => null }, contract)[0] as EvalCase;
  } catch (error) {
    // Problems are named at the argument the caller wrote, not inside the case file wrapped around it.
    if (error instanceof InputError) throw new InputError(error.problems.map(argumentPlace));
    throw error;
  }
  return evaluateRun(
    evalCase,
    { kind: 'document', document: trace, traceFixture: options.traceFixture ?? null, sessionId: null },
    contract,
  );
}

/** The options' `contract` block as the config file's is checked: a value of the wrong type is named, not a TypeError deep inside. */
const OPTIONS_SCHEMA = z.object({ contract: z.optional(CONTRACT_OVERRIDES_SCHEMA) });

function checkedContract(written: ContractOverrides | undefined): ContractOverrides | undefined {
  if (written === undefined) return undefined;
  const parsed = OPTIONS_SCHEMA.safeParse({ contract: written });
  if (parsed.success) return parsed.data.contract;
  const file = { displayName: 'evaluateTrace', value: { contract: written }, locate: () => null };
  throw new InputError(
    schemaProblems(file, parsed.error.issues, schemaKeys(OPTIONS_SCHEMA), OPTIONS_SCHEMA).map(argumentPlace),
  );
}

/** `evaluateTrace: cases[0].allowedVerdicts: …` → `evaluateTrace: caseDefinition.allowedVerdicts: …`; `defaults` → `options.defaults`, `contract` → `options.contract`. */
function argumentPlace(problem: string): string {
  return problem
    .replace(/^evaluateTrace: cases\[0\](?=[.:[])/u, 'evaluateTrace: caseDefinition')
    .replace(/^evaluateTrace: defaults(?=[.:[])/u, 'evaluateTrace: options.defaults')
    .replace(/^evaluateTrace: contract(?=[.:[])/u, 'evaluateTrace: options.contract');
}

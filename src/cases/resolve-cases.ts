import { posix, win32 } from 'node:path';
import type * as z from 'zod/mini';
import type { ContractValues } from '../config/contract.js';
import type { Severity } from '../config/severity.js';
import { readSeverityBlock, severityBlockProblems } from '../config/severity-settings.js';
import { InputError } from '../io/errors.js';
import { problemAt, readStructuredFile, type StructuredFile, schemaProblems } from '../io/structured-file.js';
import { asRecord } from '../io/validation/is-record.js';
import { schemaKeys } from '../io/validation/schema-keys.js';
import { checkCaseFileQuickly } from './case-acceptors.js';
import { CASE_SCHEMAS, type CaseEntryInput, type CaseFileInput } from './schema.js';
import type { AuditSettings, EvalCase } from './types.js';

/**
 * Every key the case file knows, for the did-you-mean of an unknown one: those of the file and of
 * a case first (a tie goes to the earlier), then those of the objects inside. Asked for only when
 * a file has a problem.
 */
function knownKeys(): string[] {
  const { caseFile, caseEntry } = CASE_SCHEMAS;
  return schemaKeys(caseFile, Object.keys(caseEntry.shape));
}

/**
 * Fields a case must have once `defaults` are applied (S01); `id` and `question` the schema requires
 * itself. `allowedVerdicts` may be left out: the agent has no verifier (S73).
 */
const REQUIRED_AFTER_DEFAULTS = ['rootCauseKeywords', 'requiredEvidenceTools'] as const;

/**
 * Validates a parsed case file and applies `defaults`. Every problem in the file is collected
 * and thrown together as one InputError, so a user fixes the file in one pass: the rules beyond
 * the schema (duplicate ids, verdicts, fixture paths, audit switches) are checked on the file
 * as written, so they are reported even when the schema found problems elsewhere.
 */
export function resolveCaseFile(
  file: StructuredFile,
  contract: ContractValues,
  checkSeverities: Readonly<Record<string, Severity>> = {},
): EvalCase[] {
  if (file.value === null || file.value === undefined) {
    throw new InputError(
      `${file.displayName}: the file is empty; expected a case file with version: 1 and a list of cases`,
    );
  }
  const parsed = schemaData(file.value);
  const problems =
    parsed.issues.length === 0 ? [] : schemaProblems(file, parsed.issues, knownKeys(), CASE_SCHEMAS.caseFile);
  problems.push(...ruleProblems(file, contract));
  const { data } = parsed;
  if (data === null || problems.length > 0) throw new InputError(problems);

  return data.cases.map(caseResolver(data.defaults ?? {}, checkSeverities));
}

/** `checkSeverities`: the config file's `checks:` block, which the case file's own `checks:` override. */
export async function loadCaseFile(
  path: string,
  displayName: string,
  contract: ContractValues,
  checkSeverities: Readonly<Record<string, Severity>> = {},
): Promise<EvalCase[]> {
  return resolveCaseFile(await readStructuredFile(path, displayName), contract, checkSeverities);
}

/** What turns each valid case of a file into its EvalCase: `defaults` and the severities applied. */
export function caseResolver(
  defaults: CaseDefaults,
  checkSeverities: Readonly<Record<string, Severity>>,
): (entry: CaseEntryInput) => EvalCase {
  const inheritedSeverities: Readonly<Record<string, Severity>> = {
    ...checkSeverities,
    ...readSeverityBlock(defaults.checks),
  };
  return (entry) => toEvalCase(entry, defaults, inheritedSeverities);
}

type RawObject = Record<string, unknown>;

/**
 * The case file as the schema reads it, and the schema's issues. A valid file is read by the
 * acceptors compiled from the schema (case-acceptors.ts) alone; zod decides, and words the problems, only for what that
 * check is unsure of: the top level and only the cases it is unsure of (the first case when it
 * is unsure of none), with the issues' case indexes mapped back to the file's. zod reads each
 * case on its own, so its verdict and its issues, in order, are those it gives for the whole file.
 */
export function schemaData(value: unknown): { data: CaseFileInput | null; issues: z.core.$ZodIssue[] } {
  const quick = checkCaseFileQuickly(value);
  if (quick === null) {
    const parsed = CASE_SCHEMAS.caseFile.safeParse(value);
    return parsed.success ? { data: parsed.data, issues: [] } : { data: null, issues: parsed.error.issues };
  }
  if (quick.topLevelSure && quick.unsureCases.length === 0) return { data: value as CaseFileInput, issues: [] };
  const root = value as RawObject;
  const cases = root['cases'] as unknown[];
  const picked = quick.unsureCases.length > 0 ? quick.unsureCases : [0];
  // Built with fromEntries, so every key stays an own key in its place, whatever its name.
  const reduced = Object.fromEntries(
    Object.keys(root).map((key) => [key, key === 'cases' ? picked.map((index) => cases[index]) : root[key]]),
  );
  const parsed = CASE_SCHEMAS.caseFile.safeParse(reduced);
  if (!parsed.success) {
    const issues = parsed.error.issues.map((issue) => {
      const [first, position, ...rest] = issue.path;
      return first === 'cases' && typeof position === 'number'
        ? { ...issue, path: ['cases', picked[position] as number, ...rest] }
        : issue;
    });
    return { data: null, issues };
  }
  const merged = cases.slice() as CaseFileInput['cases'];
  picked.forEach((index, position) => {
    merged[index] = parsed.data.cases[position] as CaseEntryInput;
  });
  return { data: { ...parsed.data, cases: merged }, issues: [] };
}

/**
 * The rules a schema cannot express, read leniently from the raw value: a field of the wrong
 * type is the schema's problem and is skipped here. A problem in `defaults` is named once, at
 * `defaults`, not once per case that inherits it.
 */
function ruleProblems(file: StructuredFile, contract: ContractValues): string[] {
  const root = asRecord(file.value);
  if (root === null) return [];
  const problems = topLevelRuleProblems(file, contract, root);
  const defaults = asRecord(root['defaults']) ?? {};
  const firstIndexById = new Map<string, number>();
  const cases = Array.isArray(root['cases']) ? (root['cases'] as unknown[]) : [];
  for (let index = 0; index < cases.length; index += 1) {
    caseRuleProblems(file, contract, defaults, cases[index], index, firstIndexById, problems);
  }
  return problems;
}

/** The rules of everything but the cases: those of `defaults`. */
export function topLevelRuleProblems(file: StructuredFile, contract: ContractValues, root: RawObject): string[] {
  const problems: string[] = [];
  const defaults = asRecord(root['defaults']) ?? {};
  for (const key of VERDICT_LISTS) verdictProblems(file, contract, defaults[key], ['defaults', key], problems);
  const defaultAudit = asRecord(defaults['audit']) ?? {};
  if (auditConflicts(defaultAudit, defaultAudit)) problems.push(problemAt(file, ['defaults', 'audit'], AUDIT_CONFLICT));
  problems.push(...severityBlockProblems(file, ['defaults', 'checks'], defaults['checks']));
  return problems;
}

/**
 * The rules of the case at `index`, pushed onto `problems`; `firstIndexById` holds the ids of the
 * cases before it (this one's is added), for duplicates. Plain code, no per-case closures or
 * copies: this runs for every case of files with tens of thousands.
 */
export function caseRuleProblems(
  file: StructuredFile,
  contract: ContractValues,
  defaults: RawObject,
  value: unknown,
  index: number,
  firstIndexById: Map<string, number>,
  problems: string[],
): void {
  const entry = asRecord(value);
  if (entry === null) return;
  const id = entry['id'];
  if (typeof id === 'string') {
    if (id.length > MAX_NAME_LENGTH) {
      problems.push(
        problemAt(
          file,
          ['cases', index, 'id'],
          `found an id of ${id.length} characters; expected at most ${MAX_NAME_LENGTH}`,
        ),
      );
    }
    const firstIndex = firstIndexById.get(id);
    if (firstIndex === undefined) firstIndexById.set(id, index);
    else
      problems.push(
        problemAt(
          file,
          ['cases', index, 'id'],
          `duplicate case id "${id}", already used by cases[${firstIndex}]; expected each id once`,
        ),
      );
  }
  for (const key of REQUIRED_AFTER_DEFAULTS) {
    if (entry[key] === undefined && defaults[key] === undefined) {
      problems.push(problemAt(file, ['cases', index], `missing ${key}; expected it in the case or in defaults`));
    }
  }
  for (const key of VERDICT_LISTS) verdictProblems(file, contract, entry[key], ['cases', index, key], problems);

  const traceFixture = entry['traceFixture'];
  if (typeof traceFixture === 'string' && traceFixture.trim() !== '') {
    const fixtureProblem = fixtureNameProblem(traceFixture);
    if (fixtureProblem !== null) {
      const found =
        traceFixture.length > MAX_NAME_LENGTH ? `a name of ${traceFixture.length} characters` : `"${traceFixture}"`;
      problems.push(problemAt(file, ['cases', index, 'traceFixture'], `found ${found}, ${fixtureProblem}`));
    }
  }
  const audit = asRecord(entry['audit']);
  if (audit !== null && auditConflicts(audit, asRecord(defaults['audit']) ?? {}))
    problems.push(problemAt(file, ['cases', index, 'audit'], AUDIT_CONFLICT));
  if (entry['checks'] !== undefined)
    problems.push(...severityBlockProblems(file, ['cases', index, 'checks'], entry['checks']));
}

const VERDICT_LISTS = ['allowedVerdicts', 'forbiddenVerdicts'] as const;

function verdictProblems(
  file: StructuredFile,
  contract: ContractValues,
  list: unknown,
  path: PropertyKey[],
  problems: string[],
): void {
  if (!Array.isArray(list)) return;
  for (let position = 0; position < list.length; position += 1) {
    const verdict: unknown = list[position];
    // Written as the contract spells it (the usual case): nothing to trim or upper-case.
    if (typeof verdict !== 'string' || contract.verdicts.includes(verdict) || verdict.trim() === '') continue;
    if (!contract.verdicts.includes(verdict.trim().toUpperCase())) {
      problems.push(
        problemAt(
          file,
          [...path, position],
          `found unknown verdict "${verdict}", expected one of ${contract.verdicts.join(', ')}`,
        ),
      );
    }
  }
}

const AUDIT_CONFLICT =
  'audit.v2: true turns on claimChecks and composerOutput; expected neither written as false beside it';

/** Whether `{ ...fallback, ...audit }` turns v2 on beside a switch written as false. */
function auditConflicts(audit: RawObject, fallback: RawObject): boolean {
  const value = (key: string): unknown => inherited(audit, fallback, key);
  return value('v2') === true && (value('claimChecks') === false || value('composerOutput') === false);
}

/**
 * Ids and fixture names are file names and report keys: a name of thousands of characters is a
 * mistake (and past the file system's limit), a control character (NUL above all) cannot name a file.
 */
const MAX_NAME_LENGTH = 200;

/** What is wrong with a fixture name, or null. Its path must stay inside the fixtures folder, so a case file cannot read arbitrary files. */
function fixtureNameProblem(traceFixture: string): string | null {
  if (traceFixture.length > MAX_NAME_LENGTH) return `expected a fixture name of at most ${MAX_NAME_LENGTH} characters`;
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
  if (/[\u0000-\u001f\u007f]/u.test(traceFixture)) return 'expected a fixture name without control characters';
  const trimmed = traceFixture.trim();
  if (posix.isAbsolute(trimmed) || win32.isAbsolute(trimmed)) return 'expected a path relative to the fixtures folder';
  const normalized = posix.normalize(trimmed.replaceAll('\\', '/'));
  if (normalized === '..' || normalized.startsWith('../'))
    return 'expected a path that stays inside the fixtures folder';
  if (normalized === '.' || normalized === './')
    return 'expected the path of a file inside the fixtures folder, not the folder itself';
  return null;
}

/** The fields `defaults` may set, as the schema gives them. */
export type CaseDefaults = Partial<Omit<CaseEntryInput, 'id' | 'question' | 'traceFixture' | 'sessionId' | 'match'>>;

/**
 * A field of the case, else of `defaults`: what `{ ...defaults, ...entry }` would hold, without
 * copying every field of both for each case. A key the case writes wins even when it is undefined.
 * The same rule holds one level down, for `audit` and `budget`, which merge key by key.
 */
function inherited<T extends object, K extends keyof T>(
  own: T | undefined,
  fallback: T | undefined,
  key: K,
): T[K] | undefined {
  return own !== undefined && Object.hasOwn(own, key) ? own[key] : fallback?.[key];
}

const BUDGET_KEYS = ['maxToolCalls', 'maxDurationMs', 'maxTokens', 'maxRepeatedCalls'] as const;

function toEvalCase(
  entry: CaseEntryInput,
  defaults: CaseDefaults,
  inheritedSeverities: Readonly<Record<string, Severity>>,
): EvalCase {
  const traceFixture = entry.traceFixture ?? `${entry.id}.json`;
  const own: CaseDefaults = entry;
  // Only the audit switches ruleProblems found free of conflict get here, so `v2: true` never sits beside a `false`.
  const audit: AuditSettings =
    inherited(entry.audit, defaults.audit, 'v2') === true
      ? { v2: true, claimChecks: true, composerOutput: true }
      : {
          v2: false,
          claimChecks: inherited(entry.audit, defaults.audit, 'claimChecks') ?? false,
          composerOutput: inherited(entry.audit, defaults.audit, 'composerOutput') ?? false,
        };
  const budget: EvalCase['budget'] = {};
  for (const key of BUDGET_KEYS) {
    const value = inherited(entry.budget, defaults.budget, key);
    if (value !== undefined) budget[key] = value;
  }
  const maxCandidateCauses = inherited(own, defaults, 'maxCandidateCauses');
  return {
    id: entry.id,
    question: entry.question,
    // A non-empty name without a separator is already in normal form (and most are: `<id>.json`).
    traceFixture:
      traceFixture === '' || traceFixture.includes('/') || traceFixture.includes('\\')
        ? posix.normalize(traceFixture.replaceAll('\\', '/'))
        : traceFixture,
    rootCauseKeywords: inherited(own, defaults, 'rootCauseKeywords') ?? [],
    minKeywordCoverage: inherited(own, defaults, 'minKeywordCoverage') ?? 1,
    ...requiredEvidence(inherited(own, defaults, 'requiredEvidenceTools') ?? []),
    allowedVerdicts: upperCased(inherited(own, defaults, 'allowedVerdicts')),
    forbiddenAnswerKeywords: inherited(own, defaults, 'forbiddenAnswerKeywords') ?? [],
    forbiddenVerdicts: upperCased(inherited(own, defaults, 'forbiddenVerdicts')),
    forbiddenConfirmedClaims: inherited(own, defaults, 'forbiddenConfirmedClaims') ?? [],
    audit,
    budget,
    tags: inherited(own, defaults, 'tags') ?? [],
    sessionId: entry.sessionId ?? null,
    match: entry.match ?? null,
    // Merged key by key, like audit and budget: a case that sets one check keeps the others it inherits.
    checks:
      entry.checks === undefined ? inheritedSeverities : { ...inheritedSeverities, ...readSeverityBlock(entry.checks) },
    ...(maxCandidateCauses === undefined ? {} : { maxCandidateCauses }),
  };
}

/** Plain tool names and `{ any: [...] }` alternatives, apart (EvalCase). */
function requiredEvidence(
  entries: readonly (string | { any: string[] })[],
): Pick<EvalCase, 'requiredEvidenceTools' | 'requiredEvidenceAlternatives'> {
  const requiredEvidenceTools: string[] = [];
  const requiredEvidenceAlternatives: string[][] = [];
  for (const entry of entries) {
    if (typeof entry === 'string') requiredEvidenceTools.push(entry);
    else requiredEvidenceAlternatives.push([...entry.any]);
  }
  return { requiredEvidenceTools, requiredEvidenceAlternatives };
}

function upperCased(verdicts: readonly string[] | undefined): string[] {
  return verdicts === undefined ? [] : verdicts.map((verdict) => verdict.toUpperCase());
}

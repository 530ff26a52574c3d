import { posix, win32 } from 'node:path';
import type { ContractValues } from '../contract.js';
import { InputError } from '../errors.js';
import { problemAt, readStructuredFile, schemaProblems, type StructuredFile } from '../io/structured-file.js';
import { caseDefaultsSchema, caseEntrySchema, caseFileSchema, type CaseEntryInput } from './schema.js';
import type { AuditSettings, EvalCase } from './types.js';

const KNOWN_KEYS = [
  ...Object.keys(caseFileSchema.shape),
  ...Object.keys(caseEntrySchema.shape),
  ...Object.keys(caseDefaultsSchema.shape),
  'v2',
  'claimChecks',
  'composerOutput',
  'maxToolCalls',
  'maxDurationMs',
];

/** Fields a case must have once `defaults` are applied (S01); `id` and `question` the schema requires itself. */
const REQUIRED_AFTER_DEFAULTS = ['rootCauseKeywords', 'requiredEvidenceTools', 'allowedVerdicts'] as const;

export async function loadCaseFile(path: string, displayName: string, contract: ContractValues): Promise<EvalCase[]> {
  return resolveCaseFile(await readStructuredFile(path, displayName), contract);
}

/**
 * Validates a parsed case file and applies `defaults`. Every problem in the file is collected
 * and thrown together as one InputError, so a user fixes the file in one pass: the rules beyond
 * the schema (duplicate ids, verdicts, fixture paths, audit switches) are checked on the file
 * as written, so they are reported even when the schema found problems elsewhere.
 */
export function resolveCaseFile(file: StructuredFile, contract: ContractValues): EvalCase[] {
  if (file.value === null || file.value === undefined) {
    throw new InputError(`${file.displayName}: the file is empty; expected a case file with version: 1 and a list of cases`);
  }
  const parsed = caseFileSchema.safeParse(file.value);
  const problems = parsed.success ? [] : schemaProblems(file, parsed.error.issues, KNOWN_KEYS);
  problems.push(...ruleProblems(file, contract));
  if (!parsed.success || problems.length > 0) throw new InputError(problems);

  const defaults = parsed.data.defaults ?? {};
  return parsed.data.cases.map((entry) => {
    const merged = { ...defaults, ...entry, audit: { ...defaults.audit, ...entry.audit }, budget: { ...defaults.budget, ...entry.budget } };
    const traceFixture = entry.traceFixture ?? `${entry.id}.json`;
    return toEvalCase(entry, merged, posix.normalize(traceFixture.replaceAll('\\', '/')), resolveAudit(merged.audit));
  });
}

type RawObject = Record<string, unknown>;

/**
 * The rules a schema cannot express, read leniently from the raw value: a field of the wrong
 * type is the schema's problem and is skipped here. A problem in `defaults` is named once, at
 * `defaults`, not once per case that inherits it.
 */
function ruleProblems(file: StructuredFile, contract: ContractValues): string[] {
  const root = asObject(file.value);
  if (root === null) return [];
  const problems: string[] = [];
  const defaults = asObject(root['defaults']) ?? {};
  const verdictProblems = (list: unknown, path: PropertyKey[]): void => {
    if (!Array.isArray(list)) return;
    list.forEach((verdict: unknown, position) => {
      if (typeof verdict !== 'string' || verdict.trim() === '') return;
      if (!contract.verdicts.includes(verdict.trim().toUpperCase())) {
        problems.push(problemAt(file, [...path, position], `found unknown verdict "${verdict}", expected one of ${contract.verdicts.join(', ')}`));
      }
    });
  };
  for (const key of ['allowedVerdicts', 'forbiddenVerdicts'] as const) verdictProblems(defaults[key], ['defaults', key]);
  const defaultAudit = asObject(defaults['audit']) ?? {};
  if (auditConflicts(defaultAudit)) problems.push(problemAt(file, ['defaults', 'audit'], AUDIT_CONFLICT));

  const firstIndexById = new Map<string, number>();
  const cases = Array.isArray(root['cases']) ? (root['cases'] as unknown[]) : [];
  cases.forEach((raw, index) => {
    const entry = asObject(raw);
    if (entry === null) return;
    const at = (...path: PropertyKey[]): PropertyKey[] => ['cases', index, ...path];
    const id = entry['id'];
    if (typeof id === 'string') {
      const firstIndex = firstIndexById.get(id);
      if (firstIndex === undefined) firstIndexById.set(id, index);
      else problems.push(problemAt(file, at('id'), `duplicate case id "${id}"; it is already used by cases[${firstIndex}]`));
    }
    for (const key of REQUIRED_AFTER_DEFAULTS) {
      if (entry[key] === undefined && defaults[key] === undefined) {
        problems.push(problemAt(file, at(), `missing ${key}; expected it in the case or in defaults`));
      }
    }
    for (const key of ['allowedVerdicts', 'forbiddenVerdicts'] as const) verdictProblems(entry[key], at(key));

    const traceFixture = entry['traceFixture'];
    if (typeof traceFixture === 'string' && traceFixture.trim() !== '') {
      const fixtureProblem = checkFixturePath(traceFixture.trim());
      if (fixtureProblem !== null) problems.push(problemAt(file, at('traceFixture'), `found "${traceFixture}", ${fixtureProblem}`));
    }
    const audit = asObject(entry['audit']);
    if (audit !== null && auditConflicts({ ...defaultAudit, ...audit })) problems.push(problemAt(file, at('audit'), AUDIT_CONFLICT));
  });
  return problems;
}

const AUDIT_CONFLICT = 'audit.v2: true turns on claimChecks and composerOutput; expected neither written as false beside it';

function auditConflicts(audit: RawObject): boolean {
  return audit['v2'] === true && (audit['claimChecks'] === false || audit['composerOutput'] === false);
}

function asObject(value: unknown): RawObject | null {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as RawObject) : null;
}

/** A fixture path must stay inside the fixtures folder, so a case file cannot read arbitrary files. */
function checkFixturePath(traceFixture: string): string | null {
  if (posix.isAbsolute(traceFixture) || win32.isAbsolute(traceFixture)) return 'expected a path relative to the fixtures folder';
  const normalized = posix.normalize(traceFixture.replaceAll('\\', '/'));
  if (normalized === '..' || normalized.startsWith('../')) return 'expected a path that stays inside the fixtures folder';
  return null;
}

/** Only called once ruleProblems found no conflict, so `v2: true` never sits beside a `false` here. */
function resolveAudit(audit: { v2?: boolean; claimChecks?: boolean; composerOutput?: boolean }): AuditSettings {
  if (audit.v2 === true) return { v2: true, claimChecks: true, composerOutput: true };
  return { v2: false, claimChecks: audit.claimChecks ?? false, composerOutput: audit.composerOutput ?? false };
}

function toEvalCase(
  entry: CaseEntryInput,
  merged: Omit<CaseEntryInput, 'audit' | 'budget'> & { budget: { maxToolCalls?: number; maxDurationMs?: number } },
  traceFixture: string,
  audit: AuditSettings,
): EvalCase {
  const budget: EvalCase['budget'] = {};
  if (merged.budget.maxToolCalls !== undefined) budget.maxToolCalls = merged.budget.maxToolCalls;
  if (merged.budget.maxDurationMs !== undefined) budget.maxDurationMs = merged.budget.maxDurationMs;
  return {
    id: entry.id,
    question: entry.question,
    traceFixture,
    rootCauseKeywords: merged.rootCauseKeywords ?? [],
    minKeywordCoverage: merged.minKeywordCoverage ?? 1,
    requiredEvidenceTools: merged.requiredEvidenceTools ?? [],
    allowedVerdicts: (merged.allowedVerdicts ?? []).map((verdict) => verdict.toUpperCase()),
    forbiddenAnswerKeywords: merged.forbiddenAnswerKeywords ?? [],
    forbiddenVerdicts: (merged.forbiddenVerdicts ?? []).map((verdict) => verdict.toUpperCase()),
    forbiddenConfirmedClaims: merged.forbiddenConfirmedClaims ?? [],
    audit,
    budget,
    tags: merged.tags ?? [],
    sessionId: entry.sessionId ?? null,
  };
}

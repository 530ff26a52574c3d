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
 * and thrown together as one InputError, so a user fixes the file in one pass.
 */
export function resolveCaseFile(file: StructuredFile, contract: ContractValues): EvalCase[] {
  if (file.value === null || file.value === undefined) {
    throw new InputError(`${file.displayName}: the file is empty; expected a case file with version: 1 and a list of cases`);
  }
  const parsed = caseFileSchema.safeParse(file.value);
  if (!parsed.success) throw new InputError(schemaProblems(file, parsed.error.issues, KNOWN_KEYS));

  const problems: string[] = [];
  const defaults = parsed.data.defaults ?? {};
  const firstIndexById = new Map<string, number>();
  const cases = parsed.data.cases.map((entry, index) => {
    const at = (...path: PropertyKey[]): PropertyKey[] => ['cases', index, ...path];
    const firstIndex = firstIndexById.get(entry.id);
    if (firstIndex === undefined) firstIndexById.set(entry.id, index);
    else problems.push(problemAt(file, at('id'), `duplicate case id "${entry.id}"; it is already used by cases[${firstIndex}]`));

    const merged = { ...defaults, ...entry, audit: { ...defaults.audit, ...entry.audit }, budget: { ...defaults.budget, ...entry.budget } };
    for (const key of REQUIRED_AFTER_DEFAULTS) {
      if (merged[key] === undefined) problems.push(problemAt(file, at(), `missing ${key}; expected it in the case or in defaults`));
    }
    const verdictProblem = (key: 'allowedVerdicts' | 'forbiddenVerdicts') =>
      (merged[key] ?? []).forEach((verdict, position) => {
        if (!contract.verdicts.includes(verdict.toUpperCase())) {
          const path = entry[key] === undefined ? ['defaults', key, position] : at(key, position);
          problems.push(problemAt(file, path, `found unknown verdict "${verdict}", expected one of ${contract.verdicts.join(', ')}`));
        }
      });
    verdictProblem('allowedVerdicts');
    verdictProblem('forbiddenVerdicts');

    const traceFixture = entry.traceFixture ?? `${entry.id}.json`;
    const fixtureProblem = checkFixturePath(traceFixture);
    if (fixtureProblem !== null) problems.push(problemAt(file, at('traceFixture'), `found "${traceFixture}", ${fixtureProblem}`));

    const audit = resolveAudit(merged.audit);
    if (audit === null) {
      problems.push(
        problemAt(file, at('audit'), 'audit.v2: true turns on claimChecks and composerOutput; expected neither written as false beside it'),
      );
    }
    return toEvalCase(entry, merged, posix.normalize(traceFixture.replaceAll('\\', '/')), audit);
  });
  if (problems.length > 0) throw new InputError(problems);
  return cases;
}

/** A fixture path must stay inside the fixtures folder, so a case file cannot read arbitrary files. */
function checkFixturePath(traceFixture: string): string | null {
  if (posix.isAbsolute(traceFixture) || win32.isAbsolute(traceFixture)) return 'expected a path relative to the fixtures folder';
  const normalized = posix.normalize(traceFixture.replaceAll('\\', '/'));
  if (normalized === '..' || normalized.startsWith('../')) return 'expected a path that stays inside the fixtures folder';
  return null;
}

function resolveAudit(audit: { v2?: boolean; claimChecks?: boolean; composerOutput?: boolean }): AuditSettings | null {
  if (audit.v2 === true) {
    if (audit.claimChecks === false || audit.composerOutput === false) return null;
    return { v2: true, claimChecks: true, composerOutput: true };
  }
  return { v2: false, claimChecks: audit.claimChecks ?? false, composerOutput: audit.composerOutput ?? false };
}

function toEvalCase(
  entry: CaseEntryInput,
  merged: Omit<CaseEntryInput, 'audit' | 'budget'> & { budget: { maxToolCalls?: number; maxDurationMs?: number } },
  traceFixture: string,
  audit: AuditSettings | null,
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
    audit: audit ?? { v2: false, claimChecks: false, composerOutput: false },
    budget,
    tags: merged.tags ?? [],
    sessionId: entry.sessionId ?? null,
  };
}

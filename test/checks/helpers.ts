import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { serialize } from 'node:v8';

import { afterAll, describe, expect, it } from 'vitest';

import type { EvalCase } from '../../src/cases/types.js';
import { createCheckContext } from '../../src/checks/context.js';
import { type MessageData, type MessageList, type MessagePart, renderMessage } from '../../src/checks/messages.js';
import type { CheckContext, CheckDefinition, CheckFinding } from '../../src/checks/types.js';
import { type ContractValues, DEFAULT_CONTRACT } from '../../src/config/contract.js';
import type { DiagnosisTrace, ToolInvocation } from '../../src/trace/types.js';
import { makeEvalCase } from '../helpers/eval-case.js';
import { type ExpectedRow, messageOutcomes, renderCheckPage, type TableOutcome } from './check-page.js';

/** A full case that every check accepts or skips; rows override only what they test. */
export function makeCase(overrides: Partial<EvalCase> = {}): EvalCase {
  return makeEvalCase({ question: '支付接口大量超时，根因是什么？', ...overrides });
}

/** The V2 audit chain as the service writes it when everything went right. */
export function makeVerifierEvaluation(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    verdict: 'PASS',
    reason: 'evidence supports the answer',
    trace_summaries: [],
    gatekeeper_result: { status: 'pass', violations: [] },
    claim_checks: [{ claim_id: 'c1', verification: 'supported', detail: 'pool usage at 100% in queryMetrics' }],
    composer_output: { mode: 'parsed' },
    ...overrides,
  };
}

/** The verifier evaluation without `key`: absent, which is not the same input as `null`. */
export function verifierWithout(key: string, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  const evaluation = makeVerifierEvaluation(overrides);
  delete evaluation[key];
  return evaluation;
}

export function makeTrace(overrides: Partial<DiagnosisTrace> = {}): DiagnosisTrace {
  return {
    sessionId: 'diag-0001',
    status: 'COMPLETED',
    finalAnswer: '',
    durationMs: null,
    toolInvocations: [],
    agentSteps: [],
    verifierEvaluation: makeVerifierEvaluation(),
    ...overrides,
  };
}

export function toolCall(
  toolName: string,
  evidenceStatus: ToolInvocation['evidenceStatus'] = 'supported',
): ToolInvocation {
  return { toolName, evidenceStatus, durationMs: 120 };
}

export interface ContextInput {
  case?: Partial<EvalCase>;
  trace?: Partial<DiagnosisTrace>;
  contract?: Partial<ContractValues>;
}

/** The context the evaluator would make for these inputs (createCheckContext). */
export function makeContext(input: ContextInput = {}): CheckContext {
  return createCheckContext(makeCase(input.case), makeTrace(input.trace), { ...DEFAULT_CONTRACT, ...input.contract });
}

export interface PassRow extends ContextInput {
  name: string;
  /** A part of the message, when the confirmation itself matters. */
  message?: string;
  /** The finding's messageId, when the row asserts it. */
  messageId?: string;
  /** The finding's data, when the row asserts it (with messageId). */
  data?: MessageData;
}

export interface FindingRow extends ContextInput {
  name: string;
  /** A part of the message that names what was wrong (fail) or why the check does not apply (skip). */
  message: string;
  /** The finding's messageId: required of invalid rows, as ESLint's RuleTester requires it of errors. */
  messageId?: string;
  /** The finding's data: required of invalid rows whose message has placeholders. */
  data?: MessageData;
}

export type { ExpectedRow } from './check-page.js';

export interface CheckTable {
  valid?: PassRow[];
  invalid?: FindingRow[];
  skipped?: FindingRow[];
  /**
   * Outcomes `run` cannot give, each with the reason (e.g. trace-loadable fails in the evaluator,
   * before `run`). A check whose `skippedWhen` starts with "never" need not show `skip`.
   */
  unreachable?: Partial<Record<'fail' | 'skip', string>>;
}

/** The rows of tables, each with its expected outcome and the finding the check gives. */
export function tableRows(check: CheckDefinition, tables: readonly CheckTable[]): ExpectedRow[] {
  return tables.flatMap((table) =>
    outcomeRows(table).flatMap(([, outcome, list]) =>
      list.map((row) => ({ outcome, row, finding: runFrozen(check, row) })),
    ),
  );
}

/**
 * What is wrong with a check's tables (all its testCheck calls in one test file), in the manner
 * of ESLint's RuleTester: two rows with the same input (after the defaults are applied), a row
 * that fails or skips without the part of the message it expects, an invalid row that does not
 * assert its messageId (and its data, when the message has placeholders), and an outcome the
 * check can give that no row shows. With `everyMessage` (the check's own test file), also a
 * message of the check that no row's finding uses, and a messageId found with two outcomes.
 * Empty when the tables are sound.
 */
export function tableProblems(
  check: CheckDefinition,
  tables: readonly CheckTable[],
  { everyMessage = false }: { everyMessage?: boolean } = {},
): string[] {
  const problems: string[] = [];
  const rows = tableRows(check, tables);
  for (const { outcome, row } of rows) {
    if (outcome !== 'pass' && (row.message ?? '').trim() === '') {
      problems.push(`row "${row.name}" (${outcome}) names no part of the message it expects`);
    }
    if (outcome === 'fail' && row.messageId === undefined) {
      problems.push(`row "${row.name}" (fail) asserts no messageId`);
    } else if (row.messageId !== undefined && !Object.hasOwn(check.messages, row.messageId)) {
      problems.push(`row "${row.name}" expects messageId "${row.messageId}", which is not a message of ${check.id}`);
    } else if (outcome === 'fail' && row.data === undefined && hasPlaceholders(check.messages[row.messageId ?? ''])) {
      problems.push(`row "${row.name}" (fail) asserts no data for the placeholders of "${row.messageId}"`);
    }
  }
  const firstRowOfInput = new Map<string, string>();
  for (const { row } of rows) {
    const input = effectiveInput(row);
    const first = firstRowOfInput.get(input);
    if (first === undefined) {
      firstRowOfInput.set(input, row.name);
    } else {
      problems.push(`row "${row.name}" has the same input as row "${first}"`);
    }
  }
  const unreachable = Object.assign(
    {},
    ...tables.map((table) => table.unreachable ?? {}),
  ) as CheckTable['unreachable'] & {};
  const required: TableOutcome[] = [
    'pass',
    'fail',
    ...(check.skippedWhen.startsWith('never') ? [] : ['skip' as const]),
  ];
  for (const outcome of required) {
    const shown = rows.some((row) => row.outcome === outcome);
    const reason = outcome === 'pass' ? undefined : unreachable[outcome];
    if (reason !== undefined && reason.trim() === '') {
      problems.push(`outcome ${outcome} is declared unreachable without a reason`);
    } else if (reason !== undefined && shown) {
      problems.push(`outcome ${outcome} is declared unreachable (${reason}), yet rows expect it`);
    } else if (reason === undefined && !shown) {
      problems.push(`no row shows outcome ${outcome}, which ${check.id} can give`);
    }
  }
  if (everyMessage) problems.push(...messageProblems(check, rows));
  return problems;
}

function messageProblems(check: CheckDefinition, rows: readonly ExpectedRow[]): string[] {
  const used = messageOutcomes(rows, { parts: true });
  const own = messageOutcomes(rows, { parts: false });
  const problems: string[] = [];
  for (const id of Object.keys(check.messages)) {
    const found = own.get(id);
    if (!used.has(id)) problems.push(`no row's finding uses message "${id}"`);
    else if (found !== undefined && found.size > 1) {
      problems.push(`message "${id}" is found with outcomes ${[...found].join(' and ')}`);
    }
  }
  return problems;
}

function hasPlaceholders(template: string | undefined): boolean {
  return template !== undefined && /\{\{\s*[A-Za-z0-9_]+\s*\}\}/u.test(template);
}

/** The placeholders of the finding's messages (its own and its lists' parts) that its data leaves without a value. */
function unfilledPlaceholders(messages: Readonly<Record<string, string>>, part: MessagePart): string[] {
  const template = messages[part.messageId] ?? '';
  const names = [...template.matchAll(/\{\{\s*([A-Za-z0-9_]+)\s*\}\}/gu)].map((match) => match[1] as string);
  const unfilled = names.filter((name) => part.data?.[name] === undefined).map((name) => `${part.messageId}.${name}`);
  const lists = Object.values(part.data ?? {}).filter(
    (value): value is MessageList => value !== null && typeof value === 'object',
  );
  return [...unfilled, ...lists.flatMap((list) => list.parts.flatMap((item) => unfilledPlaceholders(messages, item)))];
}

/** Every table given to testCheck in this test file, by check: they are policed together when the file ends. */
const tablesOfThisFile = new Map<CheckDefinition, CheckTable[]>();
/** The checks whose own test file (`test/checks/<id>.test.ts`) gave tables here. */
const ownTestFileOf = new Set<CheckDefinition>();

/** The test file that calls testCheck: the first `.test.ts` file on the stack. */
function callingTestFile(): string | undefined {
  return /([^\s(]+\.test\.ts)/u.exec(new Error().stack ?? '')?.[1];
}

afterAll(() => {
  const problems: string[] = [];
  for (const [check, tables] of tablesOfThisFile) {
    const own = ownTestFileOf.has(check);
    problems.push(...tableProblems(check, tables, { everyMessage: own }).map((problem) => `${check.id}: ${problem}`));
    if (own && problems.length === 0) {
      const unreachable = Object.assign({}, ...tables.map((table) => table.unreachable ?? {}));
      problems.push(...checkPageProblems(check, tableRows(check, tables), unreachable));
    }
  }
  tablesOfThisFile.clear();
  ownTestFileOf.clear();
  if (problems.length > 0) {
    throw new Error(`the check tables of this file are not sound:\n${problems.join('\n')}`);
  }
});

/**
 * docs/checks/<id>.md, the check's page, is made from its metadata and the rows of its own test
 * file (check-page.ts): stale, it is a problem, or, with WRITE_CHECK_PAGES=1 (`npm run docs`),
 * written anew.
 */
function checkPageProblems(
  check: CheckDefinition,
  rows: readonly ExpectedRow[],
  unreachable: CheckTable['unreachable'] & {},
): string[] {
  const path = join(dirname(fileURLToPath(import.meta.url)), '../../docs/checks', `${check.id}.md`);
  const page = renderCheckPage(check, rows, unreachable);
  if (process.env['WRITE_CHECK_PAGES'] === '1') {
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, page);
    return [];
  }
  const written = existsSync(path) ? readFileSync(path, 'utf8') : null;
  return written === page
    ? []
    : [`docs/checks/${check.id}.md is not what its metadata and rows give (npm run docs writes it)`];
}

/**
 * Runs a check over a table of rows, in the manner of ESLint's RuleTester: `valid` rows pass,
 * `invalid` rows fail, `skipped` rows skip; every non-passing row names a part of its message,
 * and a row that names a messageId (every invalid row does) gets that message with that data.
 * Every placeholder of the finding's message is filled, and the check reads no case field it
 * does not declare in `inputs`. Inputs are frozen, so a check that mutates its context throws
 * instead of passing. When the test file ends, its tables are policed together (tableProblems):
 * no repeated input, no finding without an expected message, every outcome of the check shown,
 * and in the check's own test file every message of the check used; its docs page is checked.
 */
export function testCheck(check: CheckDefinition, table: CheckTable): void {
  if (basename(callingTestFile() ?? '') === `${check.id}.test.ts`) ownTestFileOf.add(check);
  tablesOfThisFile.set(check, [...(tablesOfThisFile.get(check) ?? []), table]);
  for (const [title, outcome, rows] of outcomeRows(table)) {
    if (rows.length === 0) {
      continue;
    }
    describe(title, () => {
      it.each(rows)('$name', (row) => {
        const finding = runFrozen(check, row);
        expect(finding.outcome).toBe(outcome);
        const message = renderMessage(check.messages, finding);
        expect(message.trim()).not.toBe('');
        expect(unfilledPlaceholders(check.messages, finding)).toEqual([]);
        if (row.message !== undefined) {
          expect(message).toContain(row.message);
        }
        if (row.messageId !== undefined) {
          expect(finding.messageId).toBe(row.messageId);
        }
        if (row.data !== undefined) {
          expect(finding.data).toEqual(row.data);
        }
        expect(undeclaredInputs(check, row)).toEqual([]);
        expect(runFrozen(check, row)).toEqual(finding);
      });
    });
  }
}

function outcomeRows(table: CheckTable): [string, TableOutcome, (PassRow | FindingRow)[]][] {
  return [
    ['valid', 'pass', table.valid ?? []],
    ['invalid', 'fail', table.invalid ?? []],
    ['skipped', 'skip', table.skipped ?? []],
  ];
}

/**
 * The inputs a row gives the check once the defaults are applied, serialised as structuredClone
 * would: rows differing only in spelling are the same row, while key order, `undefined` beside an
 * absent key and -0 beside 0 stay apart, since a check may see them.
 */
function effectiveInput(row: ContextInput): string {
  const input = {
    case: makeCase(row.case),
    trace: makeTrace(row.trace),
    contract: { ...DEFAULT_CONTRACT, ...row.contract },
  };
  return serialize(input).toString('base64');
}

/** The check's finding with the text made from it, as the evaluator makes a report row. */
export function runCheck(check: CheckDefinition, input: ContextInput = {}): CheckFinding & { message: string } {
  const finding = check.run(makeContext(input));
  return { ...finding, message: renderMessage(check.messages, finding) };
}

/** The case fields (by the names of docs/contract.md §2) each context value is made from. */
const CASE_FIELDS_OF_CONTEXT: Partial<Record<keyof CheckContext, readonly string[]>> = {
  evidenceCoverage: ['requiredEvidenceTools'],
  keywordCoverage: ['rootCauseKeywords', 'minKeywordCoverage'],
};

/** A case field of EvalCase as the case file names it: the `{ any: [...] }` entries are written in requiredEvidenceTools. */
const CASE_FILE_FIELD: Readonly<Record<string, string>> = { requiredEvidenceAlternatives: 'requiredEvidenceTools' };

/** The objects of the case whose fields are declared one by one (`budget.maxTokens`). */
const CASE_OBJECTS = new Set(['audit', 'budget']);

/**
 * The case fields the check reads on this row that its `inputs` do not declare: the row is run
 * once more on a copy of the case that notes each field read (`audit.v2` for a field of the
 * audit or budget object), directly or through a coverage figure of the context.
 */
export function undeclaredInputs(check: CheckDefinition, row: ContextInput): string[] {
  const read = new Set<string>();
  const noting = <T extends object>(target: T, prefix: string): T =>
    new Proxy(target, {
      get(object, key, receiver) {
        const value: unknown = Reflect.get(object, key, receiver);
        if (typeof key !== 'string') return value;
        const field = prefix === '' ? (CASE_FILE_FIELD[key] ?? key) : `${prefix}.${key}`;
        if (prefix === '' && CASE_OBJECTS.has(key) && typeof value === 'object' && value !== null) {
          return noting(value, key);
        }
        read.add(field);
        return value;
      },
    });
  const context = makeContext(row);
  const noted = { ...context, evalCase: noting(structuredClone(context.evalCase), '') };
  for (const [key, fields] of Object.entries(CASE_FIELDS_OF_CONTEXT)) {
    Object.defineProperty(noted, key, {
      get: () => {
        for (const field of fields) read.add(field);
        return context[key as keyof CheckContext];
      },
    });
  }
  check.run(noted);
  const declared = new Set<string>(check.inputs);
  return [...read].filter((field) => !declared.has(field)).sort();
}
function runFrozen(check: CheckDefinition, input: ContextInput): CheckFinding {
  // The inputs are cloned first so that freezing never reaches shared values such as DEFAULT_CONTRACT.
  const { evalCase, trace, contract } = structuredClone({
    evalCase: makeCase(input.case),
    trace: makeTrace(input.trace),
    contract: { ...DEFAULT_CONTRACT, ...input.contract },
  });
  return check.run(deepFreeze(createCheckContext(deepFreeze(evalCase), deepFreeze(trace), deepFreeze(contract))));
}

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) {
      deepFreeze(child);
    }
  }
  return value;
}

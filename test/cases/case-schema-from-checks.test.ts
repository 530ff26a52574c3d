import { describe, expect, it } from 'vitest';
import { buildCaseSchemas, CASE_SCHEMAS } from '../../src/cases/schema.js';
import { CHECKS } from '../../src/checks/index.js';
import { CASE_FIELDS_READ } from '../../src/model/check-ids.generated.js';

const question = 'why is checkout slow?';

function unknownKeys(result: { success: boolean; error?: { issues: readonly { code: string; keys?: string[] }[] } }) {
  return (result.error?.issues ?? []).flatMap((issue) =>
    issue.code === 'unrecognized_keys' ? (issue.keys ?? []) : [],
  );
}

describe('the case schema is assembled from the checks’ inputs', () => {
  it('holds every field some check reads, the generated list being the union of the checks’ inputs', () => {
    expect([...CASE_FIELDS_READ].sort()).toEqual([...new Set(CHECKS.flatMap((check) => check.inputs))].sort());
    const { caseDefaults } = CASE_SCHEMAS;
    const topLevel = CASE_FIELDS_READ.filter((path) => path !== 'question').map((path) => path.split('.')[0]);
    expect(Object.keys(caseDefaults.shape).sort()).toEqual([...new Set([...topLevel, 'tags', 'checks'])].sort());
  });

  it('leaves out an expectation no check reads, so a case that sets it is told the field is unknown', () => {
    const { caseEntry } = buildCaseSchemas(['budget.maxTokens', 'rootCauseKeywords']);
    expect(
      caseEntry.safeParse({ id: 'a', question, rootCauseKeywords: ['pool'], budget: { maxTokens: 10 }, tags: ['x'] })
        .success,
    ).toBe(true);
    expect(unknownKeys(caseEntry.safeParse({ id: 'a', question, budget: { maxToolCalls: 3 } }))).toEqual([
      'maxToolCalls',
    ]);
    expect(unknownKeys(caseEntry.safeParse({ id: 'a', question, allowedVerdicts: ['PASS'] }))).toEqual([
      'allowedVerdicts',
    ]);
    // An object none of whose fields is read is left out whole.
    expect(unknownKeys(caseEntry.safeParse({ id: 'a', question, audit: { v2: true } }))).toEqual(['audit']);
  });

  it('keeps the fields that name a case, its tags and its severities whatever the checks read', () => {
    const { caseEntry } = buildCaseSchemas([]);
    const entry = {
      id: 'a',
      question,
      traceFixture: 'a.json',
      sessionId: 's-1',
      match: { traceId: 't-1' },
      tags: ['x'],
      checks: { 'tool-call-budget': 'warn' },
    };
    expect(caseEntry.safeParse(entry).success).toBe(true);
    expect(unknownKeys(caseEntry.safeParse({ ...entry, rootCauseKeywords: ['pool'] }))).toEqual(['rootCauseKeywords']);
  });
});

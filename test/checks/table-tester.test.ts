import { describe, expect, it } from 'vitest';

import { durationBudgetCheck } from '../../src/checks/duration-budget.js';
import { evidenceCoverageCheck } from '../../src/checks/evidence-coverage.js';
import { keywordCoverageCheck } from '../../src/checks/keyword-coverage.js';
import { noRawStructureCheck } from '../../src/checks/no-raw-structure.js';
import type { CheckDefinition } from '../../src/checks/types.js';
import { type CheckTable, type FindingRow, tableProblems, undeclaredInputs } from './helpers.js';

/** duration-budget can pass, fail and skip; these rows show each once. */
const budget = { budget: { maxDurationMs: 1000 } };
const sound: CheckTable = {
  valid: [{ name: 'within', case: budget, trace: { durationMs: 10 } }],
  invalid: [
    {
      name: 'over',
      case: budget,
      trace: { durationMs: 2000 },
      message: 'exceeds the budget',
      messageId: 'over',
      data: { duration: 2000, budget: 1000, excess: 1000 },
    },
  ],
  skipped: [{ name: 'no budget', trace: { durationMs: 10 }, message: 'no duration budget' }],
};

describe('the check table tester refuses the tables ESLint’s RuleTester would', () => {
  it('accepts a sound table, and one split over several tables of the same file', () => {
    expect(tableProblems(durationBudgetCheck, [sound])).toEqual([]);
    const { skipped, ...rest } = sound;
    expect(tableProblems(durationBudgetCheck, [rest, { skipped }])).toEqual([]);
  });

  it('refuses a row whose input repeats another row, naming both, also across outcomes and tables', () => {
    const repeat: CheckTable = { valid: [{ name: 'within again', case: budget, trace: { durationMs: 10 } }] };
    expect(tableProblems(durationBudgetCheck, [sound, repeat])).toEqual([
      'row "within again" has the same input as row "within"',
    ]);
    const sameAsFailing: CheckTable = {
      ...sound,
      skipped: [...(sound.skipped ?? []), { name: 'copied', case: budget, trace: { durationMs: 2000 }, message: 'x' }],
    };
    expect(tableProblems(durationBudgetCheck, [sameAsFailing])).toEqual([
      'row "copied" has the same input as row "over"',
    ]);
  });

  it('sees a repeat spelled differently: a default written out is the same input', () => {
    const spelledOut: CheckTable = {
      ...sound,
      valid: [
        ...(sound.valid ?? []),
        { name: 'within, contract spelled out', case: budget, trace: { durationMs: 10 }, contract: {} },
      ],
    };
    expect(tableProblems(durationBudgetCheck, [spelledOut])).toEqual([
      'row "within, contract spelled out" has the same input as row "within"',
    ]);
  });

  it('keeps rows apart that differ only in key order, which a check may see', () => {
    const reordered: CheckTable = {
      ...sound,
      valid: [
        ...(sound.valid ?? []),
        {
          name: 'a call',
          case: budget,
          trace: { durationMs: 10, toolInvocations: [{ toolName: 'q', evidenceStatus: 'supported', durationMs: 1 }] },
        },
        {
          name: 'the call, keys reordered',
          case: budget,
          trace: { durationMs: 10, toolInvocations: [{ durationMs: 1, evidenceStatus: 'supported', toolName: 'q' }] },
        },
      ],
    };
    expect(tableProblems(durationBudgetCheck, [reordered])).toEqual([]);
  });

  it('refuses a failing or skipped row that expects no part of the message', () => {
    const vague: CheckTable = {
      valid: sound.valid,
      invalid: [
        {
          name: 'over, says nothing',
          case: budget,
          trace: { durationMs: 2000 },
          message: '',
          messageId: 'over',
          data: { duration: 2000, budget: 1000, excess: 1000 },
        },
      ],
      skipped: [{ name: 'no budget, says nothing', trace: { durationMs: 10 }, message: ' \n' }],
    };
    expect(tableProblems(durationBudgetCheck, [vague])).toEqual([
      'row "over, says nothing" (fail) names no part of the message it expects',
      'row "no budget, says nothing" (skip) names no part of the message it expects',
    ]);
  });

  it('refuses a table that leaves out an outcome the check can give', () => {
    expect(tableProblems(durationBudgetCheck, [{ valid: sound.valid }])).toEqual([
      'no row shows outcome fail, which duration-budget can give',
      'no row shows outcome skip, which duration-budget can give',
    ]);
    expect(tableProblems(durationBudgetCheck, [{ invalid: sound.invalid, skipped: sound.skipped }])).toEqual([
      'no row shows outcome pass, which duration-budget can give',
    ]);
  });

  it('asks no skip of a check whose skippedWhen is "never"', () => {
    expect(noRawStructureCheck.skippedWhen).toBe('never');
    const table: CheckTable = {
      valid: [{ name: 'prose', trace: { finalAnswer: 'the pool is exhausted' } }],
      invalid: [
        {
          name: 'raw',
          trace: { finalAnswer: '{"a":1,"b":2}' },
          message: 'raw',
          messageId: 'rawStructure',
          data: {
            problems: {
              parts: [{ messageId: 'jsonObject', data: { keys: 2, literal: '"{\\"a\\":1,\\"b\\":2}"' } }],
              separator: '; ',
            },
          },
        },
      ],
    };
    expect(tableProblems(noRawStructureCheck, [table])).toEqual([]);
  });

  it('takes an outcome run cannot give only with a reason, and only when no row expects it', () => {
    const { invalid, ...withoutFail } = sound;
    expect(tableProblems(durationBudgetCheck, [{ ...withoutFail, unreachable: { fail: 'fails elsewhere' } }])).toEqual(
      [],
    );
    expect(tableProblems(durationBudgetCheck, [{ ...withoutFail, unreachable: { fail: ' ' } }])).toEqual([
      'outcome fail is declared unreachable without a reason',
    ]);
    expect(tableProblems(durationBudgetCheck, [{ ...sound, unreachable: { fail: 'fails elsewhere' } }])).toEqual([
      'outcome fail is declared unreachable (fails elsewhere), yet rows expect it',
    ]);
    expect(invalid).toHaveLength(1);
  });

  it('refuses an invalid row that asserts no messageId, a messageId the check lacks, or no data for its placeholders', () => {
    const [over] = sound.invalid ?? [];
    const { messageId, data, ...bare } = over as FindingRow;
    expect(messageId).toBe('over');
    const table = (row: FindingRow): CheckTable => ({ ...sound, invalid: [row] });
    expect(tableProblems(durationBudgetCheck, [table(bare)])).toEqual(['row "over" (fail) asserts no messageId']);
    expect(tableProblems(durationBudgetCheck, [table({ ...bare, messageId: 'tooSlow', data })])).toEqual([
      'row "over" expects messageId "tooSlow", which is not a message of duration-budget',
    ]);
    expect(tableProblems(durationBudgetCheck, [table({ ...bare, messageId })])).toEqual([
      'row "over" (fail) asserts no data for the placeholders of "over"',
    ]);
  });

  it("in the check's own test file, refuses a message no row's finding uses", () => {
    expect(tableProblems(durationBudgetCheck, [sound], { everyMessage: true })).toEqual([
      'no row\'s finding uses message "noDuration"',
    ]);
    const noDuration: CheckTable = {
      skipped: [{ name: 'no duration', case: budget, trace: { durationMs: null }, message: 'no duration' }],
    };
    expect(tableProblems(durationBudgetCheck, [sound, noDuration], { everyMessage: true })).toEqual([]);
  });

  it('refuses a message found with two outcomes: one messageId stands for one outcome', () => {
    const shifty: CheckDefinition = {
      ...durationBudgetCheck,
      run: (context) => ({ ...durationBudgetCheck.run(context), messageId: 'noBudget', data: {} }),
    };
    expect(tableProblems(shifty, [sound], { everyMessage: true })).toContain(
      'message "noBudget" is found with outcomes pass and fail and skip',
    );
  });

  it('names the case fields a check reads that its inputs do not declare', () => {
    const row = { name: 'over', case: budget, trace: { durationMs: 2000 } };
    expect(undeclaredInputs(durationBudgetCheck, row)).toEqual([]);
    expect(undeclaredInputs({ ...durationBudgetCheck, inputs: [] }, row)).toEqual(['budget.maxDurationMs']);
    expect(undeclaredInputs({ ...durationBudgetCheck, inputs: ['budget.maxToolCalls'] }, row)).toEqual([
      'budget.maxDurationMs',
    ]);
    // Through the context's coverage figures too, by the case-file names of the fields they are made from.
    const coverageRow = { name: 'covered', case: { requiredEvidenceTools: ['queryLogs'] } };
    expect(undeclaredInputs({ ...evidenceCoverageCheck, inputs: [] }, coverageRow)).toEqual(['requiredEvidenceTools']);
    expect(
      undeclaredInputs({ ...keywordCoverageCheck, inputs: [] }, { case: { rootCauseKeywords: ['pool'] } }),
    ).toEqual(['minKeywordCoverage', 'rootCauseKeywords']);
  });
});

import { describe, expect, it } from 'vitest';

import { durationBudgetCheck } from '../../src/checks/duration-budget.js';
import { noRawStructureCheck } from '../../src/checks/no-raw-structure.js';
import { type CheckTable, tableProblems } from './helpers.js';

/** duration-budget can pass, fail and skip; these rows show each once. */
const budget = { budget: { maxDurationMs: 1000 } };
const sound: CheckTable = {
  valid: [{ name: 'within', case: budget, trace: { durationMs: 10 } }],
  invalid: [{ name: 'over', case: budget, trace: { durationMs: 2000 }, message: 'exceeds the budget' }],
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
      invalid: [{ name: 'over, says nothing', case: budget, trace: { durationMs: 2000 }, message: '' }],
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
      invalid: [{ name: 'raw', trace: { finalAnswer: '{"a":1}' }, message: 'raw' }],
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
});

import { describe, expect, it } from 'vitest';
import { SharedCheckRows } from '../src/shared-check-rows.js';

describe('SharedCheckRows', () => {
  it('gives equal rows as one frozen object, from its recent rows or from the map', () => {
    const rows = new SharedCheckRows(2);
    const first = rows.row(0, 'tool-call-budget', 'pass', `${5} tool calls, within the budget of 8`);
    expect(first).toEqual({
      check: 'tool-call-budget',
      outcome: 'pass',
      message: '5 tool calls, within the budget of 8',
    });
    expect(Object.isFrozen(first)).toBe(true);
    expect(rows.row(0, 'tool-call-budget', 'pass', `${5} tool calls, within the budget of ${8}`)).toBe(first);
    // Pushed out of the recent ring by eight other rows, it is still found in the map.
    for (const count of [1, 2, 3, 4, 6, 7, 8, 9]) rows.row(0, 'tool-call-budget', 'pass', `${count} tool calls`);
    expect(rows.row(0, 'tool-call-budget', 'pass', '5 tool calls, within the budget of 8')).toBe(first);
  });

  it('keeps rows apart that differ in check or outcome, though their messages are equal', () => {
    const rows = new SharedCheckRows(2);
    const failed = rows.row(0, 'evidence-coverage', 'fail', 'missing queryLogs');
    const warned = rows.row(0, 'evidence-coverage', 'warn', 'missing queryLogs');
    const other = rows.row(1, 'evidence-substance', 'fail', 'missing queryLogs');
    expect(new Set([failed, warned, other]).size).toBe(3);
    expect([warned.outcome, other.check]).toEqual(['warn', 'evidence-substance']);
    expect(rows.row(1, 'evidence-substance', 'fail', 'missing queryLogs')).toBe(other);
  });

  it('is emptied when full: rows are made anew, equal to the old ones', () => {
    const rows = new SharedCheckRows(1, 3);
    const first = rows.row(0, 'verdict-present', 'pass', 'a');
    // More rows than the recent ones of a check, and than the map holds.
    for (const message of 'bcdefghijk') rows.row(0, 'verdict-present', 'pass', message);
    const again = rows.row(0, 'verdict-present', 'pass', 'a');
    expect(again).not.toBe(first);
    expect(again).toEqual(first);
  });

  it('stops sharing the rows of a check that seldom repeat them, which then take no place in the map', () => {
    const rows = new SharedCheckRows(2, 1100);
    const kept = rows.row(1, 'tool-call-budget', 'pass', 'kept');
    // Eight other rows push it out of the check's recent rows: from now on it is found in the map only.
    for (let count = 0; count < 8; count += 1) rows.row(1, 'tool-call-budget', 'pass', `other ${count}`);
    // A duration per trace: after 1000 rows, all new, the check's rows are no longer looked for or kept.
    const durations = Array.from({ length: 1500 }, (_unused, index) =>
      rows.row(0, 'duration-budget', 'pass', `took ${index} ms`),
    );
    expect(durations.at(-1)).toEqual({ check: 'duration-budget', outcome: 'pass', message: 'took 1499 ms' });
    expect(Object.isFrozen(durations.at(-1))).toBe(true);
    expect(rows.row(0, 'duration-budget', 'pass', 'took 1499 ms')).not.toBe(durations.at(-1));
    // Without the stop, 1,500 rows would have filled the map past 1,100 and emptied it.
    expect(rows.row(1, 'tool-call-budget', 'pass', 'kept')).toBe(kept);
  });
});

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
    // Pushed out of the recent ring by four other rows, it is still found in the map.
    for (const count of [1, 2, 3, 4]) rows.row(0, 'tool-call-budget', 'pass', `${count} tool calls`);
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
    for (const message of ['b', 'c', 'd', 'e', 'f']) rows.row(0, 'verdict-present', 'pass', message);
    const again = rows.row(0, 'verdict-present', 'pass', 'a');
    expect(again).not.toBe(first);
    expect(again).toEqual(first);
  });
});

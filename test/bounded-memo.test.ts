import { describe, expect, it } from 'vitest';
import { BoundedMemo } from '../src/checks/bounded-memo.js';

describe('BoundedMemo', () => {
  it('makes a value once per key and then looks it up', () => {
    const memo = new BoundedMemo<string, string>(10);
    const made: string[] = [];
    const make = (key: string): string => {
      made.push(key);
      return key.toUpperCase();
    };
    expect([memo.get('a', make), memo.get('b', make), memo.get('a', make)]).toEqual(['A', 'B', 'A']);
    expect(made).toEqual(['a', 'b']);
  });

  it('is emptied when full, and then makes the values again', () => {
    const memo = new BoundedMemo<number, number>(2);
    let calls = 0;
    const make = (key: number): number => {
      calls += 1;
      return key * 2;
    };
    for (const key of [1, 2, 3, 1]) memo.get(key, make);
    // 1 and 2 fill it; 3 empties it and stays; 1 is made again.
    expect(calls).toBe(4);
    expect(memo.get(3, make)).toBe(6);
    expect(calls).toBe(4);
  });
});

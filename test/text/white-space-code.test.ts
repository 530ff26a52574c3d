import { describe, expect, it } from 'vitest';
import { isWhiteSpaceCode } from '../../src/text/normalize.js';

describe('isWhiteSpaceCode', () => {
  it('answers as `\\s` and String.prototype.trim do, on every UTF-16 code unit', () => {
    const differing: number[] = [];
    for (let code = 0; code <= 0xffff; code += 1) {
      const character = String.fromCharCode(code);
      const expected = /\s/u.test(character);
      expect(character.trim() === '').toBe(expected);
      if (isWhiteSpaceCode(code) !== expected) differing.push(code);
    }
    expect(differing).toEqual([]);
  });
});

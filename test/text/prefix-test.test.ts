import { describe, expect, it } from 'vitest';
import { startsWithAnyOf } from '../../src/text/prefix-test.js';

describe('startsWithAnyOf: a text starting with any of the prefixes', () => {
  const test = startsWithAnyOf(['gen_ai.prompt.', 'llm.input_messages.', 'a+b(c)[d]^$|?*\\']);
  it.each([
    ['gen_ai.prompt.0.role', true],
    ['llm.input_messages.3.message.content', true],
    ['a+b(c)[d]^$|?*\\ and more', true],
    ['gen_ai.prompt', false],
    ['gen_ai_prompt.0.role', false],
    ['x.gen_ai.prompt.0', false],
    ['llm.output_messages.0', false],
    ['aab(c)[d]', false],
    ['', false],
  ])('%j: %s', (text, expected) => {
    expect(test(text)).toBe(expected);
  });
});

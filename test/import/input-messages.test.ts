import { describe, expect, it } from 'vitest';
import { ConversationHistories, readInputMessages } from '../../src/import/map/input-messages.js';
import { parseEmbeddedJson } from '../../src/io/json/parse-json.js';

const user = (text: string) => ({ role: 'user', parts: [{ type: 'text', content: text }] });
const call = (id: string) => ({ role: 'assistant', parts: [{ type: 'tool_call', id, name: 'look', arguments: {} }] });
const response = (id: string, value: unknown) => ({
  role: 'user',
  parts: [{ type: 'tool_call_response', id, response: value }],
});
const tool = (id: string, content: string) => ({ role: 'tool', tool_call_id: id, content });

const first = [{ role: 'system', content: 'You diagnose incidents.' }, user('Why is checkout slow?')];
const second = [...first, call('c1'), response('c1', { p99: '5.2s' })];
const third = [...second, call('c2'), tool('c2', 'pool 100/100')];
const pythonStyle = (list: unknown[]) => JSON.stringify(list).replaceAll('","', '", "').replaceAll('},{', '}, {');

describe('ConversationHistories: a model call read as a continuation of the previous one reads as the whole text', () => {
  it.each([
    ['a conversation growing call after call', [first, second, third].map((list) => JSON.stringify(list))],
    ['written with a space after each comma (Python)', [first, second, third].map(pythonStyle)],
    ['pretty-printed', [first, second, third].map((list) => JSON.stringify(list, null, 2))],
    [
      'a question only after the first call',
      [[{ role: 'system', content: 's' }], [{ role: 'system', content: 's' }, user('问题')]].map((list) =>
        JSON.stringify(list),
      ),
    ],
    [
      'a continuation holding a long integer',
      [JSON.stringify(first), `${JSON.stringify(first).slice(0, -1)},12345678901234567890]`],
    ],
    ['a continuation that ends in a comma', [JSON.stringify(first), `${JSON.stringify(first).slice(0, -1)},]`]],
    ['a continuation that is not JSON', [JSON.stringify(first), `${JSON.stringify(first).slice(0, -1)},{"role":]`]],
    ['a text after a trailing space', [`${JSON.stringify(first)} `, JSON.stringify(second), JSON.stringify(third)]],
    ['another conversation in between', [first, [user('other')], second, third].map((list) => JSON.stringify(list))],
    ['a list without messages, then messages', ['[1]', '[1,{"role":"user","content":"late"}]']],
    ['an empty list, then a list', ['[]', JSON.stringify(first)]],
    ['an object, then a list', ['{"role":"user"}', JSON.stringify(first)]],
  ])('%s', (_name, texts) => {
    const histories = new ConversationHistories();
    for (const text of texts) {
      expect(histories.read('t1', text)).toEqual(readInputMessages(parseEmbeddedJson(text)));
    }
  });

  it('reads the first user text and every tool response of a continued conversation', () => {
    const histories = new ConversationHistories();
    histories.read('t1', JSON.stringify(second));
    expect(histories.read('t1', JSON.stringify(third))).toEqual({
      hasMessage: true,
      firstUserText: 'Why is checkout slow?',
      toolResponses: [
        { id: 'c1', response: { p99: '5.2s' } },
        { id: 'c2', response: 'pool 100/100' },
      ],
    });
  });

  it('keeps the conversations of different traces apart', () => {
    const histories = new ConversationHistories();
    histories.read('t1', JSON.stringify(second));
    const other = JSON.stringify([...first.slice(0, 1), user('Another question'), call('c9')]);
    expect(histories.read('t2', other)).toEqual(readInputMessages(parseEmbeddedJson(other)));
    expect(histories.read('t1', JSON.stringify(third)).toolResponses).toHaveLength(2);
  });
});

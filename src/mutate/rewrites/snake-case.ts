import { isRecord } from '../../io/validation/is-record.js';
import { snakeKeyOf } from '../../trace/envelope.js';
import type { JsonObject, PlainTrace } from '../plain-trace.js';
import type { PreservingRewrite } from '../types.js';

/** The same trace with snake_case keys, as some services write it (docs/contract.md §3). */
export const snakeCase: PreservingRewrite = {
  id: 'snake-case',
  description: 'the keys of the trace, its tool invocations and agent steps written snake_case',
  rewrite({ trace }) {
    const snake = snakeKeys(structuredClone(trace));
    for (const listKey of ['tool_invocations', 'agent_steps']) {
      const list = snake[listKey];
      if (Array.isArray(list)) snake[listKey] = list.map((item) => (isRecord(item) ? snakeKeys(item) : item));
    }
    return [{ label: 'snake_case keys', document: snake }];
  },
};

function snakeKeys(object: JsonObject): PlainTrace {
  return Object.fromEntries(Object.entries(object).map(([key, value]) => [snakeKeyOf(key), value]));
}

import { changed, isObject, type JsonObject } from '../plain-trace.js';
import type { PreservingRewrite } from '../types.js';

/** The same trace with snake_case keys, as some services write it (docs/contract.md §3). */
export const snakeCase: PreservingRewrite = {
  id: 'snake-case',
  description: 'the keys of the trace, its tool invocations and agent steps written snake_case',
  rewrite({ trace }) {
    return [
      {
        label: 'snake_case keys',
        document: changed(trace, (copy) => {
          const snake = snakeKeys(copy);
          for (const key of Object.keys(copy)) delete copy[key];
          for (const listKey of ['tool_invocations', 'agent_steps']) {
            const list = snake[listKey];
            if (Array.isArray(list)) snake[listKey] = list.map((item) => (isObject(item) ? snakeKeys(item) : item));
          }
          Object.assign(copy, snake);
        }),
      },
    ];
  },
};

function snakeKeys(object: JsonObject): JsonObject {
  const result: JsonObject = {};
  for (const [key, value] of Object.entries(object))
    result[key.replace(/[A-Z]/gu, (letter) => `_${letter.toLowerCase()}`)] = value;
  return result;
}

import { describe } from 'vitest';

import { noRawStructureCheck } from '../../src/checks/no-raw-structure.js';
import { type ContextInput, testCheck } from './helpers.js';

const v2 = { audit: { v2: true, claimChecks: true, composerOutput: true } };
const answer = (finalAnswer: string, audit = false): ContextInput => ({
  trace: { finalAnswer },
  ...(audit ? { case: v2 } : {}),
});

describe('no-raw-structure (S40)', () => {
  testCheck(noRawStructureCheck, {
    valid: [
      {
        name: 'S40 EN: prose only',
        ...answer('The connection pool was exhausted by a batch job.'),
        message: 'no JSON object outside code blocks',
      },
      {
        name: 'S40 EN: braces in prose are no JSON ("{a, b}", a path template)',
        // biome-ignore lint/suspicious/noTemplateCurlyInString: the answer holds a shell variable in prose, on purpose
        ...answer('Both {a, b} were slow; see /api/v1/products/{id} and ${HOME}.'),
      },
      {
        name: 'S40 EN: a single-key object reads as a value',
        ...answer('The gatekeeper returned {"status": "pass"}.'),
      },
      {
        name: 'S40 EN: JSON inside a ``` fenced block',
        ...answer('Config:\n```json\n{"maxPoolSize": 50, "timeoutMs": 30000}\n```\nRaise the pool.'),
      },
      { name: 'S40 EN: JSON inside a ~~~ fenced block', ...answer('~~~\n{"answer": "x", "evidence": []}\n~~~') },
      {
        name: 'S40 ZH: 围栏代码块中的 JSON',
        ...answer('配置如下：\n```\n{"maximumPoolSize": 50, "connectionTimeout": 30000}\n```\n建议调大连接池。'),
      },
      { name: 'S40 ZH: 纯文本', ...answer('结论：连接池被对账任务耗尽（50/50）。') },
      {
        name: 'S40: under V2, prose words that only resemble markers ("claim identified")',
        ...answer('The claim identified by the verifier holds.', true),
        message: 'no protocol marker in another spelling',
      },
      { name: 'S40: the exact marker is left to no-protocol-leak', ...answer('(evidence_bindings: ev-2)', true) },
      { name: 'S40: without V2, folded markers are not looked for', ...answer('evidence bindings: ev-2') },
    ],
    invalid: [
      {
        name: 'S40 EN: raw executor JSON pasted into the answer',
        ...answer('{"answer": "pool exhausted", "evidence_bindings": ["ev-1"]}'),
        message: 'a JSON object with 2 keys outside a code block: "{\\"answer\\": \\"pool exhausted\\"',
        ...rawStructure('jsonObject', {
          keys: 2,
          literal: '"{\\"answer\\": \\"pool exhausted\\", \\"evidence_bindings\\": [\\"ev-1\\"]}"',
        }),
      },
      {
        name: 'S40 EN: JSON after prose, over several lines',
        ...answer('Result:\n{\n  "root_cause": "pool",\n  "confidence": 0.9\n}'),
        message: '"{ \\"root_cause\\": \\"pool\\", \\"confidence\\": 0.9 }"',
        ...rawStructure('jsonObject', {
          keys: 2,
          literal: '"{ \\"root_cause\\": \\"pool\\", \\"confidence\\": 0.9 }"',
        }),
      },
      {
        name: 'S40 EN: nested JSON inside a one-key object',
        ...answer('{"data": {"a": 1, "b": 2}}'),
        message: '2 keys',
        ...rawStructure('jsonObject', { keys: 2, literal: '"{\\"a\\": 1, \\"b\\": 2}"' }),
      },
      {
        name: 'S40 EN: an object inside a list',
        ...answer('[{"claim": "x", "status": "ok"}]'),
        message: '{\\"claim\\": \\"x\\"',
        ...rawStructure('jsonObject', { keys: 2, literal: '"{\\"claim\\": \\"x\\", \\"status\\": \\"ok\\"}"' }),
      },
      {
        name: 'S40 EN: JSON after a closed fence',
        ...answer('```\ncode\n```\n{"a": 1, "b": 2}'),
        message: '"{\\"a\\": 1, \\"b\\": 2}"',
        ...rawStructure('jsonObject', { keys: 2, literal: '"{\\"a\\": 1, \\"b\\": 2}"' }),
      },
      {
        name: 'S40 ZH: 答案中粘贴了执行器 JSON',
        ...answer('结论如下：{"answer": "连接池耗尽", "claims": []}'),
        message: '2 keys',
        ...rawStructure('jsonObject', { keys: 2, literal: '"{\\"answer\\": \\"连接池耗尽\\", \\"claims\\": []}"' }),
      },
      {
        name: 'S40: V2: "evidence-bindings" with a dash',
        ...answer('See evidence-bindings ev-2.', true),
        message: 'marker "evidence_bindings" written as "evidence-bindings"',
        ...rawStructure('respeltMarker', {
          markerWord: 'marker',
          markers: '"evidence_bindings"',
          written: '"evidence-bindings"',
        }),
      },
      {
        name: 'S40: V2: "claim id" with a space',
        ...answer('Each Claim ID is verified.', true),
        message: '"claim id"',
        ...rawStructure('respeltMarker', { markerWord: 'marker', markers: '"claim_id"', written: '"claim id"' }),
      },
      {
        name: 'S40: V2: "answerVersion" in camelCase',
        ...answer('answerVersion: 2', true),
        message: '"answer_version"',
        ...rawStructure('respeltMarker', {
          markerWord: 'marker',
          markers: '"answer_version"',
          written: '"answerversion"',
        }),
      },
      {
        name: 'S40: V2 ZH: 证据绑定字段 "evidence bindings"',
        ...answer('依据（evidence bindings：ev-2、ev-4）', true),
        message: '"evidence_bindings"',
        ...rawStructure('respeltMarker', {
          markerWord: 'marker',
          markers: '"evidence_bindings"',
          written: '"evidence bindings"',
        }),
      },
    ],
  });
});

/** The finding of an answer with one piece of raw structure: its messageId and data as the message states them. */
function rawStructure(messageId: string, data: Record<string, string | number>) {
  return { messageId: 'rawStructure', data: { problems: { parts: [{ messageId, data }], separator: '; ' } } };
}

import { describe } from 'vitest';

import { singleConclusionCheck } from '../../src/checks/single-conclusion.js';
import { makeVerifierEvaluation, testCheck } from './helpers.js';

const ELEVEN = [
  'slow queries',
  'missing indexes',
  'lock contention',
  'network latency',
  'disk I/O',
  'memory pressure',
  'CPU saturation',
  'a bad deploy',
  'a config change',
  'GC pauses',
  'connection pool exhaustion',
];

describe('single-conclusion (S69)', () => {
  testCheck(singleConclusionCheck, {
    valid: [
      {
        name: 'S69 EN an answer that states one cause passes',
        trace: { finalAnswer: 'Root cause: the connection pool was exhausted by the settlement job.' },
        message: 'the answer offers no list of candidate causes',
      },
      {
        name: 'S69 EN three possible causes are within the default of 3',
        trace: { finalAnswer: 'Possible causes:\n- slow queries\n- lock contention\n- GC pauses' },
        message: '3 candidate causes, within maxCandidateCauses 3',
      },
      {
        name: 'S69 EN eleven possible causes and a chosen one pass',
        trace: {
          finalAnswer: `Possible causes:\n${ELEVEN.map((cause) => `- ${cause}`).join('\n')}\n\nRoot cause: connection pool exhaustion, confirmed by the pool metrics.`,
        },
        message: '11 candidate causes, and the answer chooses one',
      },
      {
        name: 'S69 EN a candidate marked most likely is a choice',
        trace: {
          finalAnswer:
            'Potential causes:\n1. slow queries\n2. lock contention (most likely: the lock waits match the timeouts)\n3. GC pauses\n4. network latency',
        },
      },
      {
        name: 'S69 ZH 列出候选并给出根因',
        trace: { finalAnswer: '可能的原因：\n1. 慢查询\n2. 锁等待\n3. 网络抖动\n4. 连接池耗尽\n\n根因是连接池耗尽。' },
      },
      {
        name: 'S69 EN a ranked list of faults chooses its first',
        trace: {
          finalAnswer:
            'Final Answer:\n1. **Type**: node CPU load\n2. **Type**: container memory\n3. **Type**: disk I/O\n4. **Type**: network loss',
        },
      },
      {
        name: 'S69 EN joint contributing factors are not candidates',
        trace: {
          finalAnswer:
            'The root cause of the high CPU usage can be attributed to the following factors:\n1. many running processes\n2. high system load\n3. a resource-intensive DELETE on table1\n4. a missing index',
        },
      },
      {
        name: 'S69 a case may allow more candidates',
        case: { maxCandidateCauses: 11 },
        trace: { finalAnswer: `Possible causes:\n${ELEVEN.map((cause) => `- ${cause}`).join('\n')}` },
      },
    ],
    invalid: [
      {
        name: 'S69 EN eleven possible causes without a choice fail',
        trace: {
          finalAnswer: `Possible root causes:\n${ELEVEN.map((cause, index) => `${index + 1}. ${cause}`).join('\n')}`,
        },
        message:
          'the answer offers 11 candidate causes without choosing one (maxCandidateCauses 3): "slow queries", "missing indexes", "lock contention", "network latency", …',
        messageId: 'noneChosen',
        data: {
          candidates: 11,
          allowed: 3,
          quoted: '"slow queries", "missing indexes", "lock contention", "network latency"',
          more: ', …',
        },
      },
      {
        name: 'S69 ZH 列出五种可能原因而不下结论',
        trace: {
          finalAnswer: '可能的原因有：\n- 慢查询\n- 锁等待\n- 网络抖动\n- 磁盘写满\n- 内存不足\n需要进一步排查。',
        },
        message: 'the answer offers 5 candidate causes without choosing one',
        messageId: 'noneChosen',
        data: { candidates: 5, allowed: 3, quoted: '"慢查询", "锁等待", "网络抖动", "磁盘写满"', more: ', …' },
      },
      {
        name: 'S69 a case may allow fewer candidates',
        case: { maxCandidateCauses: 1 },
        trace: { finalAnswer: 'Possible causes:\n- slow queries\n- lock contention' },
        message: '(maxCandidateCauses 1)',
        messageId: 'noneChosen',
        data: { candidates: 2, allowed: 1, quoted: '"slow queries", "lock contention"', more: '' },
      },
    ],
    skipped: [
      { name: 'S69 skipped on an empty answer', trace: { finalAnswer: '' }, message: 'the final answer is empty' },
      {
        name: 'S69 skipped for a rejected answer',
        trace: {
          finalAnswer: '证据不足，无法确认根因。可能的原因：\n- 慢查询\n- 锁等待\n- 网络抖动\n- 磁盘写满',
          verifierEvaluation: makeVerifierEvaluation({ verdict: 'REJECT' }),
        },
        message: 'a rejected answer states no conclusion',
      },
    ],
  });
});

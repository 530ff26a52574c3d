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
        name: 'S69 EN two rivals are within the default of 3',
        trace: { finalAnswer: 'The timeouts could be due to an unhandled exception or a deliberate shutdown.' },
        message: '2 candidate causes, within maxCandidateCauses 3',
      },
      {
        name: 'S69 ZH 两个并列的可能原因在默认的 3 个以内',
        trace: { finalAnswer: '可能是网络抖动，也可能是慢查询，目前无法确定。' },
        message: '2 candidate causes, within maxCandidateCauses 3',
      },
      {
        name: 'S69 EN a rival statement with a confidence qualifier chooses',
        trace: { finalAnswer: 'Most likely the connection pool, or perhaps the disk, or GC, or the network.' },
        message: 'the answer offers no list of candidate causes',
      },
      {
        name: 'S69 ZH 带把握词的并列陈述做了选择',
        trace: { finalAnswer: '很可能是连接池耗尽，或者是磁盘、GC、网络的问题。' },
        message: 'the answer offers no list of candidate causes',
      },
      {
        name: 'S69 EN modals that offer no cause are no rivals ("could provide …, or …")',
        trace: {
          finalAnswer:
            'If you could provide the logs, or the metrics, or the traces, or the config, I could tell more. The pool may run dry when two or more jobs run.',
        },
        message: 'the answer offers no list of candidate causes',
      },
      {
        name: 'S69 EN rivals listed, then a root cause chosen, pass',
        trace: {
          finalAnswer:
            'It could be the network, or the disk, or GC, or DNS. Root cause: the connection pool, exhausted by the settlement job.',
        },
        message: '4 candidate causes, and the answer chooses one',
      },
      {
        name: 'S69 ZH 列出并列可能后给出根因',
        trace: { finalAnswer: '可能是网络，也可能是磁盘，还可能是 GC，或者是 DNS。根因：结算任务占满了连接池。' },
        message: '4 candidate causes, and the answer chooses one',
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
        name: 'S69 EN "it could be X, or Y, or Z, or W": rivals without a choice fail',
        trace: { finalAnswer: 'It could be the network, or the disk, or GC, or DNS.' },
        message:
          'the answer offers 4 candidate causes without choosing one (maxCandidateCauses 3): "could be the network", "or the disk", "or gc", "or dns"',
        messageId: 'noneChosen',
        data: {
          candidates: 4,
          allowed: 3,
          quoted: '"could be the network", "or the disk", "or gc", "or dns"',
          more: '',
        },
      },
      {
        name: 'S69 EN a short list before the last rival counts each item',
        trace: { finalAnswer: 'The timeouts may be caused by the network, the disk, GC, or DNS.' },
        message: 'the answer offers 4 candidate causes without choosing one',
        messageId: 'noneChosen',
        data: {
          candidates: 4,
          allowed: 3,
          quoted: '"may be caused by the network", "the disk", "gc", "or dns"',
          more: '',
        },
      },
      {
        name: 'S69 ZH 「可能是 X，也可能是 Y，还可能是 Z，或者是 W」不做选择则不通过',
        trace: { finalAnswer: '可能是网络抖动，也可能是慢查询，还可能是 GC，或者是连接池耗尽，需要进一步排查。' },
        message:
          'the answer offers 4 candidate causes without choosing one (maxCandidateCauses 3): "可能是网络抖动", "也可能是慢查询", "还可能是 gc", "或者是连接池耗尽,需要进一步排查"',
        messageId: 'noneChosen',
        data: {
          candidates: 4,
          allowed: 3,
          quoted: '"可能是网络抖动", "也可能是慢查询", "还可能是 gc", "或者是连接池耗尽,需要进一步排查"',
          more: '',
        },
      },
      {
        name: 'S69 ZH 顿号列出的并列原因逐个计数',
        trace: { finalAnswer: '可能是网络、磁盘、内存或者连接池的问题。' },
        message: 'the answer offers 4 candidate causes without choosing one',
        messageId: 'noneChosen',
        data: { candidates: 4, allowed: 3, quoted: '"可能是网络", "磁盘", "内存", "或者连接池的问题"', more: '' },
      },
      {
        name: 'S69 EN a labelled conclusion that is itself a rival statement chooses none',
        trace: { finalAnswer: 'Root cause: could be the network, or the disk, or GC, or DNS.' },
        message: 'the answer offers 4 candidate causes without choosing one',
        messageId: 'noneChosen',
        data: {
          candidates: 4,
          allowed: 3,
          quoted: '"could be the network", "or the disk", "or gc", "or dns"',
          more: '',
        },
      },
      {
        name: 'S69 ZH 本身是并列陈述的结论没有做选择',
        trace: { finalAnswer: '根因：可能是网络，也可能是磁盘，还可能是 GC，或者是 DNS。' },
        message: 'the answer offers 4 candidate causes without choosing one',
        messageId: 'noneChosen',
        data: {
          candidates: 4,
          allowed: 3,
          quoted: '"可能是网络", "也可能是磁盘", "还可能是 gc", "或者是 dns"',
          more: '',
        },
      },
      {
        name: 'S69 EN two rivals fail a case that allows one',
        case: { maxCandidateCauses: 1 },
        trace: { finalAnswer: 'The timeouts could be due to an unhandled exception or a deliberate shutdown.' },
        message: 'the answer offers 2 candidate causes without choosing one (maxCandidateCauses 1)',
        messageId: 'noneChosen',
        data: {
          candidates: 2,
          allowed: 1,
          quoted: '"could be due to an unhandled exception", "or a deliberate shutdown"',
          more: '',
        },
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

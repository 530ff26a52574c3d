import { describe, expect, it } from 'vitest';

import { keywordCoverageCheck } from '../../src/checks/keyword-coverage.js';
import { computeKeywordCoverage } from '../../src/checks/measures/keyword-coverage.js';
import { makeContext, makeVerifierEvaluation, testCheck } from './helpers.js';

const poolConcepts = { rootCauseKeywords: [['connection pool', '连接池'], 'exhausted'] };
const verdict = (value: unknown) => makeVerifierEvaluation({ verdict: value });

describe('keyword-coverage (S05)', () => {
  testCheck(keywordCoverageCheck, {
    valid: [
      {
        name: 'S05 covers English concepts in any case',
        case: poolConcepts,
        trace: { finalAnswer: 'Root cause: the Connection Pool was EXHAUSTED.' },
        message: '2 of 2 root-cause concepts covered (1), minimum 1',
      },
      {
        name: 'S05 covers a concept through its Chinese synonym',
        case: {
          rootCauseKeywords: [
            ['connection pool', '连接池'],
            ['exhausted', '耗尽'],
          ],
        },
        trace: { finalAnswer: '根因：支付数据库连接池耗尽。' },
      },
      {
        name: 'S05 matches full-width ＣＰＵ in the answer against the keyword cpu (NFKC)',
        case: { rootCauseKeywords: ['cpu'] },
        trace: { finalAnswer: '节点 ＣＰＵ 使用率达到 １００％' },
      },
      {
        name: 'S05 matches a full-width keyword against ASCII text (NFKC)',
        case: { rootCauseKeywords: ['ＣＰＵ throttling'] },
        trace: { finalAnswer: 'CPU throttling on the payment pods' },
      },
      {
        name: 'S05 collapses runs of white space on both sides',
        case: { rootCauseKeywords: ['connection   pool'] },
        trace: { finalAnswer: 'the connection\n\t pool is exhausted' },
      },
      {
        name: 'S05 passes at exactly the minimum coverage',
        case: { ...poolConcepts, minKeywordCoverage: 0.5 },
        trace: { finalAnswer: '连接池配置过小' },
        message: '1 of 2 root-cause concepts covered (0.5), minimum 0.5',
      },
      {
        name: 'S05 applies to a REVISE verdict',
        case: { ...poolConcepts, allowedVerdicts: ['REVISE'] },
        trace: { finalAnswer: 'connection pool exhausted', verifierEvaluation: verdict('REVISE') },
      },
    ],
    invalid: [
      {
        name: 'S05 fails below the minimum and names the missing keyword',
        case: poolConcepts,
        trace: { finalAnswer: '连接池配置过小' },
        message: '1 of 2 root-cause concepts covered (0.5), below the minimum 1; missing: "exhausted"',
        ...belowMinimum({ covered: 1, concepts: 2, ratio: 0.5, min: 1 }, '"exhausted"'),
      },
      {
        name: 'S05 names a missing concept with all its synonyms',
        case: { ...poolConcepts, minKeywordCoverage: 0.75 },
        trace: { finalAnswer: 'threads exhausted' },
        message: 'missing: one of ["connection pool", "连接池"]',
        ...belowMinimum({ covered: 1, concepts: 2, ratio: 0.5, min: 0.75 }, 'one of ["connection pool", "连接池"]'),
      },
      {
        name: 'S05 does not round 2 of 3 up to a minimum of 0.6667',
        case: { rootCauseKeywords: ['pool', 'timeout', 'mysql'], minKeywordCoverage: 0.6667 },
        trace: { finalAnswer: 'pool timeout' },
        message: '2 of 3 root-cause concepts covered (0.6667), below the minimum 0.6667; missing: "mysql"',
        ...belowMinimum({ covered: 2, concepts: 3, ratio: 0.6667, min: 0.6667 }, '"mysql"'),
      },
      {
        name: 'S05 fails when there is no final answer',
        case: poolConcepts,
        trace: { finalAnswer: null },
        message: '0 of 2 root-cause concepts covered (0)',
        ...belowMinimum(
          { covered: 0, concepts: 2, ratio: 0, min: 1 },
          'one of ["connection pool", "连接池"], "exhausted"',
        ),
      },
      {
        name: 'S05 fails a trace without a verdict like any other',
        case: poolConcepts,
        trace: { finalAnswer: 'unknown', verifierEvaluation: null },
        message: 'below the minimum 1',
        ...belowMinimum(
          { covered: 0, concepts: 2, ratio: 0, min: 1 },
          'one of ["connection pool", "连接池"], "exhausted"',
        ),
      },
      {
        name: 'S05 does not split a Chinese keyword into characters',
        case: { rootCauseKeywords: ['连接池'] },
        trace: { finalAnswer: '连接超时，线程池满' },
        message: 'missing: "连接池"',
        ...belowMinimum({ covered: 0, concepts: 1, ratio: 0, min: 1 }, '"连接池"'),
      },
    ],
    skipped: [
      { name: 'S05 skips a case without root-cause keywords', message: 'no root-cause keywords' },
      {
        name: 'S05 skips a REJECT verdict (degraded-output applies instead)',
        case: poolConcepts,
        trace: { finalAnswer: '证据不足', verifierEvaluation: verdict('reject') },
        message: 'verdict is "REJECT"',
      },
      {
        name: 'S05 skips the reject verdict configured in the contract',
        case: poolConcepts,
        contract: { rejectVerdict: 'ABSTAIN' },
        trace: { verifierEvaluation: verdict('abstain') },
        message: 'verdict is "ABSTAIN"',
      },
    ],
  });
});

describe('keyword-coverage with the coverage already computed', () => {
  it('reads the coverage the context carries (the evaluator computes it once per trace) and gives the same finding', () => {
    const input = { case: { rootCauseKeywords: ['pool', 'exhausted'] }, trace: { finalAnswer: 'the pool' } };
    const context = makeContext(input);
    const computed = computeKeywordCoverage(context.evalCase, context.normalizedFinalAnswer);
    expect(keywordCoverageCheck.run({ ...context, keywordCoverage: computed })).toEqual(
      keywordCoverageCheck.run(makeContext(input)),
    );
    const carried = { concepts: 2, covered: 2, ratio: 1, min: 1, missing: [] };
    expect(keywordCoverageCheck.run({ ...context, keywordCoverage: carried }).outcome).toBe('pass');
  });
});

const requiredPool = { any: ['连接池', 'connection pool'], required: true };

describe('keyword-coverage: assertion-aware and required concepts (S33)', () => {
  testCheck(keywordCoverageCheck, {
    valid: [
      {
        name: 'S33 ZH contrastive negation covers the concept it asserts',
        case: { rootCauseKeywords: [['连接池', 'connection pool']] },
        trace: { finalAnswer: '不是网络问题，而是连接池耗尽。' },
      },
      {
        name: 'S33 EN contrastive negation covers the concept it asserts',
        case: { rootCauseKeywords: [['连接池', 'connection pool']] },
        trace: { finalAnswer: 'Not the network but the connection pool.' },
      },
      {
        name: 'S33 a required concept asserted with a low minimum passes',
        case: { rootCauseKeywords: [requiredPool, 'settlement-reconcile'], minKeywordCoverage: 0.5 },
        trace: { finalAnswer: 'The connection pool was exhausted.' },
        message: '1 of 2 root-cause concepts covered (0.5), minimum 0.5',
      },
      {
        name: 'S67 ZH a single modal on the only candidate covers the concept',
        case: { rootCauseKeywords: [['连接池', 'connection pool']] },
        trace: { finalAnswer: '根因可能是连接池被对账任务占满，建议暂停对账任务验证。' },
      },
      {
        name: 'S67 EN "we suspect X; rolling back should confirm it" covers the concept',
        case: { rootCauseKeywords: [['连接池', 'connection pool']] },
        trace: { finalAnswer: 'We suspect the connection pool; pausing the batch job should confirm it.' },
      },
      {
        name: 'S69 EN the first item of a ranked list is the conclusion',
        case: { rootCauseKeywords: [{ any: ['node-6'], required: true }, ['cpu load']] },
        trace: {
          finalAnswer:
            'Final Answer:\n1. **Type**: node CPU load\n   **Location**: node-6\n   **Propagation Path**: node-6 --(hosts)--> cartservice-0\n2. **Type**: container memory\n   **Location**: cartservice-0',
        },
      },
      {
        name: 'S69 ZH a labelled conclusion and a closing summary both count',
        case: { rootCauseKeywords: [{ any: ['关联查询'], required: true }] },
        trace: { finalAnswer: '- **主要根因：**慢查询 - 关联查询的性能问题。\n\n**总结：**\n- 查询优化问题是主因。' },
      },
      {
        name: 'S69 EN a "Root cause:" paragraph counts whole',
        case: { rootCauseKeywords: [{ any: ['max.poll.records'], required: true }] },
        trace: {
          finalAnswer:
            'Root cause: the consumer group is stuck in a rebalance loop. At 13:15 max.poll.records was raised to 5000.\n\nFix: revert it.',
        },
      },
      {
        name: 'S69 EN an unmarked answer: its first causal sentence is the conclusion',
        case: { rootCauseKeywords: [{ any: ['settlement job'], required: true }] },
        trace: {
          finalAnswer:
            'We checked the dashboards and the logs. The settlement job held every connection, which caused the pool exhaustion and the timeouts.',
        },
      },
      {
        name: 'S69 ZH 未标结论的回答：第一个因果句是结论',
        case: { rootCauseKeywords: [{ any: ['结算任务'], required: true }] },
        trace: { finalAnswer: '排查了监控和日志。结算任务长时间占用连接，导致连接池耗尽，接口超时。' },
      },
      {
        name: 'S69 EN "X happened. This caused Y" keeps X in the conclusion',
        case: { rootCauseKeywords: [{ any: ['max.poll.records'], required: true }] },
        trace: { finalAnswer: 'A deploy at 14:02 raised max.poll.records to 5000. This caused a rebalance loop.' },
      },
      {
        name: 'S69 ZH 「X。这导致 Y」的 X 在结论中',
        case: { rootCauseKeywords: [{ any: ['max.poll.records'], required: true }] },
        trace: { finalAnswer: '14:02 的发布把 max.poll.records 调到 5000。这导致消费者反复重平衡。' },
      },
      {
        name: 'S69 EN a denied or asked cause is no causal sentence: the next one is the conclusion',
        case: { rootCauseKeywords: [{ any: ['settlement job'], required: true }] },
        trace: {
          finalAnswer:
            'What caused the timeouts? They were not caused by the network. The settlement job held every connection, which led to pool exhaustion.',
        },
      },
      {
        name: 'S69 ZH 被追问的因果不是因果句：下一句才是结论',
        case: { rootCauseKeywords: [{ any: ['结算任务'], required: true }] },
        trace: { finalAnswer: '需要确认是否是网络抖动导致的。结算任务占满连接，导致连接池耗尽。' },
      },
      {
        name: 'S69 EN the first row of a table with a rank column is the conclusion',
        case: { rootCauseKeywords: [{ any: ['regex'], required: true }] },
        trace: {
          finalAnswer:
            '## Root causes\n\n| Rank | Root cause | Evidence |\n|---:|---|---|\n| 1 | **Catastrophic regex backtracking** in v2.31.0 | cpu 97% |\n| 2 | Connection pool exhaustion | waits |',
        },
      },
      {
        name: 'S69 ZH 「候选根因」下表格的第一行是结论',
        case: { rootCauseKeywords: [{ any: ['正则'], required: true }] },
        trace: {
          finalAnswer:
            '### 候选根因\n\n| 根因 | 依据 |\n| --- | --- |\n| v2.31.0 引入的正则灾难性回溯 | cpu 97% |\n| 连接池耗尽 | 等待 |',
        },
      },
      {
        name: 'S69 EN a table that ranks nothing leaves the causal sentence the conclusion',
        case: { rootCauseKeywords: [{ any: ['regex'], required: true }] },
        trace: {
          finalAnswer:
            'The regex backtracking in v2.31.0 caused the cpu spike.\n\n| metric | value |\n|---|---|\n| cpu | 97% |\n| pool waits | 3 |',
        },
      },
      {
        name: 'S68 ZH 「没有及时释放连接导致超时」 is the causal sentence: the negation denies the release',
        case: { rootCauseKeywords: [{ any: ['连接池'], required: true }] },
        trace: { finalAnswer: '排查了监控。连接池没有及时释放连接导致超时。后来网络抖动引起了重试。' },
      },
      {
        name: 'S68 EN a denied cause link is no causal sentence: the next one is the conclusion',
        case: { rootCauseKeywords: [{ any: ['settlement job'], required: true }] },
        trace: {
          finalAnswer:
            'The network cannot have caused the timeouts. The settlement job held every connection, which led to pool exhaustion.',
        },
      },
      {
        name: 'S69 EN an answer without a causal sentence is read whole',
        case: { rootCauseKeywords: [{ any: ['settlement job'], required: true }] },
        trace: { finalAnswer: 'The connection pool was exhausted. The settlement job held every connection.' },
      },
      {
        name: 'S33 a pass names a concept mentioned only negated',
        case: { rootCauseKeywords: [requiredPool, 'mysql'], minKeywordCoverage: 0.5 },
        trace: { finalAnswer: '根因是连接池耗尽，MySQL 服务端正常。' },
        message: 'concept "mysql" is only mentioned negated: "mysql 服务端正常"',
      },
    ],
    invalid: [
      {
        name: 'S33 ZH a negated root cause does not cover the concept; the message names the clause',
        case: { rootCauseKeywords: [['连接池', 'connection pool']] },
        trace: { finalAnswer: '结论：不是连接池耗尽。' },
        message: 'concept "连接池" is only mentioned negated: "不是连接池耗尽"',
        ...belowMinimum({ covered: 0, concepts: 1, ratio: 0, min: 1 }, 'one of ["连接池", "connection pool"]', [
          { mention: '"连接池"', how: 'is only mentioned negated', clause: '"不是连接池耗尽"' },
        ]),
      },
      {
        name: 'S33 EN a negated root cause does not cover the concept',
        case: { rootCauseKeywords: [['连接池', 'connection pool']] },
        trace: { finalAnswer: 'It is not the connection pool.' },
        message: 'concept "connection pool" is only mentioned negated: "it is not the connection pool"',
        ...belowMinimum({ covered: 0, concepts: 1, ratio: 0, min: 1 }, 'one of ["连接池", "connection pool"]', [
          { mention: '"connection pool"', how: 'is only mentioned negated', clause: '"it is not the connection pool"' },
        ]),
      },
      {
        name: 'S33 S67 EN a questioned root cause does not cover the concept; the message says it is only asked about',
        case: { rootCauseKeywords: [['连接池', 'connection pool']] },
        trace: { finalAnswer: 'Could it be the connection pool?' },
        message: 'concept "connection pool" is only asked about: "could it be the connection pool"',
        ...belowMinimum({ covered: 0, concepts: 1, ratio: 0, min: 1 }, 'one of ["连接池", "connection pool"]', [
          { mention: '"connection pool"', how: 'is only asked about', clause: '"could it be the connection pool"' },
        ]),
      },
      {
        name: 'S67 ZH rival causes without a choice do not cover the concept',
        case: { rootCauseKeywords: [['连接池', 'connection pool']] },
        trace: { finalAnswer: '可能是连接池的问题，也可能是网络抖动，目前无法确定。' },
        message:
          'concept "连接池" is only offered beside rival causes: "可能是连接池的问题,也可能是网络抖动,目前无法确定"',
        ...belowMinimum({ covered: 0, concepts: 1, ratio: 0, min: 1 }, 'one of ["连接池", "connection pool"]', [
          {
            mention: '"连接池"',
            how: 'is only offered beside rival causes',
            clause: '"可能是连接池的问题,也可能是网络抖动,目前无法确定"',
          },
        ]),
      },
      {
        name: 'S67 EN an explicit guess does not cover the concept',
        case: { rootCauseKeywords: [['连接池', 'connection pool']] },
        trace: { finalAnswer: 'Unverified guess, not supported by the evidence: the connection pool.' },
        message: 'concept "connection pool" is only guessed',
        ...belowMinimum({ covered: 0, concepts: 1, ratio: 0, min: 1 }, 'one of ["连接池", "connection pool"]', [
          {
            mention: '"connection pool"',
            how: 'is only guessed',
            clause: '"unverified guess, not supported by the evidence: the connection pool"',
          },
        ]),
      },
      {
        name: 'S67 ZH a deferred check does not cover the concept',
        case: { rootCauseKeywords: [['连接池', 'connection pool']] },
        trace: { finalAnswer: '无法确定根因。可以排查是否连接池耗尽。' },
        message: 'concept "连接池" is only left to check: "可以排查是否连接池耗尽"',
        ...belowMinimum({ covered: 0, concepts: 1, ratio: 0, min: 1 }, 'one of ["连接池", "connection pool"]', [
          { mention: '"连接池"', how: 'is only left to check', clause: '"可以排查是否连接池耗尽"' },
        ]),
      },
      {
        name: 'S33 S67 ZH a question does not cover the concept',
        case: { rootCauseKeywords: [['连接池', 'connection pool']] },
        trace: { finalAnswer: '是连接池的问题吗' },
        message: 'concept "连接池" is only asked about',
        ...belowMinimum({ covered: 0, concepts: 1, ratio: 0, min: 1 }, 'one of ["连接池", "connection pool"]', [
          { mention: '"连接池"', how: 'is only asked about', clause: '"是连接池的问题吗"' },
        ]),
      },
      {
        name: 'S69 EN a required concept only as the 3rd ranked cause fails, saying where it was found',
        case: { rootCauseKeywords: [{ any: ['node-6'], required: true }] },
        trace: {
          finalAnswer:
            'Final Answer:\n1. **Type**: container CPU load\n   **Location**: adservice-0\n2. **Type**: node disk\n   **Location**: node-2\n3. **Type**: node CPU load\n   **Location**: node-6',
        },
        message: 'concept "node-6" is the 3rd ranked cause, not the conclusion',
        messageId: 'notCovered',
        data: {
          problems: {
            parts: [
              {
                messageId: 'belowMinimum',
                data: { covered: 0, concepts: 1, ratio: 0, min: 1, missing: { parts: [], separator: '' } },
              },
              {
                messageId: 'requiredNotCovered',
                data: {
                  covered: 0,
                  concepts: 1,
                  ratio: 0,
                  min: 1,
                  conceptWord: 'concept',
                  required: 'one of ["node-6"]',
                },
              },
            ],
            separator: '; ',
          },
          notes: {
            parts: [
              {
                messageId: 'notes',
                data: {
                  mentions: {
                    parts: [
                      {
                        messageId: 'unasserted',
                        data: {
                          mention: '"node-6"',
                          how: 'is the 3rd ranked cause, not the conclusion',
                          clause: '"**location**: node-6"',
                        },
                      },
                    ],
                    separator: '; ',
                  },
                },
              },
            ],
            separator: '',
          },
        },
      },
      {
        name: 'S69 EN a required concept only in the 3rd row of a ranked table fails, saying where it was found',
        case: { rootCauseKeywords: [{ any: ['node-6'], required: true }] },
        trace: {
          finalAnswer:
            '| Rank | Fault | Location |\n|---|---|---|\n| 1 | container CPU load | adservice-0 |\n| 2 | node disk | node-2 |\n| 3 | node CPU load | node-6 |',
        },
        message: 'concept "node-6" is the 3rd ranked cause, not the conclusion',
        ...requiredOnlyMentioned(
          'node-6',
          'is the 3rd ranked cause, not the conclusion',
          '| 3 | node cpu load | node-6 |',
        ),
      },
      {
        name: 'S69 ZH 必需概念只在排名表的第 2 行则不通过',
        case: { rootCauseKeywords: [{ any: ['连接池'], required: true }] },
        trace: { finalAnswer: '| 排名 | 根因 |\n| --- | --- |\n| 1 | 网络抖动 |\n| 2 | 连接池耗尽 |' },
        message: 'concept "连接池" is the 2nd ranked cause, not the conclusion',
        ...requiredOnlyMentioned('连接池', 'is the 2nd ranked cause, not the conclusion', '| 2 | 连接池耗尽 |'),
      },
      {
        name: 'S68 ZH 「网络不会导致超时」 is no causal sentence: a concept only there is outside the conclusion',
        case: { rootCauseKeywords: [{ any: ['网络'], required: true }] },
        trace: { finalAnswer: '网络不会导致超时。连接池耗尽导致了超时。' },
        message: 'concept "网络" is only named outside the conclusion',
        ...requiredOnlyMentioned('网络', 'is only named outside the conclusion', '网络不会导致超时'),
      },
      {
        name: 'S69 ZH a required concept only in the propagation path fails',
        case: { rootCauseKeywords: [{ any: ['redis'], required: true }] },
        trace: { finalAnswer: '根因：网关配置错误。\n传播路径：gateway -> cart -> redis' },
        message: 'concept "redis" is only in the 传播路径, not the conclusion',
        messageId: 'notCovered',
        data: {
          problems: {
            parts: [
              {
                messageId: 'belowMinimum',
                data: { covered: 0, concepts: 1, ratio: 0, min: 1, missing: { parts: [], separator: '' } },
              },
              {
                messageId: 'requiredNotCovered',
                data: {
                  covered: 0,
                  concepts: 1,
                  ratio: 0,
                  min: 1,
                  conceptWord: 'concept',
                  required: 'one of ["redis"]',
                },
              },
            ],
            separator: '; ',
          },
          notes: {
            parts: [
              {
                messageId: 'notes',
                data: {
                  mentions: {
                    parts: [
                      {
                        messageId: 'unasserted',
                        data: {
                          mention: '"redis"',
                          how: 'is only in the 传播路径, not the conclusion',
                          clause: '"传播路径:gateway -> cart -> redis"',
                        },
                      },
                    ],
                    separator: '; ',
                  },
                },
              },
            ],
            separator: '',
          },
        },
      },
      {
        name: 'S69 EN a required concept named only outside the labelled conclusion fails',
        case: { rootCauseKeywords: [{ any: ['connection pool'], required: true }] },
        trace: { finalAnswer: 'The connection pool looked busy.\n\nRoot cause: a slow network link.' },
        message: 'concept "connection pool" is only named outside the conclusion',
        messageId: 'notCovered',
        data: {
          problems: {
            parts: [
              {
                messageId: 'belowMinimum',
                data: { covered: 0, concepts: 1, ratio: 0, min: 1, missing: { parts: [], separator: '' } },
              },
              {
                messageId: 'requiredNotCovered',
                data: {
                  covered: 0,
                  concepts: 1,
                  ratio: 0,
                  min: 1,
                  conceptWord: 'concept',
                  required: 'one of ["connection pool"]',
                },
              },
            ],
            separator: '; ',
          },
          notes: {
            parts: [
              {
                messageId: 'notes',
                data: {
                  mentions: {
                    parts: [
                      {
                        messageId: 'unasserted',
                        data: {
                          mention: '"connection pool"',
                          how: 'is only named outside the conclusion',
                          clause: '"the connection pool looked busy"',
                        },
                      },
                    ],
                    separator: '; ',
                  },
                },
              },
            ],
            separator: '',
          },
        },
      },
      {
        name: 'S69 EN a required concept named only after the first causal sentence fails',
        case: { rootCauseKeywords: [{ any: ['disk'], required: true }] },
        trace: {
          finalAnswer:
            'Long GC pauses caused the timeouts. The connection pool was also busy and the disk was nearly full.',
        },
        message: 'concept "disk" is only named outside the conclusion',
        ...requiredOnlyMentioned(
          'disk',
          'is only named outside the conclusion',
          'the connection pool was also busy and the disk was nearly full',
        ),
      },
      {
        name: 'S69 ZH 必需概念只出现在第一个因果句之后则不通过',
        case: { rootCauseKeywords: [{ any: ['磁盘'], required: true }] },
        trace: { finalAnswer: '频繁 GC 导致接口超时。另外连接池也很忙，磁盘快满了。' },
        message: 'concept "磁盘" is only named outside the conclusion',
        ...requiredOnlyMentioned('磁盘', 'is only named outside the conclusion', '另外连接池也很忙,磁盘快满了'),
      },
      {
        name: 'S69 EN concepts split across two ranked faults do not cover the case',
        case: { rootCauseKeywords: [{ any: ['node-6'], required: true }, ['cpu load']] },
        trace: {
          finalAnswer: '1. Type: node memory\n   Location: node-6\n2. Type: node CPU load\n   Location: node-2',
        },
        message: 'concept "cpu load" is the 2nd ranked cause, not the conclusion',
        ...belowMinimum({ covered: 1, concepts: 2, ratio: 0.5, min: 1 }, 'one of ["cpu load"]', [
          {
            mention: '"cpu load"',
            how: 'is the 2nd ranked cause, not the conclusion',
            clause: '"type: node cpu load"',
          },
        ]),
      },
      {
        name: 'S33 a required concept not covered fails whatever the minimum says',
        case: { rootCauseKeywords: [requiredPool, 'timeout', 'settlement-reconcile'], minKeywordCoverage: 0.5 },
        trace: { finalAnswer: 'The settlement-reconcile job caused a timeout; it is not the connection pool.' },
        message:
          '2 of 3 root-cause concepts covered (0.6667), but required concept not covered: one of ["连接池", "connection pool"]; concept "connection pool" is only mentioned negated',
        messageId: 'notCovered',
        data: {
          problems: {
            parts: [
              {
                messageId: 'onlyRequiredNotCovered',
                data: {
                  covered: 2,
                  concepts: 3,
                  ratio: 0.6667,
                  min: 0.5,
                  conceptWord: 'concept',
                  required: 'one of ["连接池", "connection pool"]',
                },
              },
            ],
            separator: '; ',
          },
          notes: {
            parts: [
              {
                messageId: 'notes',
                data: {
                  mentions: {
                    parts: [
                      {
                        messageId: 'unasserted',
                        data: {
                          mention: '"connection pool"',
                          how: 'is only mentioned negated',
                          clause: '"it is not the connection pool"',
                        },
                      },
                    ],
                    separator: '; ',
                  },
                },
              },
            ],
            separator: '',
          },
        },
      },
      {
        name: 'S33 a required concept with a minimum of 0 still fails',
        case: { rootCauseKeywords: [requiredPool], minKeywordCoverage: 0 },
        trace: { finalAnswer: 'The network failed.' },
        message: 'required concept not covered: one of ["连接池", "connection pool"]',
        messageId: 'notCovered',
        data: {
          problems: {
            parts: [
              {
                messageId: 'onlyRequiredNotCovered',
                data: {
                  covered: 0,
                  concepts: 1,
                  ratio: 0,
                  min: 0,
                  conceptWord: 'concept',
                  required: 'one of ["连接池", "connection pool"]',
                },
              },
            ],
            separator: '; ',
          },
          notes: { parts: [], separator: '' },
        },
      },
    ],
  });

  it('S33 report.json keywordCoverage lists the required concepts missing and the unasserted mentions', () => {
    const context = makeContext({
      case: { rootCauseKeywords: [requiredPool, 'exhausted'] },
      trace: { finalAnswer: '不是连接池。Threads exhausted.' },
    });
    expect(computeKeywordCoverage(context.evalCase, context.normalizedFinalAnswer)).toEqual({
      concepts: 2,
      covered: 1,
      ratio: 0.5,
      min: 1,
      missing: [['连接池', 'connection pool']],
      requiredMissing: [['连接池', 'connection pool']],
      unasserted: [
        { concept: ['连接池', 'connection pool'], mention: '连接池', kind: 'negated', clause: '不是连接池' },
      ],
    });
  });
});

/**
 * The finding of a case below its minimum and nothing else: `figures` and `missing` (the concepts
 * not covered) as the message states them, and a note for each mention that does not count.
 */
function belowMinimum(
  figures: { covered: number; concepts: number; ratio: number; min: number },
  missing: string,
  unasserted: { mention: string; how: string; clause: string }[] = [],
) {
  const missingList = { parts: [{ messageId: 'missing', data: { concepts: missing } }], separator: '' };
  const mentions = { parts: unasserted.map((data) => ({ messageId: 'unasserted', data })), separator: '; ' };
  return {
    messageId: 'notCovered',
    data: {
      problems: { parts: [{ messageId: 'belowMinimum', data: { ...figures, missing: missingList } }], separator: '; ' },
      notes: { parts: unasserted.length === 0 ? [] : [{ messageId: 'notes', data: { mentions } }], separator: '' },
    },
  };
}

/**
 * The finding of a case whose one required concept is mentioned only where it does not count:
 * none covered, and a note saying how and where (`is the 3rd ranked cause, not the conclusion`).
 */
function requiredOnlyMentioned(concept: string, how: string, clause: string) {
  const note = { messageId: 'unasserted', data: { mention: `"${concept}"`, how, clause: `"${clause}"` } };
  const figures = { covered: 0, concepts: 1, ratio: 0, min: 1 };
  return {
    messageId: 'notCovered',
    data: {
      problems: {
        parts: [
          { messageId: 'belowMinimum', data: { ...figures, missing: { parts: [], separator: '' } } },
          {
            messageId: 'requiredNotCovered',
            data: { ...figures, conceptWord: 'concept', required: `one of ["${concept}"]` },
          },
        ],
        separator: '; ',
      },
      notes: { parts: [{ messageId: 'notes', data: { mentions: { parts: [note], separator: '; ' } } }], separator: '' },
    },
  };
}

import { describe, expect, it } from 'vitest';
import { DEFAULT_CONTRACT } from '../../src/config/contract.js';
import { AnswerReader } from '../../src/text/answer-reader.js';
import {
  analyseAnswer,
  compileAssertionRules,
  judgeMentions,
  type MentionReading,
  readMentions,
} from '../../src/text/assertion.js';
import { ENGLISH } from '../../src/text/lexicon/en.js';
import { CHINESE } from '../../src/text/lexicon/zh.js';
import { normalizeWithLineBreaks as normalizeText } from '../../src/text/normalize.js';

type Expected = MentionReading | 'absent';

/** How the answer reads `keyword`: asserted if any occurrence is, else qualified if any is, else the first occurrence's reading. */
function judged(
  answer: string,
  keyword: string,
  triggers = { negationTriggers: [] as string[], hedgeTriggers: [] as string[] },
): Expected {
  const readings = readMentions(analyseAnswer(normalizeText(answer), compileAssertionRules(triggers)), keyword).map(
    (occurrence) => occurrence.reading,
  );
  if (readings.includes('asserted')) return 'asserted';
  if (readings.includes('qualified')) return 'qualified';
  return readings[0] ?? 'absent';
}

const rows: [string, string, string, Expected][] = [
  // Negation, English
  ['S33 EN "not" negates what follows', 'It is not the connection pool.', 'connection pool', 'negated'],
  ['S33 EN "isn\'t" negates', "The cause isn't the connection pool.", 'connection pool', 'negated'],
  [
    'S33 EN a typographic apostrophe in "isn’t" negates',
    'The cause isn’t the connection pool.',
    'connection pool',
    'negated',
  ],
  ['S33 EN "no" negates', 'There is no connection pool exhaustion.', 'connection pool', 'negated'],
  ['S33 EN "never" negates', 'The connection pool never ran out.', 'ran out', 'negated'],
  [
    'S33 EN "rather than X" negates X',
    'It is the network rather than the connection pool.',
    'connection pool',
    'negated',
  ],
  [
    'S33 EN "X rather than Y" asserts X',
    'It is the connection pool rather than the network.',
    'connection pool',
    'asserted',
  ],
  [
    'S33 EN "instead of X" negates X',
    'The network failed instead of the connection pool.',
    'connection pool',
    'negated',
  ],
  [
    'S33 EN "neither ... nor" negates both',
    'Neither the database nor the connection pool was involved.',
    'connection pool',
    'negated',
  ],
  ['S33 EN post-position "was ruled out"', 'The database is down was ruled out.', 'database is down', 'negated'],
  ['S33 EN pre-position "ruled out"', 'We ruled out the connection pool.', 'connection pool', 'negated'],
  ['S33 EN post-position "is unlikely"', 'Connection pool exhaustion is unlikely.', 'connection pool', 'negated'],
  ['S33 EN "X is not the cause"', 'The connection pool is not the cause.', 'connection pool', 'negated'],
  ['S33 EN "X was healthy"', 'The database was healthy throughout.', 'database', 'negated'],
  ['S33 EN "X is fine"', 'The connection pool is fine.', 'connection pool', 'negated'],
  [
    'S33 EN a plain "is not" after the mention does not negate it',
    'The connection pool is not large enough for the batch job.',
    'connection pool',
    'asserted',
  ],
  // Negation, Chinese
  ['S33 ZH 不是 negates', '不是连接池耗尽', '连接池', 'negated'],
  ['S33 ZH 并非 negates', '根因并非连接池', '连接池', 'negated'],
  ['S33 ZH 没有 negates', '没有发现连接池问题', '连接池', 'negated'],
  ['S33 ZH 排除 negates', '排除了连接池问题', '连接池', 'negated'],
  ['S33 ZH 已排除： negates across the colon', '已排除：数据库宕机', '数据库宕机', 'negated'],
  ['S33 ZH post-position 被排除', '数据库宕机的可能已被排除', '数据库宕机', 'negated'],
  ['S33 ZH post-position 的可能性不大', '连接池耗尽的可能性不大', '连接池', 'negated'],
  ['S33 ZH post-position 没有问题', '连接池没有问题', '连接池', 'negated'],
  ['S33 ZH post-position 正常', 'MySQL 服务端正常', 'mysql', 'negated'],
  ['S33 ZH post-position 无关', '这次超时与连接池无关', '连接池', 'negated'],
  ['S33 ZH 而非 negates what follows', '根因是网络抖动而非连接池', '连接池', 'negated'],
  ['S33 ZH single-character 非 negates', '非连接池问题', '连接池', 'negated'],
  ['S33 ZH single-character 无 negates', '无连接池告警', '连接池', 'negated'],
  ['S33 ZH single-character 未 negates', '未发现连接池异常', '连接池', 'negated'],
  // Ordinary Chinese words that contain a trigger character
  ['S33 ZH 无法 is not a negation', '请求无法从连接池获取连接', '连接池', 'asserted'],
  ['S33 ZH 非常 is not a negation', '非常明确，根因是连接池耗尽', '连接池', 'asserted'],
  ['S33 ZH 非常 inside the clause is not a negation', '连接池非常快就耗尽了', '连接池', 'asserted'],
  ['S33 ZH 未来 is not a negation', '未来连接池还会再次耗尽', '连接池', 'asserted'],
  ['S33 ZH 未命中 is not a negation', '缓存未命中的请求回源到 MySQL', 'mysql', 'asserted'],
  ['S33 ZH 无论 is not a negation', '无论流量多少，连接池都会被对账任务占满', '连接池', 'asserted'],
  ['S33 ZH 无效 is not a negation', '连接池配置无效', '连接池', 'asserted'],
  ['S33 ZH 恢复正常 is not a denial', '暂停对账任务后连接池恢复正常', '连接池', 'asserted'],
  ['S33 ZH 不正常 is not a denial', '连接池不正常', '连接池', 'asserted'],
  ['S33 ZH 除非 is not a negation', '除非扩大连接池，否则会再次超时', '连接池', 'asserted'],
  // Contrast resets the scope
  ['S33 EN "not X but Y" asserts Y', 'Not the network but the connection pool.', 'connection pool', 'asserted'],
  [
    'S33 EN "not X; however Y" asserts Y',
    'It is not the network, however the connection pool was exhausted.',
    'connection pool',
    'asserted',
  ],
  [
    'S33 EN "not only X but also Y" asserts X',
    'Not only the connection pool but also the thread pool was exhausted.',
    'connection pool',
    'asserted',
  ],
  [
    'S33 EN "no other cause than X" asserts X',
    'There is no other cause than the connection pool.',
    'connection pool',
    'asserted',
  ],
  ['S33 ZH 不是X，而是Y asserts Y', '不是网络问题，而是连接池耗尽', '连接池', 'asserted'],
  ['S33 ZH 不是X而是Y without a comma asserts Y', '不是网络问题而是连接池耗尽', '连接池', 'asserted'],
  ['S33 ZH 不是X，但Y asserts Y', '不是数据库，但连接池被占满了', '连接池', 'asserted'],
  [
    'S33 EN "while" contrast keeps the firm clause',
    'The pool was exhausted while the database was healthy.',
    'pool',
    'asserted',
  ],
  // Cause and effect
  ['S33 ZH a negated cause does not reach the effect after 导致', '事务未提交导致连接池耗尽', '连接池', 'asserted'],
  [
    'S33 EN a negated cause does not reach the effect after "caused"',
    'Transactions that did not commit caused the connection pool to run dry',
    'connection pool',
    'asserted',
  ],
  [
    'S33 EN "not … until X" asserts X',
    'The problem was not resolved until the connection pool was enlarged.',
    'connection pool',
    'asserted',
  ],
  ['S33 ZH 直到 ends a negation before it', '超时一直没有缓解直到连接池扩容', '连接池', 'asserted'],
  [
    'S33 EN "not caused by X" negates X',
    'The timeouts were not caused by the connection pool.',
    'connection pool',
    'negated',
  ],
  ['S33 ZH 不是由于 X negates X', '超时不是由于连接池', '连接池', 'negated'],
  // Hedges
  // Modals (S67): a single one on the only candidate commits, qualified.
  [
    'S67 EN "might" on the only candidate qualifies it',
    'It might be the connection pool.',
    'connection pool',
    'qualified',
  ],
  [
    'S67 EN "may" after the mention qualifies it',
    'The connection pool may be exhausted.',
    'connection pool',
    'qualified',
  ],
  ['S67 EN "possibly" qualifies', 'Possibly the connection pool.', 'connection pool', 'qualified'],
  ['S67 EN "we suspect" qualifies', 'We suspect the connection pool.', 'connection pool', 'qualified'],
  [
    'S67 EN "need to check whether" defers',
    'We need to check whether the connection pool is exhausted.',
    'connection pool',
    'deferred',
  ],
  [
    'S33 EN "could not" is inability, not a hedge or a negation',
    'Requests could not get a connection from the connection pool.',
    'connection pool',
    'asserted',
  ],
  ['S67 ZH 可能 on the only candidate qualifies it', '可能是连接池的问题', '连接池', 'qualified'],
  ['S67 ZH 可能 after the mention qualifies it', '连接池可能耗尽了', '连接池', 'qualified'],
  ['S67 ZH 疑似 qualifies', '疑似连接池泄漏', '连接池', 'qualified'],
  ['S67 ZH 怀疑 qualifies', '怀疑是连接池耗尽', '连接池', 'qualified'],
  ['S67 ZH 待确认 after the mention qualifies it', '连接池泄漏待确认', '连接池', 'qualified'],
  ['S33 ZH 尽可能 is no hedge', '尽可能扩大连接池', '连接池', 'asserted'],
  [
    'S33 a hedge in another clause does not reach the firm one',
    '根因是连接池耗尽，可能还需要调整监控阈值。',
    '连接池',
    'asserted',
  ],
  // Questions
  ['S33 EN a question asserts nothing', 'Is it the connection pool?', 'connection pool', 'questioned'],
  ['S33 ZH a question with ？ asserts nothing', '是连接池耗尽？', '连接池', 'questioned'],
  ['S33 ZH a question with 吗 and no mark asserts nothing', '是连接池的问题吗', '连接池', 'questioned'],
  ['S33 ZH a question with 呢 asserts nothing', '会不会是连接池呢。', '连接池', 'questioned'],
  [
    'S33 a question in another clause does not reach the firm one',
    'Why did it time out? The connection pool was exhausted.',
    'connection pool',
    'asserted',
  ],
  // Clause bounds and matching details
  [
    'S33 a negation ends at the comma',
    'Not the network, the connection pool was exhausted.',
    'connection pool',
    'asserted',
  ],
  [
    'S33 a negation ends at the line end',
    'No network errors\nThe connection pool was exhausted',
    'connection pool',
    'asserted',
  ],
  [
    'S33 a dot inside an identifier does not end the clause',
    'It is not max.poll.records at fault.',
    'records',
    'negated',
  ],
  [
    'S33 "no" is a whole word: "node" is not a negation',
    'The node connection pool was exhausted.',
    'connection pool',
    'asserted',
  ],
  [
    'S33 "if" is a whole word: "different" is not a hedge',
    'A different connection pool was exhausted.',
    'connection pool',
    'asserted',
  ],
  [
    'S33 a trigger inside the keyword itself is part of what is asserted',
    'The gateway answers 503 "no healthy upstream".',
    'no healthy upstream',
    'asserted',
  ],
  ['S33 any asserted occurrence is enough', '不是网络问题。连接池耗尽。', '连接池', 'asserted'],
  ['S33 a keyword that is not there', 'The network failed.', 'connection pool', 'absent'],
  ['S33 a colon ends a clause: "Not X: Y" asserts Y', 'Not a memory leak: the regex backtracks.', 'regex', 'asserted'],
  [
    'S33 a colon right after a trigger does not: "Ruled out: X" negates X',
    'Ruled out: the database is down.',
    'database is down',
    'negated',
  ],
  [
    'S33 a colon between digits is a time of day, not a clause end',
    'Not since 14:05 the connection pool',
    'connection pool',
    'negated',
  ],
  // Only the clause (or, for lists, the sentence) around a mention is analysed: its bounds
  ['S67 ZH a modal after a comma qualifies its own clause', '数据库正常，连接池可能耗尽', '连接池', 'qualified'],
  ['S33 ZH 已排除： after a comma negates across the colon', '网络正常，已排除：数据库宕机', '数据库宕机', 'negated'],
  [
    'S33 a mention that spans a comma ending a clause is asserted',
    'It is not the pool, and the network.',
    'pool, and',
    'asserted',
  ],
  [
    'S33 EN a mention after more words than a list item has is in no list',
    'We ruled out the network, and then the whole connection pool',
    'connection pool',
    'asserted',
  ],
  [
    'S33 EN a list does not reach past the end of a sentence',
    'Not the network. Then DNS, or the disk.',
    'dns',
    'asserted',
  ],
  [
    'S33 EN a list is found from a later item, back past a colon',
    'Checked: we ruled out the network, DNS, and disk space.',
    'dns',
    'negated',
  ],
  [
    'S33 EN a ruled-out list reaches its last item',
    'We ruled out the network, DNS, and a database outage.',
    'database outage',
    'negated',
  ],
  [
    'S33 EN a ruled-out list reaches its middle items',
    'We ruled out the network, DNS, and disk space.',
    'dns',
    'negated',
  ],
  [
    'S33 EN "Not X, Y." is no list: Y is asserted',
    'Not the network, the connection pool.',
    'connection pool',
    'asserted',
  ],
  [
    'S33 EN a long clause after the comma is no list item',
    'We ruled out the network, and the connection pool was exhausted by the batch job.',
    'connection pool',
    'asserted',
  ],
  ['S33 ZH an enumeration with 、 stays in one clause', '排除了网络、DNS、数据库宕机', '数据库宕机', 'negated'],
  ['S33 full-width punctuation ends clauses (NFKC)', '不是网络，连接池耗尽', '连接池', 'asserted'],
];

describe('assertion-aware matching (S33)', () => {
  it.each(rows)('%s', (_, answer, keyword, expected) => {
    expect(judged(answer, keyword)).toBe(expected);
  });

  // Chinese has no list closers: its lists run with "、", which ends no clause (the 、 row above).
  it.each([...ENGLISH.listClosers, ...CHINESE.listClosers])(
    'S33 EN list closer "%s" extends a ruled-out list over its items',
    (closer) => {
      expect(judged(`We ruled out the network, dns, ${closer} the disk.`, 'dns')).toBe('negated');
      expect(judged(`We ruled out the network, dns, the disk.`, 'dns')).toBe('asserted');
    },
  );

  it('S33 names the unasserted mention and its clause', () => {
    const judgement = judgeMentions(
      analyseAnswer(normalizeText('结论：不是连接池耗尽，而是网络抖动。'), compileAssertionRules(DEFAULT_CONTRACT)),
      '连接池',
    );
    expect(judgement).toEqual({
      asserted: false,
      confirmed: false,
      unasserted: { mention: '连接池', kind: 'negated', clause: '不是连接池耗尽' },
    });
  });

  it('S33 shortens a long clause around the mention', () => {
    const answer = `${'a'.repeat(200)} not the connection pool ${'b'.repeat(200)}`;
    const clause =
      judgeMentions(analyseAnswer(answer, compileAssertionRules(DEFAULT_CONTRACT)), 'connection pool').unasserted
        ?.clause ?? '';
    expect(clause).toContain('not the connection pool');
    expect(clause.startsWith('…') && clause.endsWith('…')).toBe(true);
    expect(clause.length).toBeLessThan(110);
  });

  it.each<[string, { negationTriggers: string[]; hedgeTriggers: string[] }, string, string, Expected]>([
    [
      'S33 a configured negation trigger covers what follows',
      { negationTriggers: ['dismissed'], hedgeTriggers: [] },
      'We dismissed the connection pool theory.',
      'connection pool',
      'negated',
    ],
    [
      'S33 a configured trigger written "...X" covers what precedes',
      { negationTriggers: ['...was dismissed'], hedgeTriggers: [] },
      'The connection pool theory was dismissed.',
      'connection pool',
      'negated',
    ],
    [
      'S33 a configured hedge trigger',
      { negationTriggers: [], hedgeTriggers: ['presumably'] },
      'Presumably the connection pool.',
      'connection pool',
      'qualified',
    ],
    [
      'S33 a configured Chinese hedge trigger',
      { negationTriggers: [], hedgeTriggers: ['或许吧'] },
      '或许吧是连接池',
      '连接池',
      'qualified',
    ],
    [
      'S33 a configured trigger that holds a comma reaches past it',
      { negationTriggers: ['excluded, namely'], hedgeTriggers: [] },
      'We excluded, namely the connection pool.',
      'connection pool',
      'negated',
    ],
    [
      'S33 the built-in triggers stay when some are configured',
      { negationTriggers: ['dismissed'], hedgeTriggers: [] },
      'It is not the connection pool.',
      'connection pool',
      'negated',
    ],
  ])('%s', (_, triggers, answer, keyword, expected) => {
    expect(judged(answer, keyword, triggers)).toBe(expected);
  });

  it('S67 a run compiles its rules once, the first time an answer is read', () => {
    const reader = new AnswerReader(DEFAULT_CONTRACT);
    expect(reader.rules).toBe(reader.rules);
    expect(new AnswerReader(DEFAULT_CONTRACT).rules).not.toBe(reader.rules);
  });
});

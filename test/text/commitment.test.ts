import { describe, expect, it } from 'vitest';
import { DEFAULT_CONTRACT } from '../../src/config/contract.js';
import { analyseAnswer, compileAssertionRules, type MentionReading, readMentions } from '../../src/text/assertion.js';
import { ENGLISH } from '../../src/text/lexicon/en.js';
import type { Lexicon } from '../../src/text/lexicon/types.js';
import { CHINESE } from '../../src/text/lexicon/zh.js';
import { normalizeWithLineBreaks } from '../../src/text/normalize.js';

const RULES = compileAssertionRules(DEFAULT_CONTRACT);

/** How the answer reads `keyword`: asserted if any occurrence is, else qualified if any is, else the first occurrence's reading. */
function reading(answer: string, keyword: string): MentionReading | 'absent' {
  const readings = readMentions(analyseAnswer(normalizeWithLineBreaks(answer), RULES), keyword).map(
    (occurrence) => occurrence.reading,
  );
  if (readings.includes('asserted')) return 'asserted';
  if (readings.includes('qualified')) return 'qualified';
  return readings[0] ?? 'absent';
}

type Row = [name: string, answer: string, keyword: string, expected: MentionReading];

/**
 * One row per entry of a lexicon: each list in a sentence of its own language that shows what
 * the entry does. A new entry gets its row here without writing one.
 */
function lexiconRows(language: 'EN' | 'ZH', lexicon: Lexicon): Row[] {
  const en = language === 'EN';
  const x = en ? 'connection pool' : '连接池';
  const rows: Row[] = [];
  const add = (list: string, word: string, answer: string, expected: MentionReading): void => {
    rows.push([`S67 ${language} ${list} "${word}": ${answer}`, answer, x, expected]);
  };
  const s68 = (list: string, word: string, answer: string, expected: MentionReading): void => {
    rows.push([`S68 ${language} ${list} "${word}": ${answer}`, answer, x, expected]);
  };
  for (const word of [...lexicon.negation.following, ...lexicon.negation.both])
    add('negation', word, en ? `${word} the connection pool exhaustion.` : `${word}连接池耗尽。`, 'negated');
  for (const word of [...lexicon.negation.preceding, ...lexicon.negation.both])
    add('negation after', word, en ? `The connection pool exhaustion ${word}.` : `连接池被打满${word}。`, 'negated');
  for (const word of [...lexicon.modal.following, ...lexicon.modal.both])
    add(
      'single modal',
      word,
      en ? `The root cause: ${word} the connection pool.` : `根因：${word}连接池耗尽。`,
      'qualified',
    );
  for (const word of [...lexicon.modal.preceding, ...lexicon.modal.both])
    add('single modal after', word, en ? `The connection pool ${word}.` : `连接池被打满${word}。`, 'qualified');
  for (const word of lexicon.speculation)
    add(
      'speculation',
      word,
      en ? `${word}, not more: the connection pool.` : `${word}，仅供参考：连接池耗尽。`,
      'speculated',
    );
  for (const word of [...lexicon.deferral.following, ...lexicon.deferral.both])
    add(
      'deferral',
      word,
      en ? `We ${word} the connection pool is exhausted.` : `需要进一步排查${word}连接池耗尽。`,
      'deferred',
    );
  for (const word of [...lexicon.deferral.preceding, ...lexicon.deferral.both])
    add('deferral after', word, en ? `The connection pool exhaustion ${word}.` : `连接池被打满${word}。`, 'deferred');
  for (const word of lexicon.confidence)
    add(
      'confidence',
      word,
      en ? `The root cause is ${word} the connection pool.` : `根因${word}连接池耗尽。`,
      'asserted',
    );
  for (const word of lexicon.rivals)
    add(
      'rival',
      word,
      en ? `It could be the network, ${word} the connection pool.` : `可能是网络抖动，${word}连接池耗尽。`,
      'rivalled',
    );
  for (const word of lexicon.undecided)
    add(
      'undecided',
      word,
      en ? `It may be the connection pool; we ${word} it.` : `可能是连接池耗尽，目前${word}。`,
      'rivalled',
    );
  for (const word of lexicon.negatedActions)
    s68(
      'negated action',
      word,
      en ? `The handler did not ${word} the connection pool exhaustion.` : `处理器没有${word}连接池耗尽异常。`,
      'asserted',
    );
  for (const word of lexicon.bareDenials)
    s68('bare denial', word, en ? `Connection pool exhausted: ${word}.` : `连接池耗尽：${word}。`, 'negated');
  for (const word of lexicon.contrast)
    add(
      'contrast',
      word,
      en ? `Not the network ${word} the connection pool.` : `不是网络问题，${word}连接池耗尽。`,
      'asserted',
    );
  for (const word of lexicon.causal)
    add(
      'cause and effect',
      word,
      en ? `The network was not slow ${word} the connection pool ran out.` : `网络没有变慢${word}连接池耗尽。`,
      'asserted',
    );
  for (const word of lexicon.exempt)
    add('exempt', word, en ? `${word} the connection pool.` : `${word}，连接池耗尽。`, 'asserted');
  for (const word of lexicon.questionParticles) add('question particle', word, `是连接池耗尽${word}`, 'questioned');
  return rows;
}

/** The phrasings of the issue, and answers that must keep reading as they do. */
const HAND_ROWS: Row[] = [
  // Committed, also when qualified (S67)
  ['S67 ZH 很可能 commits', '根因很可能是 v2.31.0 引入的正则灾难性回溯。', '正则', 'asserted'],
  ['S67 ZH 根因可能是 as the only conclusion commits', '根因可能是正则灾难性回溯。', '正则', 'qualified'],
  ['S67 ZH 疑似…，建议回滚验证 commits', '疑似正则灾难性回溯，建议回滚验证。', '正则', 'qualified'],
  [
    'S67 EN "may be" on the only candidate commits',
    'The root cause may be that the regex backtracks.',
    'regex',
    'qualified',
  ],
  [
    'S67 EN "We suspect X; rolling back should confirm it" commits',
    'We suspect the regex; rolling back should confirm it.',
    'regex',
    'qualified',
  ],
  ['S67 EN "most likely" commits', 'Most likely the regex backtracks on long notes.', 'regex', 'asserted'],
  ['S67 EN "probably" commits', 'Probably the regex.', 'regex', 'asserted'],
  ['S67 ZH 应该是 commits', '应该是正则回溯。', '正则', 'asserted'],
  ['S67 ZH 大概率是 commits', '大概率是正则回溯。', '正则', 'asserted'],
  ['S67 ZH 初步判断 commits', '初步判断为正则回溯导致 CPU 升高。', '正则', 'asserted'],
  ['S67 EN "with high confidence" commits', 'With high confidence, the regex is the cause.', 'regex', 'asserted'],
  // Not committed (S67)
  ['S67 EN a question does not commit', 'Could it be the regex?', 'regex', 'questioned'],
  ['S67 ZH 是不是…？ does not commit', '是不是正则的问题？', '正则', 'questioned'],
  [
    'S67 EN explicit speculation does not commit',
    'Unverified guess, not supported by the evidence: the regex.',
    'regex',
    'speculated',
  ],
  ['S67 EN "just a guess" does not commit', 'The regex, but that is just a guess.', 'regex', 'speculated'],
  ['S67 ZH 未经证实 does not commit', '未经证实：正则回溯。', '正则', 'speculated'],
  ['S67 ZH 猜测 does not commit', '猜测是正则回溯。', '正则', 'speculated'],
  [
    'S67 ZH rivals without a choice do not commit',
    '可能是正则回溯，也可能是内存泄漏，目前无法确定。',
    '正则',
    'rivalled',
  ],
  [
    'S67 EN rivals without a choice do not commit',
    'It could be the regex, or GC, or the network.',
    'regex',
    'rivalled',
  ],
  ['S67 EN "need to check whether" defers', 'We need to check whether the regex backtracks.', 'regex', 'deferred'],
  ['S67 ZH 需要进一步确认是否为 defers', '需要进一步确认是否为正则回溯。', '正则', 'deferred'],
  ['S67 ZH 无法确定根因。可以排查是否 defers', '无法确定根因。可以排查是否正则回溯。', '正则', 'deferred'],
  ['S67 EN a denial does not commit', 'The regex is not the cause.', 'regex', 'negated'],
  ['S67 ZH ruled out does not commit', '已排除正则回溯。', '正则', 'negated'],
  // Legitimate answers that stay committed
  [
    'S67 EN a firm cause with a modal elsewhere stays asserted',
    'The regex backtracks. We may add an alert.',
    'regex',
    'asserted',
  ],
  ['S67 ZH a firm cause and a cautious follow-up', '根因是正则回溯；可能还需要观察。', '正则', 'asserted'],
  ['S67 EN "or" beside a firm cause', 'The regex backtracks on long notes or on repeated spaces.', 'regex', 'asserted'],
  // Negation scope (S68)
  [
    'S68 ZH 没有捕获 denies the catching, not the exhaustion',
    'MultiMessageHandler#received 的 for 循环中没有捕获线程池耗尽异常',
    '线程池耗尽',
    'asserted',
  ],
  [
    'S68 EN "did not catch" denies the catching',
    'The loop did not catch the pool-exhausted exception.',
    'pool-exhausted',
    'asserted',
  ],
  ['S68 EN "failed to release" asserts the leak', 'The job failed to release connections.', 'connections', 'asserted'],
  ['S68 ZH 未释放 asserts the leak', '对账任务未释放连接。', '连接', 'asserted'],
  ['S68 EN "X: no." denies X', 'Elasticsearch disk full: no. The cause is unknown.', 'disk full', 'negated'],
  ['S68 ZH "X：否" denies X', '磁盘写满：否。', '磁盘写满', 'negated'],
  ['S68 EN "X — not the cause" denies X', 'Disk full — not the cause.', 'disk full', 'negated'],
  ['S68 EN the action itself is denied', 'The loop did not catch the exception.', 'catch the exception', 'negated'],
  [
    'S68 ZH an omission written as the concept matches the omission',
    '代码中没有成对调用 acquire 和 release。',
    '没有成对调用',
    'asserted',
  ],
  [
    'S68 EN an omission written as the concept matches it',
    'Connections were not released.',
    'not released',
    'asserted',
  ],
  ['S68 EN a negation before a state still denies it', 'The pool was not exhausted.', 'exhausted', 'negated'],
  ['S68 EN "X: yes" asserts X', 'Disk full: yes.', 'disk full', 'asserted'],
];

describe('commitment, not wording (S67) and negation scope (S68): every lexicon entry', () => {
  it.each([...lexiconRows('EN', ENGLISH), ...lexiconRows('ZH', CHINESE)])('%s', (_, answer, keyword, expected) => {
    expect(reading(answer, keyword)).toBe(expected);
  });
});

describe('commitment, not wording (S67) and negation scope (S68): the phrasings real answers use', () => {
  it.each(HAND_ROWS)('%s', (_, answer, keyword, expected) => {
    expect(reading(answer, keyword)).toBe(expected);
  });
});

describe('the lexicon is extendable in config (S67)', () => {
  it.each<[string, Partial<Lexicon>, string, string, MentionReading]>([
    [
      'S67 EN a configured speculation word',
      { speculation: ['wild hunch'] },
      'A wild hunch: the connection pool.',
      'connection pool',
      'speculated',
    ],
    ['S67 ZH a configured speculation word', { speculation: ['瞎猜'] }, '瞎猜是连接池耗尽。', '连接池', 'speculated'],
    [
      'S67 EN a configured confidence word commits past a modal in it',
      { confidence: ['may well be'] },
      'It may well be the connection pool, or DNS.',
      'connection pool',
      'asserted',
    ],
    [
      'S68 EN a configured negated action',
      { negatedActions: ['drain'] },
      'The job did not drain the connection pool queue.',
      'connection pool',
      'asserted',
    ],
  ])('%s', (_, lexicon, answer, keyword, expected) => {
    const rules = compileAssertionRules({ ...DEFAULT_CONTRACT, lexicon });
    const readings = readMentions(analyseAnswer(normalizeWithLineBreaks(answer), rules), keyword).map(
      (occurrence) => occurrence.reading,
    );
    expect(readings[0]).toBe(expected);
  });
});

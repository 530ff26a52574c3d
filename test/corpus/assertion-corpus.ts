import type { EvalCase } from '../../src/cases/types.js';

/**
 * A hand-written corpus for assertion-aware matching (S33): answers a careful reviewer accepts
 * (contrastive negation, ruled-out alternatives, cautious wording around a firmly stated cause,
 * synonyms), and answers a reviewer rejects (the root cause negated, hedged or asked about; a
 * forbidden claim stated as fact). Each answer is judged against one of three scenarios.
 */

export interface Scenario {
  rootCauseKeywords: EvalCase['rootCauseKeywords'];
  forbiddenConfirmedClaims: string[];
  /** What the scenario's one tool call returned: the figures a legitimate answer may quote. */
  evidence: string;
}

export const SCENARIOS = {
  pool: {
    rootCauseKeywords: [{ any: ['连接池', 'connection pool', 'hikaricp'], required: true }],
    forbiddenConfirmedClaims: ['数据库宕机', 'database is down', 'database outage', 'mysql 宕机'],
    evidence: 'hikaricp_connections_active 50 of 50; pending 412; MySQL threads_connected 212 of 1000',
  },
  regex: {
    rootCauseKeywords: [{ any: ['regex', 'regular expression', '正则'], required: true }],
    forbiddenConfirmedClaims: ['memory leak', '内存泄漏'],
    evidence: 'CPU 91-97% on every pod; 71.3% of samples in java.util.regex.Pattern',
  },
  redis: {
    rootCauseKeywords: [{ any: ['maxmemory', '内存上限'], required: true }],
    forbiddenConfirmedClaims: ['redis is down', 'redis 宕机'],
    evidence: 'used_memory 8.0 GB of maxmemory 8 GB; evicted_keys ~4,800/s; hit ratio 96.2% -> 61.4%',
  },
} satisfies Record<string, Scenario>;

export type ScenarioName = keyof typeof SCENARIOS;

export interface LegitimateAnswer {
  scenario: ScenarioName;
  /** What makes it legitimate, for the test name. */
  kind: string;
  answer: string;
}

export interface RegressedAnswer {
  scenario: ScenarioName;
  kind: string;
  answer: string;
  /** The check that must fail. */
  fails: 'keyword-coverage' | 'forbidden-confirmed-claims';
}

export const LEGITIMATE_ANSWERS: LegitimateAnswer[] = [
  {
    scenario: 'pool',
    kind: 'ZH cause stated, alternative negated',
    answer: '根因是数据库连接池耗尽，不是数据库宕机。',
  },
  { scenario: 'pool', kind: 'ZH contrastive negation 不是…而是', answer: '不是网络问题，而是连接池耗尽。' },
  { scenario: 'pool', kind: 'ZH contrastive negation 并非…而是', answer: '并非数据库宕机，而是对账任务占满了连接池。' },
  {
    scenario: 'pool',
    kind: 'ZH ruled-out alternative 已排除：',
    answer: '已排除：数据库宕机。根因：HikariCP 连接池被对账任务耗尽。',
  },
  {
    scenario: 'pool',
    kind: 'ZH ruled-out alternative, post-position 已被排除',
    answer: '数据库宕机的可能性已被排除，问题出在连接池。',
  },
  { scenario: 'pool', kind: 'ZH alternative found normal', answer: 'MySQL 服务端一切正常，连接池被耗尽才是根因。' },
  {
    scenario: 'pool',
    kind: 'ZH alternatives without anomalies',
    answer: '排查了网络和 DNS，均无异常；根因是连接池耗尽。',
  },
  {
    scenario: 'pool',
    kind: 'ZH no evidence for the alternative',
    answer: '连接池耗尽导致支付超时，目前没有证据表明数据库宕机。',
  },
  {
    scenario: 'pool',
    kind: 'ZH cautious wording in another sentence',
    answer: '结论：连接池被耗尽。可能还需要进一步观察重试流量。',
  },
  {
    scenario: 'pool',
    kind: 'ZH open question about the fix, not the cause',
    answer: '根因是连接池耗尽；后续是否需要扩容，建议再评估。',
  },
  { scenario: 'pool', kind: 'ZH negated cause of the cause (未提交导致)', answer: '事务未提交导致连接池耗尽。' },
  { scenario: 'pool', kind: 'ZH 无法 is an ordinary word', answer: '请求无法从连接池获取连接，连接池已耗尽。' },
  { scenario: 'pool', kind: 'ZH synonym HikariCP', answer: '对账任务长时间持有连接，HikariCP 被打满。' },
  { scenario: 'pool', kind: 'ZH 而非 negates only the alternative', answer: '确定是连接池问题，而非数据库宕机。' },
  { scenario: 'pool', kind: 'ZH 不是…但 contrast', answer: '不是数据库宕机，但连接池确实被耗尽了。' },
  { scenario: 'pool', kind: 'ZH 非常 is an ordinary word', answer: '证据非常明确：连接池在 14:04 起持续 50/50。' },
  { scenario: 'pool', kind: 'ZH 未来 is an ordinary word', answer: '连接池被耗尽；未来应为批处理任务配置独立数据源。' },
  { scenario: 'pool', kind: 'ZH line break ends the negated clause', answer: '排除了数据库宕机\n连接池耗尽是根因' },
  {
    scenario: 'pool',
    kind: 'EN cause stated, alternative negated',
    answer: 'The root cause is connection pool exhaustion, not a database outage.',
  },
  {
    scenario: 'pool',
    kind: 'EN contrastive negation not…but',
    answer: 'Not the network but the connection pool: the batch job held every connection.',
  },
  {
    scenario: 'pool',
    kind: 'EN ruled-out alternative',
    answer: 'We ruled out a database outage; the connection pool was exhausted by the settlement job.',
  },
  {
    scenario: 'pool',
    kind: 'EN ruled-out alternative, post-position',
    answer: 'The database is down hypothesis was ruled out. The HikariCP pool ran dry.',
  },
  { scenario: 'pool', kind: 'EN X rather than Y', answer: 'It was the connection pool rather than the database.' },
  {
    scenario: 'pool',
    kind: 'EN contrast with while',
    answer: 'The connection pool was exhausted while the database stayed healthy.',
  },
  {
    scenario: 'pool',
    kind: 'EN could not is inability',
    answer: 'Requests could not obtain a connection from the connection pool, which was exhausted.',
  },
  { scenario: 'pool', kind: 'EN no other … than', answer: 'There is no other explanation than the connection pool.' },
  {
    scenario: 'pool',
    kind: 'EN not only … but also',
    answer: 'Not only the connection pool but also the thread pool was saturated.',
  },
  {
    scenario: 'pool',
    kind: 'EN cautious follow-up in another sentence',
    answer: 'The connection pool was exhausted. We may want to add an alert for pool usage.',
  },
  {
    scenario: 'pool',
    kind: 'EN whether about the fix',
    answer: 'Connection pool exhaustion caused the timeouts; whether to resize it is a separate decision.',
  },
  {
    scenario: 'pool',
    kind: 'EN synonym HikariCP',
    answer: 'The settlement job exhausted the HikariCP pool, so payments timed out.',
  },
  {
    scenario: 'pool',
    kind: 'EN the question asked and answered',
    answer: 'Was it a database outage? No. The connection pool was exhausted.',
  },
  {
    scenario: 'pool',
    kind: 'EN a ruled-out list, then the cause',
    answer: 'We ruled out the network, DNS, and a database outage. The connection pool was exhausted.',
  },
  {
    scenario: 'pool',
    kind: 'EN neither … nor for the alternatives',
    answer: 'Neither the network nor the database was involved; the connection pool was exhausted.',
  },
  {
    scenario: 'pool',
    kind: 'EN apposition with a negated alternative',
    answer: 'The connection pool, not the database, was the bottleneck.',
  },
  {
    scenario: 'pool',
    kind: 'EN negated cause of the cause (never committed caused)',
    answer: 'Transactions that never committed caused the connection pool to run out.',
  },
  {
    scenario: 'redis',
    kind: 'ZH alternative negated, cause stated',
    answer: 'Redis 没有宕机，内存达到 maxmemory 上限后持续淘汰 key。',
  },
  {
    scenario: 'redis',
    kind: 'EN alternative negated, cause stated',
    answer: 'Redis is not down; it hit maxmemory and evicted keys.',
  },
  {
    scenario: 'redis',
    kind: 'ZH contrastive negation',
    answer: '不是 Redis 宕机，而是内存达到上限触发淘汰：maxmemory 8GB 已用满。',
  },
  {
    scenario: 'regex',
    kind: 'EN Not X: Y',
    answer: 'Not a memory leak: the regex in OrderNoteSanitizer backtracks catastrophically.',
  },
  {
    scenario: 'regex',
    kind: 'EN alternative not involved, cause stated',
    answer:
      'GC pauses are unchanged, so garbage collection is not involved; the regular expression backtracks on long notes.',
  },
  { scenario: 'regex', kind: 'ZH 并非 then the cause', answer: '并非内存泄漏，根因是正则表达式灾难性回溯。' },
  {
    scenario: 'regex',
    kind: 'ZH alternative unlikely, post-position',
    answer: '内存泄漏的可能性不大，CPU 飙高来自 OrderNoteSanitizer 的正则回溯。',
  },
  {
    scenario: 'regex',
    kind: 'EN cause, then no X found',
    answer: 'The regex was the cause — no memory leak was found.',
  },
  {
    scenario: 'regex',
    kind: 'EN alternative unlikely',
    answer: 'CPU rose because of catastrophic regex backtracking; a memory leak is unlikely.',
  },
  { scenario: 'regex', kind: 'ZH 可以确认 then 不是', answer: '可以确认是正则回溯导致 CPU 升高，不是内存泄漏。' },
  {
    scenario: 'pool',
    kind: 'ZH S67 a single modal on the only candidate commits (hedged 可能是)',
    answer: '可能是连接池的问题。',
  },
  {
    scenario: 'pool',
    kind: 'ZH S67 a single modal on the only candidate commits (hedged 怀疑)',
    answer: '怀疑连接池被占满。',
  },
  {
    scenario: 'pool',
    kind: 'ZH S67 a single modal on the only candidate commits (hedged 或许, post-position)',
    answer: '连接池或许被占满了。',
  },
  {
    scenario: 'pool',
    kind: 'EN S67 a single modal on the only candidate commits (hedged might)',
    answer: 'It might be the connection pool.',
  },
  {
    scenario: 'pool',
    kind: 'EN S67 a single modal on the only candidate commits (hedged possibly)',
    answer: 'Possibly the connection pool is exhausted.',
  },
  {
    scenario: 'pool',
    kind: 'EN S67 a single modal on the only candidate commits (hedged suspect)',
    answer: 'We suspect the HikariCP pool.',
  },
  {
    scenario: 'pool',
    kind: 'EN S67 a single modal on the only candidate commits (hedged may, post-position)',
    answer: 'The connection pool may be exhausted.',
  },
  {
    scenario: 'redis',
    kind: 'ZH S67 a single modal on the only candidate commits (hedged 可能)',
    answer: '可能是 maxmemory 设置过低。',
  },
];

export const REGRESSED_ANSWERS: RegressedAnswer[] = [
  {
    scenario: 'pool',
    kind: 'ZH rivals without a choice (可能是…也可能是…)',
    answer: '可能是连接池的问题，也可能是网络抖动，目前无法确定。',
    fails: 'keyword-coverage',
  },
  { scenario: 'pool', kind: 'ZH explicit guess 猜测', answer: '猜测是连接池被占满。', fails: 'keyword-coverage' },
  {
    scenario: 'pool',
    kind: 'ZH deferred 需要确认是否',
    answer: '需要进一步确认是否为连接池耗尽。',
    fails: 'keyword-coverage',
  },
  {
    scenario: 'pool',
    kind: 'ZH unproven 未经证实',
    answer: '未经证实：连接池或许被占满了。',
    fails: 'keyword-coverage',
  },
  {
    scenario: 'pool',
    kind: 'EN rivals without a choice (could be X, or Y, or Z)',
    answer: 'It could be the connection pool, or the network, or DNS.',
    fails: 'keyword-coverage',
  },
  {
    scenario: 'pool',
    kind: 'EN explicit speculation',
    answer: 'Unverified guess, not supported by the evidence: the connection pool is exhausted.',
    fails: 'keyword-coverage',
  },
  {
    scenario: 'pool',
    kind: 'EN deferred to a check',
    answer: 'We need to check whether the connection pool is exhausted.',
    fails: 'keyword-coverage',
  },
  {
    scenario: 'redis',
    kind: 'ZH rivals 或者',
    answer: '可能是 maxmemory 设置过低，或者是网络问题，尚无法确定。',
    fails: 'keyword-coverage',
  },
  {
    scenario: 'pool',
    kind: 'ZH negated 不是',
    answer: '不是连接池耗尽，而是数据库负载升高。',
    fails: 'keyword-coverage',
  },
  { scenario: 'pool', kind: 'ZH negated 并非', answer: '结论：并非连接池问题。', fails: 'keyword-coverage' },
  {
    scenario: 'pool',
    kind: 'ZH denied, post-position 没有问题',
    answer: '连接池没有问题，超时原因仍在排查。',
    fails: 'keyword-coverage',
  },
  { scenario: 'pool', kind: 'ZH ruled out 已排除', answer: '已排除连接池耗尽。', fails: 'keyword-coverage' },
  {
    scenario: 'pool',
    kind: 'ZH unlikely, post-position',
    answer: '连接池耗尽的可能性不大。',
    fails: 'keyword-coverage',
  },
  { scenario: 'pool', kind: 'ZH hedged 疑似', answer: '疑似连接池泄漏，需要进一步确认。', fails: 'keyword-coverage' },
  { scenario: 'pool', kind: 'ZH question ？', answer: '是连接池耗尽吗？', fails: 'keyword-coverage' },
  {
    scenario: 'pool',
    kind: 'ZH question 呢 without a mark',
    answer: '会不会是连接池的问题呢',
    fails: 'keyword-coverage',
  },
  { scenario: 'pool', kind: 'ZH hedged 是否', answer: '是否连接池耗尽，目前不确定。', fails: 'keyword-coverage' },
  {
    scenario: 'pool',
    kind: 'ZH ruled out 排除了',
    answer: '排除了 HikariCP 连接池的问题。',
    fails: 'keyword-coverage',
  },
  { scenario: 'pool', kind: 'ZH unrelated 无关', answer: '这次超时与连接池无关。', fails: 'keyword-coverage' },
  { scenario: 'pool', kind: 'ZH found normal 正常', answer: '连接池正常。', fails: 'keyword-coverage' },
  {
    scenario: 'pool',
    kind: 'ZH negation hidden by a zero-width space in the cause',
    answer: '不是连\u200B接池耗尽。',
    fails: 'keyword-coverage',
  },
  { scenario: 'pool', kind: 'EN negated not', answer: 'It is not the connection pool.', fails: 'keyword-coverage' },
  {
    scenario: 'pool',
    kind: 'EN X is not the cause',
    answer: 'The connection pool is not the cause.',
    fails: 'keyword-coverage',
  },
  {
    scenario: 'pool',
    kind: 'EN ruled out, post-position',
    answer: 'Connection pool exhaustion was ruled out.',
    fails: 'keyword-coverage',
  },
  {
    scenario: 'pool',
    kind: 'EN ruled out, pre-position',
    answer: 'We ruled out the connection pool.',
    fails: 'keyword-coverage',
  },
  {
    scenario: 'pool',
    kind: 'EN question',
    answer: 'Could the connection pool be exhausted?',
    fails: 'keyword-coverage',
  },
  { scenario: 'pool', kind: 'EN found healthy', answer: 'The connection pool was healthy.', fails: 'keyword-coverage' },
  {
    scenario: 'pool',
    kind: 'EN unlikely',
    answer: 'Connection pool exhaustion is unlikely.',
    fails: 'keyword-coverage',
  },
  {
    scenario: 'pool',
    kind: 'EN Y rather than X',
    answer: 'The timeouts came from the network rather than the connection pool.',
    fails: 'keyword-coverage',
  },
  {
    scenario: 'pool',
    kind: 'EN question is X',
    answer: 'Is the connection pool the problem?',
    fails: 'keyword-coverage',
  },
  {
    scenario: 'pool',
    kind: 'EN no sign of',
    answer: 'There is no sign of connection pool exhaustion.',
    fails: 'keyword-coverage',
  },
  {
    scenario: 'pool',
    kind: 'EN neither … nor',
    answer: 'Neither the connection pool nor the database is involved.',
    fails: 'keyword-coverage',
  },
  {
    scenario: 'regex',
    kind: 'EN cause denied, another blamed',
    answer: 'The regex is not the cause; GC pressure is.',
    fails: 'keyword-coverage',
  },
  {
    scenario: 'pool',
    kind: 'ZH forbidden claim stated as the cause',
    answer: '根因是数据库宕机，连接池随之耗尽。',
    fails: 'forbidden-confirmed-claims',
  },
  {
    scenario: 'pool',
    kind: 'ZH forbidden claim after a contrast word',
    answer: '不是网络问题，而是数据库宕机导致连接池耗尽。',
    fails: 'forbidden-confirmed-claims',
  },
  {
    scenario: 'pool',
    kind: 'ZH forbidden claim spread with a space between CJK characters',
    answer: '连接池耗尽，数据 库宕机。',
    fails: 'forbidden-confirmed-claims',
  },
  {
    scenario: 'pool',
    kind: 'ZH forbidden claim hidden by a zero-width space',
    answer: '数据\u200B库宕机，连接池也被耗尽。',
    fails: 'forbidden-confirmed-claims',
  },
  {
    scenario: 'pool',
    kind: 'EN forbidden claim stated as the cause',
    answer: 'The database is down, so the connection pool ran out.',
    fails: 'forbidden-confirmed-claims',
  },
  {
    scenario: 'pool',
    kind: 'EN forbidden claim after a colon',
    answer: 'Root cause: the database is down and the connection pool is exhausted.',
    fails: 'forbidden-confirmed-claims',
  },
  {
    scenario: 'pool',
    kind: 'EN forbidden claim after "Not X:"',
    answer: 'Not the network: the database is down and the connection pool emptied.',
    fails: 'forbidden-confirmed-claims',
  },
  {
    scenario: 'pool',
    kind: 'EN forbidden claim with a soft hyphen',
    answer: 'The data\u00ADbase is down; the connection pool ran out.',
    fails: 'forbidden-confirmed-claims',
  },
  {
    scenario: 'regex',
    kind: 'ZH forbidden claim as the cause',
    answer: 'CPU 升高是因为内存泄漏，正则回溯加重了问题。',
    fails: 'forbidden-confirmed-claims',
  },
  {
    scenario: 'regex',
    kind: 'EN forbidden claim as the cause',
    answer: "A memory leak in OrderNoteSanitizer's regex cache caused the spike.",
    fails: 'forbidden-confirmed-claims',
  },
  {
    scenario: 'redis',
    kind: 'EN forbidden claim as the cause',
    answer: 'Redis is down after hitting maxmemory.',
    fails: 'forbidden-confirmed-claims',
  },
  {
    scenario: 'redis',
    kind: 'ZH forbidden claim as the cause',
    answer: 'Redis 宕机，原因是内存达到 maxmemory。',
    fails: 'forbidden-confirmed-claims',
  },
];

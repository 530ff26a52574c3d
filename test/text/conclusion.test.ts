import { describe, expect, it } from 'vitest';
import { DEFAULT_CONTRACT } from '../../src/config/contract.js';
import { analyseAnswer, compileAssertionRules } from '../../src/text/assertion.js';
import { type Place, placeOf } from '../../src/text/conclusion.js';
import { ENGLISH } from '../../src/text/lexicon/en.js';
import type { Lexicon } from '../../src/text/lexicon/types.js';
import { CHINESE } from '../../src/text/lexicon/zh.js';
import { normalizeWithLineBreaks } from '../../src/text/normalize.js';

const RULES = compileAssertionRules(DEFAULT_CONTRACT);

/** Where `mention` (its last occurrence) stands in the answer's conclusion, as the answer reader finds it. */
function place(answer: string, mention: string): Place['kind'] | `ranked ${number}` {
  const text = normalizeWithLineBreaks(answer);
  const at = text.lastIndexOf(mention);
  if (at < 0) throw new Error(`"${mention}" is not in the answer`);
  const found = placeOf(analyseAnswer(text, RULES).conclusion(), at, at + mention.length);
  return found.kind === 'ranked' ? `ranked ${found.rank}` : found.kind;
}

type Row = [name: string, answer: string, mention: string, expected: ReturnType<typeof place>];

/** One row per conclusion-reading entry of a lexicon. */
function lexiconRows(language: 'EN' | 'ZH', lexicon: Lexicon): Row[] {
  const en = language === 'EN';
  const rows: Row[] = [];
  const add = (list: string, word: string, answer: string, mention: string, expected: Row[3]): void => {
    rows.push([`S69 ${language} ${list} "${word}"`, answer, mention, expected]);
  };
  for (const label of lexicon.conclusionLabels)
    add(
      'conclusion label',
      label,
      en
        ? `The pool metrics looked odd.\n\n${label}: the regex backtracks.`
        : `连接池指标异常。\n\n${label}：正则回溯。`,
      en ? 'pool metrics' : '连接池',
      'elsewhere',
    );
  for (const label of lexicon.analysisLabels)
    add(
      'analysis heading (no conclusion)',
      label,
      `## ${label}\n\n${en ? 'the pool metrics looked odd.' : '连接池指标异常。'}`,
      en ? 'pool' : '连接池',
      'conclusion',
    );
  for (const label of lexicon.rankedItemLabels)
    add('ranked item', label, `${label} 1: regex\n${label} 2: pool`, 'pool', 'ranked 2');
  for (const label of lexicon.topItemLabels) add('top item', label, `${label}: regex\n2. pool`, 'pool', 'ranked 2');
  for (const label of lexicon.asideLabels)
    add(
      'aside',
      label,
      en
        ? `Root cause: the regex backtracks.\n${label}: the pool looked busy.`
        : `根因：正则回溯。\n${label}：连接池繁忙。`,
      en ? 'pool' : '连接池',
      'aside',
    );
  for (const word of lexicon.causeWords)
    add(
      'cause word (the first causal sentence)',
      word,
      en
        ? `We looked at the metrics. The pool ${word} the timeouts. The gc logs were long.`
        : `查看了监控。连接池耗尽${word}超时。gc 日志很长。`,
      'gc',
      'elsewhere',
    );
  for (const word of lexicon.backReferences)
    add(
      'back-reference (the sentence before joins)',
      word,
      en
        ? `The connection pool was exhausted. ${word} caused the timeouts. The gc logs were long.`
        : `连接池被耗尽。${lexicon.causeWords.includes(word) ? word : `${word}导致`}了超时。gc 日志很长。`,
      en ? 'connection pool' : '连接池',
      'conclusion',
    );
  for (const lead of lexicon.labelLeads)
    add(
      'label lead (the label still heads its paragraph)',
      lead,
      en ? `${lead} root cause: the regex backtracks.\nThe pool was busy.` : `${lead}根因：正则回溯。\n连接池繁忙。`,
      en ? 'pool' : '连接池',
      'conclusion',
    );
  for (const copula of [...lexicon.labelCopulas.following, ...lexicon.labelCopulas.both])
    add(
      'label copula after the label (states it)',
      copula,
      en
        ? `We queried the metrics. The pool looked busy, and the root cause ${copula} the regex. The gc logs were long.`
        : `查看了监控。连接池繁忙，根因${copula}正则回溯。gc 日志很长。`,
      'gc',
      'elsewhere',
    );
  for (const copula of [...lexicon.labelCopulas.preceding, ...lexicon.labelCopulas.both])
    add(
      'label copula before the label (states it)',
      copula,
      en
        ? `We queried the metrics. The regex ${copula.replace(/\s*…$/u, '')} most likely root cause. The gc logs were long.`
        : `查看了监控。慢查询${copula}主因。gc 日志很长。`,
      'gc',
      'elsewhere',
    );
  for (const label of lexicon.answerLabels)
    add(
      'answer label (set aside as markup)',
      label,
      en ? `${label}: Fault 1: regex\nFault 2: pool` : `${label}：故障 1：正则\n故障 2：连接池`,
      en ? 'pool' : '连接池',
      'ranked 2',
    );
  for (const word of lexicon.rankingWords)
    add(
      'ranking word (the list under it is ranked)',
      word,
      en ? `${word}:\n1. regex\n2. pool` : `${word}：\n1. 正则\n2. 连接池`,
      en ? 'pool' : '连接池',
      'ranked 2',
    );
  for (const word of lexicon.rankingWords)
    add(
      'ranking word (the table under it is ranked)',
      word,
      en
        ? `## ${word}\n\n| fault | why |\n|---|---|\n| regex | cpu |\n| pool | waits |`
        : `## ${word}\n\n| 故障 | 依据 |\n|---|---|\n| 正则 | cpu |\n| 连接池 | 等待 |`,
      en ? 'pool' : '连接池',
      'ranked 2',
    );
  for (const column of lexicon.rankColumns)
    add(
      'rank column (the table is ranked by it)',
      column,
      en
        ? `| ${column} | fault |\n|---|---|\n| 2 | pool |\n| 1 | regex |`
        : `| ${column} | 故障 |\n|---|---|\n| 2 | 连接池 |\n| 1 | 正则 |`,
      en ? 'pool' : '连接池',
      'ranked 2',
    );
  for (const word of lexicon.linkNegations)
    add(
      'link negation (the causal sentence is denied)',
      word,
      en
        ? `We looked. The network ${word} caused the timeouts. The pool exhaustion caused them.`
        : `查看了监控。网络${word}导致超时。连接池耗尽导致了超时。`,
      en ? 'network' : '网络',
      'elsewhere',
    );
  return rows;
}

const HAND_ROWS: Row[] = [
  [
    'S69 EN the first item of a ranked list of faults is the conclusion',
    'Final Answer:\n1. **Type**: node CPU load on node-6\n2. **Type**: memory on node-2',
    'node-6',
    'conclusion',
  ],
  [
    'S69 EN a lower item is ranked',
    'Final Answer:\n1. **Type**: node CPU load on node-6\n2. **Type**: memory on node-2\n3. **Type**: disk on node-1',
    'node-1',
    'ranked 3',
  ],
  [
    'S69 EN a heading list of faults ("## Type 1")',
    '## Type 1: memory\n\nwebservice2\n\n## Type 2: memory\n\nwebservice1',
    'webservice1',
    'ranked 2',
  ],
  [
    'S69 EN a propagation path inside the first item is an aside',
    '## Type 1: memory\n\n### Location\n\nwebservice2\n\n### Propagation Path\n\nwebservice2 --> redisservice2\n\n## Type 2: cpu',
    'redisservice2',
    'aside',
  ],
  [
    'S69 EN "Root cause:" stands for its paragraph',
    'Root cause: a rebalance loop. At 13:15 max.poll.records was raised.\n\nFix: revert it.',
    'max.poll.records',
    'conclusion',
  ],
  [
    'S69 EN a closing summary is a conclusion',
    'CPU was high.\n\nTo summarize, the delete query caused the load.',
    'delete query',
    'conclusion',
  ],
  [
    'S69 EN a label later in a line stands for its sentence',
    '- **High workload:** The primary root cause is the recurrent delete query. CPU rose.',
    'delete query',
    'conclusion',
  ],
  [
    'S69 EN a sentence outside the labelled one is not the conclusion',
    '- **High workload:** The primary root cause is the recurrent delete query. CPU rose.',
    'cpu rose',
    'elsewhere',
  ],
  [
    'S69 EN naming the root cause without stating it is no label',
    'To find the root cause, we queried metrics. The connection pool was exhausted.',
    'connection pool',
    'conclusion',
  ],
  [
    'S69 EN a list under a label ending with ":" is part of it',
    'The root cause can be attributed to the following factors:\n\n1. high load\n\n2. a DELETE on table1',
    'table1',
    'conclusion',
  ],
  [
    'S69 EN a numbered explanation that opens the answer is no ranking',
    '1. The settlement job held connections.\n2. The connection pool ran dry.',
    'connection pool',
    'conclusion',
  ],
  [
    'S69 EN an unmarked answer: "X happened. This caused Y" keeps X in the conclusion',
    'The connection pool was exhausted. This caused the timeouts. GC was slow.',
    'connection pool',
    'conclusion',
  ],
  [
    'S69 EN an unmarked answer: a sentence after the first causal one is outside the conclusion',
    'The connection pool was exhausted. This caused the timeouts. GC was slow.',
    'gc was slow',
    'elsewhere',
  ],
  [
    'S69 EN a causal sentence without a back-reference stands alone',
    'Checked the dashboards. The settlement job caused the pool exhaustion.',
    'dashboards',
    'elsewhere',
  ],
  [
    'S69 EN a denied cause word is no causal sentence',
    'The timeouts were not caused by the network. The settlement job held every connection, which led to pool exhaustion.',
    'settlement job',
    'conclusion',
  ],
  [
    'S69 EN a question is no causal sentence',
    'What caused the timeouts? The settlement job held every connection, which led to pool exhaustion.',
    'timeouts',
    'elsewhere',
  ],
  [
    'S69 EN a table row is no causal sentence',
    '| fault | detail |\n|---|---|\n| disk | the disk filled because of logs |\n\nThe pool ran dry because the job held connections.',
    'disk filled',
    'elsewhere',
  ],
  [
    'S69 EN the items of a candidate list hold no causal sentence',
    'Possible causes:\n- a deploy that caused errors\n- a full disk\n\nThe gc logs were long.',
    'gc logs',
    'conclusion',
  ],
  [
    'S69 EN an answer without a causal sentence is read whole',
    'The connection pool was exhausted. The settlement job held every connection.',
    'settlement job',
    'conclusion',
  ],
  [
    'S69 ZH 第一个因果句是结论，之后的句子不是',
    '查看了监控。对账任务占满连接，导致连接池耗尽。另外磁盘快满了。',
    '磁盘',
    'elsewhere',
  ],
  [
    'S69 ZH 「X。这导致 Y」的 X 在结论中',
    '发布把 max.poll.records 调到 5000。这导致消费者反复重平衡。',
    'max.poll.records',
    'conclusion',
  ],
  [
    'S69 ZH 句首无主语的「导致…」：前一句是它的主语，一并在结论中',
    '排查发现，Hessian2ObjectInput 里有线程局部变量，不会释放。导致内存溢出。另外磁盘快满了。',
    '线程局部变量',
    'conclusion',
  ],
  [
    'S69 ZH 句首无主语的「导致…」之后的句子不在结论中',
    '排查发现，Hessian2ObjectInput 里有线程局部变量，不会释放。导致内存溢出。另外磁盘快满了。',
    '磁盘',
    'elsewhere',
  ],
  [
    'S69 ZH 否定或追问的因果不是因果句',
    '不是网络抖动导致的。是否由磁盘引起？对账任务占满连接，导致连接池耗尽。',
    '对账任务',
    'conclusion',
  ],
  [
    'S69 ZH 结论 stands for its paragraph',
    '结论：支付超时的根因是连接池被耗尽。\n\n依据：\n1. 活跃连接 50/50',
    '连接池',
    'conclusion',
  ],
  [
    'S69 ZH the evidence under 依据 is an aside',
    '结论：支付超时的根因是网络抖动。\n\n依据：\n1. 连接池活跃连接 50/50',
    '连接池',
    'aside',
  ],
  [
    'S69 ZH 总结 with a list under it',
    '**总结：**\n- **数据库查询优化问题**是主因\n- 并发加剧了负载',
    '查询优化',
    'conclusion',
  ],
  ['S69 ZH a 根因分析 heading is no conclusion', '**根因分析：**\n\n- 慢查询', '慢查询', 'conclusion'],
  ['S69 ZH "…是主因" states the label', '很多指标异常。慢查询是主因。', '慢查询', 'conclusion'],
  [
    'S68 EN a negation right before the cause word denies the link',
    'We looked. The network was not responsible for the timeouts. The pool exhaustion caused them.',
    'network',
    'elsewhere',
  ],
  ['S68 ZH 「不是网络导致的。」 denies the link', '不是网络导致的。连接池耗尽导致了超时。', '网络', 'elsewhere'],
  ['S68 ZH 「网络不会导致超时」 denies the link', '网络不会导致超时。连接池耗尽导致了超时。', '网络', 'elsewhere'],
  [
    'S68 EN a negation that governs an action of its own does not deny the link after it',
    'The pool did not promptly release connections due to the leak. The gc logs were long.',
    'gc',
    'elsewhere',
  ],
  [
    'S68 ZH 「没有及时释放连接导致超时」 asserts the link: the negation governs the release',
    '连接池没有及时释放连接导致超时。gc 日志很长。',
    'gc',
    'elsewhere',
  ],
  [
    'S69 EN a table under "Top candidates": the first row is the conclusion',
    '## Top candidates\n\n| fault | evidence |\n|---|---|\n| regex backtracking | cpu 97% |\n| pool exhaustion | waits |',
    'regex',
    'conclusion',
  ],
  [
    'S69 EN a table with a rank column: a lower row is ranked',
    '| Rank | Fault |\n|---|---|\n| 1 | regex backtracking |\n| 2 | pool exhaustion |\n| 3 | dns |',
    'dns',
    'ranked 3',
  ],
  [
    'S69 ZH 候选根因 下的表格：第二行排第 2',
    '### 候选根因\n\n| 故障 | 依据 |\n|---|---|\n| 正则回溯 | cpu 97% |\n| 连接池耗尽 | 等待 |',
    '连接池',
    'ranked 2',
  ],
  [
    'S69 ZH 「是」 right before a label states it; 「是」 words before it does not',
    '这是对本次故障根因的排查报告。连接池耗尽导致了超时。',
    '连接池',
    'conclusion',
  ],
  [
    'S69 EN "is the …" states a label words after it',
    'We looked at the metrics. The regex is the single most likely root cause. The gc logs were long.',
    'gc',
    'elsewhere',
  ],
  [
    'S69 EN a "#" column numbers rows: the table ranks nothing',
    'The regex backtracking caused the cpu spike.\n\n| # | metric | value |\n|---|---|---|\n| 1 | cpu | 97% |\n| 2 | pool waits | 3 |',
    'regex',
    'conclusion',
  ],
  [
    'S69 ZH 序号列只给行编号：表格不是排名',
    '正则回溯导致 cpu 飙升。\n\n| 序号 | 指标 | 值 |\n|---|---|---|\n| 1 | cpu | 97% |\n| 2 | 连接池等待 | 3 |',
    '正则',
    'conclusion',
  ],
  [
    'S69 EN a ranked table in an aside ranks no causes: the causal sentence stays the conclusion',
    'The regex backtracking caused the cpu spike.\n\n## Recommendations\n\n| Rank | Fix |\n|---|---|\n| 1 | revert v2.31.0 |\n| 2 | add a timeout |',
    'regex',
    'conclusion',
  ],
  [
    'S69 ZH 建议里的排名表不排根因：因果句仍是结论',
    '正则回溯导致 cpu 飙升。\n\n## 建议\n\n| 排名 | 措施 |\n|---|---|\n| 1 | 回滚 v2.31.0 |\n| 2 | 加超时 |',
    '正则',
    'conclusion',
  ],
  [
    'S69 ZH 排名列：第一行是结论',
    '| 排名 | 根因 |\n|---|---|\n| 1 | 连接池耗尽 |\n| 2 | 网络抖动 |',
    '连接池',
    'conclusion',
  ],
  [
    'S69 EN a table that ranks nothing (evidence) leaves the answer unranked',
    'The regex backtracking caused the cpu spike.\n\n| metric | value |\n|---|---|\n| cpu | 97% |\n| pool waits | 3 |',
    'pool',
    'elsewhere',
  ],
  [
    'S69 ZH 不排序的证据表不是排名',
    '正则回溯导致 cpu 飙升。\n\n| 指标 | 值 |\n|---|---|\n| cpu | 97% |\n| 连接池等待 | 3 |',
    '连接池',
    'elsewhere',
  ],
  [
    'S69 ZH a mention outside 总结 is not in the conclusion',
    '- `exists` 查询可能导致全表扫描。\n\n**总结**：问题的根源在于并发处理能力。',
    'exists',
    'elsewhere',
  ],
];

describe('the conclusion (S69): every lexicon entry', () => {
  it.each([...lexiconRows('EN', ENGLISH), ...lexiconRows('ZH', CHINESE)])('%s', (_, answer, mention, expected) => {
    expect(place(answer, mention)).toBe(expected);
  });
});

describe('the conclusion (S69): ranked, labelled and summarised answers', () => {
  it.each(HAND_ROWS)('%s', (_, answer, mention, expected) => {
    expect(place(answer, mention)).toBe(expected);
  });
});

describe('candidate causes (S69): every lexicon entry', () => {
  it.each([
    ...ENGLISH.modalCopulas.map(
      (copula) => ['EN', copula, `It could ${copula} the network, or the disk, or gc, or dns.`] as const,
    ),
    ...CHINESE.modalCopulas.map(
      (copula) =>
        ['ZH', copula, `可能${copula}网络，也可能${copula}磁盘，还可能${copula} gc，或者${copula} dns。`] as const,
    ),
  ])('S69 %s modal copula "%s" makes a rival statement offer each alternative', (_, _copula, answer) => {
    const conclusion = analyseAnswer(normalizeWithLineBreaks(answer), RULES).conclusion();
    expect(conclusion.candidates).toHaveLength(4);
    expect(conclusion.chosen).toBe(false);
  });

  it.each([
    ...ENGLISH.candidateIntros.map((intro) => ['EN', intro] as const),
    ...CHINESE.candidateIntros.map((intro) => ['ZH', intro] as const),
  ])('S69 %s candidate intro "%s" makes its items candidates', (_, intro) => {
    const conclusion = analyseAnswer(normalizeWithLineBreaks(`${intro}:\n- a\n- b\n- c\n- d`), RULES).conclusion();
    expect(conclusion.candidates).toHaveLength(4);
    expect(conclusion.chosen).toBe(false);
  });

  it.each([
    ...ENGLISH.choiceMarkers.map((marker) => ['EN', marker] as const),
    ...CHINESE.choiceMarkers.map((marker) => ['ZH', marker] as const),
  ])('S69 %s choice marker "%s" chooses a candidate', (_, marker) => {
    const conclusion = analyseAnswer(
      normalizeWithLineBreaks(`possible causes:\n- a\n- b\n- c\n- d\n\n${marker} b`),
      RULES,
    ).conclusion();
    expect(conclusion.chosen).toBe(true);
  });
});

describe('the conclusion (S69): contract.lexicon extends the ranking and label lists', () => {
  it.each<[string, Parameters<typeof compileAssertionRules>[0]['lexicon'], string, string, string, string]>([
    [
      'rankingWords',
      { rankingWords: ['by likelihood'] },
      'By likelihood:\n1. regex\n2. pool',
      'pool',
      'ranked',
      'conclusion',
    ],
    [
      'rankColumns',
      { rankColumns: ['order'] },
      '| Order | Fault |\n|---|---|\n| 1 | regex |\n| 2 | pool |',
      'pool',
      'ranked',
      'conclusion',
    ],
    [
      'labelLeads',
      { labelLeads: ['the real'] },
      'The real root cause: regex.\nThe pool was busy.',
      'pool',
      'conclusion',
      'elsewhere',
    ],
    [
      'labelCopulas',
      { labelCopulas: { following: ['boils down to'] } },
      'We looked. And the root cause boils down to the regex. The gc logs were long.',
      'gc',
      'elsewhere',
      'conclusion',
    ],
    [
      'answerLabels',
      { answerLabels: ['verdict'] },
      'Verdict: Fault 1: regex\nFault 2: pool',
      'pool',
      'ranked',
      'conclusion',
    ],
    [
      'linkNegations',
      { linkNegations: ['hardly'] },
      'We looked. The network hardly caused the timeouts. The pool exhaustion caused them.',
      'network',
      'elsewhere',
      'conclusion',
    ],
  ])('S69 contract.lexicon.%s extends its list', (_, lexicon, answer, mention, extended, builtIn) => {
    const text = normalizeWithLineBreaks(answer);
    const at = text.lastIndexOf(mention);
    const read = (rules: ReturnType<typeof compileAssertionRules>) =>
      placeOf(analyseAnswer(text, rules).conclusion(), at, at + mention.length).kind;
    expect(read(RULES)).toBe(builtIn);
    expect(read(compileAssertionRules({ ...DEFAULT_CONTRACT, lexicon }))).toBe(extended);
  });
});

describe('the first causal sentence (S69): contract.lexicon extends it', () => {
  it('S69 a configured cause word makes its sentence the conclusion', () => {
    const answer = 'We looked at the metrics. The settlement job blew up the pool. The gc logs were long.';
    const text = normalizeWithLineBreaks(answer);
    const at = text.indexOf('gc logs');
    const read = (rules: ReturnType<typeof compileAssertionRules>) =>
      placeOf(analyseAnswer(text, rules).conclusion(), at, at + 'gc logs'.length).kind;
    expect(read(RULES)).toBe('conclusion');
    expect(read(compileAssertionRules({ ...DEFAULT_CONTRACT, lexicon: { causeWords: ['blew up'] } }))).toBe(
      'elsewhere',
    );
  });
});

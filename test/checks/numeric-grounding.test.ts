import { describe, expect, it } from 'vitest';

import { numericGroundingCheck } from '../../src/checks/numeric-grounding.js';
import { answerFigures } from '../../src/text/figures.js';
import { normalizeText } from '../../src/text/normalize.js';
import type { ToolInvocation } from '../../src/trace/types.js';
import { type ContextInput, makeVerifierEvaluation, runCheck, testCheck } from './helpers.js';

function call(toolName: string, resultSummary: unknown, extra: Partial<ToolInvocation> = {}): ToolInvocation {
  return {
    toolName,
    evidenceStatus: 'supported',
    durationMs: 100,
    arguments: { service: 'payment-service', limit: 200 },
    resultSummary,
    ...extra,
  };
}

/** The evidence of a payment-timeout diagnosis, written the ways real tools write it. */
const EVIDENCE: ToolInvocation[] = [
  call(
    'queryMetrics',
    'p99 latency 182 ms before 14:04, 30.2 s from 14:05:10; 5xx ratio 37.4% at peak; request rate flat at ~1,150 req/s.',
  ),
  call('queryMetrics', {
    pool: 'HikariPool-1',
    active: 50,
    max: 50,
    pending: 412,
    acquire_p99_ms: 30000,
    cpu_percent: 97.4,
    gc_fraction: 0.613,
  }),
  call(
    'queryLogs',
    "2,318 ERROR lines; 12,000 requests rejected; 96% share 'Connection is not available, request timed out after 30000ms'; reconcile job held connections 176-183 s.",
  ),
  call('queryLogs', 'latency 640 ms on replica', { evidenceStatus: 'failed', errorMessage: 'timeout' }),
];

const VERIFIER = makeVerifierEvaluation({
  trace_summaries: [
    { tool_name: 'queryMetrics', evidence_status: 'supported', summary: 'MySQL threads_connected 212/1000.' },
  ],
  claim_checks: [
    { claim_id: 'c1', verification: 'supported', detail: 'heap 1,229 MB of 2 GB in queryMetrics' },
    { claim_id: 'c2', verification: 'unsupported', detail: 'the draft claims 88% of pods restarted; nothing shows it' },
  ],
});

const QUESTION_EN = 'Storefront data is more than 20 minutes stale since the payment API started timing out. Why?';
const QUESTION_ZH = '支付接口从 14:05 开始大量超时，已经持续 20 分钟，根因是什么？';

function answer(finalAnswer: string, question = QUESTION_EN): ContextInput {
  return { case: { question }, trace: { finalAnswer, toolInvocations: EVIDENCE, verifierEvaluation: VERIFIER } };
}

const zh = (finalAnswer: string) => answer(finalAnswer, QUESTION_ZH);

describe('numeric-grounding (S37)', () => {
  testCheck(numericGroundingCheck, {
    valid: [
      // English
      {
        name: 'S37 EN: figures as the tools wrote them',
        ...answer('p99 rose from 182 ms to 30.2 s and 37.4% of requests failed.'),
        message: 'all 3 figures',
      },
      {
        name: 'S37 EN: seconds grounded by milliseconds (30000ms → 30 s)',
        ...answer('Requests waited 30 s for a connection.'),
      },
      { name: 'S37 EN: a percent grounded by a fraction (gc_fraction 0.613)', ...answer('GC took 61.3% of the time.') },
      {
        name: 'S37 EN: a bare number whose unit is elsewhere in the JSON ("cpu_percent": 97.4)',
        ...answer('CPU was at 97.4% and 412 requests were waiting.'),
      },
      {
        name: 'S37 EN: thousands separators do not matter (2,318 → 2318)',
        ...answer('The logs hold 2318 errors and 1,150 requests per second kept arriving.'),
      },
      {
        name: 'S37 EN: approximate figures are exempt',
        ...answer('Each batch took about 45 s, roughly 3 h in all, with ~500 ms of overhead and around 7% retries.'),
      },
      {
        name: 'S37 EN: full-width digits and percent sign (NFKC)',
        ...answer('ＣＰＵ ９７．４％ on the payment pods.'),
      },
      { name: 'S37 EN: sizes compare across units (1,229 MB → 1.2 GB)', ...answer('The heap used 1.2 GB of 2 GB.') },
      { name: 'S37 EN: a figure rounded to fewer decimals (97.4% → 97%)', ...answer('CPU reached 97% on every pod.') },
      {
        name: 'S37 EN: a figure the question gave',
        ...answer('The data has been stale for 20 minutes because the pool is exhausted.'),
      },
      {
        name: 'S37 EN: a range as the evidence wrote it',
        ...answer('The reconcile job held connections for 176–183 s each.'),
      },
      { name: 'S37 EN: a figure from the verifier summary', ...answer('MySQL itself had only 212 threads connected.') },
      {
        name: 'S37 EN: dates, times of day, versions, ids, ratios and plain numbers are no figures',
        ...answer(
          'Since 2024-06-11 14:05, release v2.31.0 (build 1.2.3) and runbook RB-PAY-014 show pool 50/50, 0/2 replicas ready, commit 9f3a2c1, in 2024.',
        ),
        message: 'no exact figure',
      },
      { name: 'S37 EN: a figure in a supported claim-check detail', ...answer('Heap usage stood at 1,229 MB.') },
      // Chinese
      { name: 'S37 ZH: 毫秒与秒（182 毫秒、30.2 秒）', ...zh('p99 从 182 毫秒升至 30.2 秒，5xx 占比 37.4%。') },
      { name: 'S37 ZH: 30000ms 即 30 秒', ...zh('支付请求获取连接等待 30 秒后超时。') },
      { name: 'S37 ZH: JSON 中的裸数字（pending 412）', ...zh('等待连接的请求峰值 412 个，CPU 使用率 97.4%。') },
      { name: 'S37 ZH: 千分位（2,318 条）', ...zh('日志中共 2318 条 ERROR。') },
      {
        name: 'S37 ZH: 约、大约、左右 标记的近似数字不检查',
        ...zh('每批约 45 秒，大约 3 小时后恢复，额外开销 500 毫秒左右。'),
      },
      { name: 'S37 ZH: 全角数字', ...zh('CPU 使用率 ９７．４％。') },
      { name: 'S37 ZH: 万（1.2 万次 = 12,000）', ...zh('共有 1.2 万次请求被拒绝。') },
      {
        name: 'S37 ZH: 日期、时刻、版本号、编号不是数字指标',
        ...zh('2024 年 6 月 11 日 14:05 起，v2.31.0 发布后，RB-PAY-014 所述的连接池 50/50。'),
      },
      { name: 'S37 ZH: 序数和答案自身的条目数不是指标', ...zh('第 2 次重试后仍失败。以下 3 条建议供参考。') },
      { name: 'S37 ZH: 范围（176–183 秒）', ...zh('对账任务单个事务持有连接 176–183 秒。') },
      { name: 'S37 ZH: 问题中给出的数字（持续 20 分钟）', ...zh('超时已持续 20 分钟，原因是连接池耗尽。') },
      { name: 'S37 ZH: 四舍五入（97.4% → 97%）', ...zh('所有 pod 的 CPU 达到 97%。') },
      { name: 'S37 ZH: 堆内存 1.2 GB（1,229 MB）', ...zh('堆内存使用 1.2 GB。') },
    ],
    invalid: [
      // English
      {
        name: 'S37 EN: a percentage no tool returned',
        ...answer('CPU was at 99.1% on every pod.'),
        message: '"99.1%"',
        messageId: 'ungrounded',
        data: { figureWord: 'a figure', found: '"99.1%"' },
      },
      {
        name: 'S37 EN: an invented pool size with a unit',
        ...answer('The pool size is 200 connections.'),
        message: '"200 connections"',
        messageId: 'ungrounded',
        data: { figureWord: 'a figure', found: '"200 connections"' },
      },
      {
        name: 'S37 EN: a latency no tool returned',
        ...answer('p99 rose to 45 s.'),
        message: '"45 s"',
        messageId: 'ungrounded',
        data: { figureWord: 'a figure', found: '"45 s"' },
      },
      {
        name: 'S37 EN: an invented size',
        ...answer('The heap grew to 3.5 GB.'),
        message: '"3.5 gb"',
        messageId: 'ungrounded',
        data: { figureWord: 'a figure', found: '"3.5 gb"' },
      },
      {
        name: 'S37 EN: an invented count of pods',
        ...answer('5 pods restarted during the incident.'),
        message: '"5 pods"',
        messageId: 'ungrounded',
        data: { figureWord: 'a figure', found: '"5 pods"' },
      },
      {
        name: 'S37 EN: a figure more precise than the evidence allows',
        ...answer('CPU peaked at 97.5%.'),
        message: '"97.5%"',
        messageId: 'ungrounded',
        data: { figureWord: 'a figure', found: '"97.5%"' },
      },
      {
        name: 'S37 EN: a figure only an unsupported claim check mentions',
        ...answer('88% of pods restarted.'),
        message: '"88%"',
        messageId: 'ungrounded',
        data: { figureWord: 'a figure', found: '"88%"' },
      },
      {
        name: 'S37 EN: a figure only a failed call returned',
        ...answer('The replica answered in 640 ms.'),
        message: '"640 ms"',
        messageId: 'ungrounded',
        data: { figureWord: 'a figure', found: '"640 ms"' },
      },
      {
        name: 'S37 EN: a figure only in the call arguments',
        ...answer('We saw 200 errors.'),
        message: '"200 errors"',
        messageId: 'ungrounded',
        data: { figureWord: 'a figure', found: '"200 errors"' },
      },
      {
        name: 'S37 EN: the message names every ungrounded figure',
        ...answer('CPU 99.1%, p99 45 s, and 30.2 s latency.'),
        message: '"99.1%", "45 s"',
        messageId: 'ungrounded',
        data: { figureWord: 'figures', found: '"99.1%", "45 s"' },
      },
      {
        name: 'S37 EN: full-width invented figure',
        ...answer('ＣＰＵ ９９％'),
        message: '"99%"',
        messageId: 'ungrounded',
        data: { figureWord: 'a figure', found: '"99%"' },
      },
      // Chinese
      {
        name: 'S37 ZH: 编造的 CPU 使用率',
        ...zh('CPU 使用率达到 99.1%。'),
        message: '"99.1%"',
        messageId: 'ungrounded',
        data: { figureWord: 'a figure', found: '"99.1%"' },
      },
      {
        name: 'S37 ZH: 编造的连接池上限',
        ...zh('连接池上限为 200 个。'),
        message: '"200 个"',
        messageId: 'ungrounded',
        data: { figureWord: 'a figure', found: '"200 个"' },
      },
      {
        name: 'S37 ZH: 编造的延迟',
        ...zh('p99 升至 45 秒。'),
        message: '"45 秒"',
        messageId: 'ungrounded',
        data: { figureWord: 'a figure', found: '"45 秒"' },
      },
      {
        name: 'S37 ZH: 编造的请求量',
        ...zh('每秒 3000 次请求。'),
        message: '"3000 次"',
        messageId: 'ungrounded',
        data: { figureWord: 'a figure', found: '"3000 次"' },
      },
      {
        name: 'S37 ZH: 编造的机器数',
        ...zh('重启了 5 台机器。'),
        message: '"5 台"',
        messageId: 'ungrounded',
        data: { figureWord: 'a figure', found: '"5 台"' },
      },
      {
        name: 'S37 ZH: 编造的堆内存',
        ...zh('堆内存涨到 3.5 GB。'),
        message: '"3.5 gb"',
        messageId: 'ungrounded',
        data: { figureWord: 'a figure', found: '"3.5 gb"' },
      },
      {
        name: 'S37 ZH: 编造的持续时间',
        ...zh('故障持续 15 分钟。'),
        message: '"15 分钟"',
        messageId: 'ungrounded',
        data: { figureWord: 'a figure', found: '"15 分钟"' },
      },
      {
        name: 'S37 ZH: 编造的万次',
        ...zh('共有 9 万次请求失败。'),
        message: '"9 万次"',
        messageId: 'ungrounded',
        data: { figureWord: 'a figure', found: '"9 万次"' },
      },
      {
        name: 'S37 ZH: 只在失败调用中出现的数字',
        ...zh('从库延迟 640 毫秒。'),
        message: '"640 毫秒"',
        messageId: 'ungrounded',
        data: { figureWord: 'a figure', found: '"640 毫秒"' },
      },
      {
        name: 'S37 ZH: 编造的倍数',
        ...zh('QPS 涨了 8 倍。'),
        message: '"8 倍"',
        messageId: 'ungrounded',
        data: { figureWord: 'a figure', found: '"8 倍"' },
      },
      {
        name: 'S37 ZH: 全角的编造数字',
        ...zh('错误率 ７７％。'),
        message: '"77%"',
        messageId: 'ungrounded',
        data: { figureWord: 'a figure', found: '"77%"' },
      },
    ],
    skipped: [
      {
        name: 'S37: skipped when a call that yielded evidence records no resultSummary',
        trace: {
          finalAnswer: 'CPU 99.1%',
          toolInvocations: [{ toolName: 'queryMetrics', evidenceStatus: 'supported', durationMs: 1 }],
        },
        message: 'toolInvocations[0] yielded evidence but records no resultSummary',
      },
      { name: 'S37: skipped on an empty final answer', trace: { finalAnswer: '' }, message: 'empty' },
    ],
  });

  it('S37: a failed call without a resultSummary does not stop the check', () => {
    const finding = runCheck(numericGroundingCheck, {
      trace: {
        finalAnswer: 'CPU 99.1%',
        toolInvocations: [
          call('queryMetrics', 'cpu 31%'),
          { toolName: 'queryLogs', evidenceStatus: 'failed', durationMs: 1 },
        ],
      },
    });
    expect(finding).toMatchObject({ outcome: 'fail' });
  });

  it('S37: evidence nested too deeply to write as JSON is judged, not a crash', () => {
    let nested: unknown = '30000 ms';
    for (let level = 0; level < 100_000; level += 1) nested = [nested];
    const finding = runCheck(numericGroundingCheck, {
      trace: {
        finalAnswer: '连接池等待 412 个请求，p99 30.2 s。',
        toolInvocations: [call('queryMetrics', nested), call('queryMetrics', 'pending 412 requests, p99 30.2 s')],
      },
    });
    expect(finding).toMatchObject({ outcome: 'pass', messageId: 'grounded' });
  });
});

describe('figures of an answer (S37)', () => {
  const figuresOf = (text: string) => answerFigures(normalizeText(text)).map((figure) => figure.text);

  it.each([
    ['CPU 97.4% at 14:05:10 on 2024-06-11', ['97.4%']],
    ['v1.2.3 took 1.2.3 ms; ev-2 3 s', ['3 s']],
    ['176–183 秒', ['176–183 秒', '183 秒']],
    ['10 to 20 minutes', ['10 to 20 minutes', '20 minutes']],
    ['5 services, 8 hosts, 3 minimum', []],
    ['in the 1990s, after 5s', ['5s']],
    ['峰值 412 个，1.2 万次/秒，4,800/s', ['412 个', '1.2 万次/秒', '4,800/s']],
    ['hash a3f9c2e, commit 4f2 s, p99 30 s, 5xx 37%', ['30 s', '37%']],
  ])('S37: %s', (text, expected) => {
    expect(figuresOf(text)).toEqual(expected);
  });
});

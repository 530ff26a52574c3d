import { describe, expect, it } from 'vitest';

import { answerFigures, ungroundedInEvidence } from '../../src/text/figures.js';
import { normalizeText } from '../../src/text/normalize.js';

/** The one figure of an answer. */
function figureOf(answer: string) {
  const figures = answerFigures(normalizeText(answer));
  expect(figures).toHaveLength(1);
  return figures;
}

describe('the evidence scan: a figure grounded in another unit, form or precision (S37)', () => {
  // Each evidence grounds the figure.
  it.each<[string, string, string]>([
    ['S37 EN: the same number and unit', 'p99 30.2 s', 'latency 30.2 s'],
    ['S37 EN: seconds from milliseconds', 'waited 2.1 s', 'acquire 2,100 ms'],
    ['S37 EN: a percent from a fraction', 'GC took 61.3% of the time', 'gc_fraction 0.613'],
    ['S37 EN: a percent from a bare number under its key', 'CPU 97.4%', '"cpu_percent": 97.4'],
    ['S37 EN: gigabytes from mebibytes', 'heap 1.2 GB', 'heap 1,229 mb'],
    ['S37 EN: a rounded figure from a precise one', 'CPU 97%', 'cpu 97.4%'],
    ['S37 ZH: 秒 from 分钟', '等待 30 秒', '等待 0.5 分钟'],
    ['S37 ZH: 万次 from a bare count', '共有 3 万次请求失败', '失败请求 30000'],
    ['S37 ZH: 亿 on the evidence side', '调用 200000000 次', '调用 2 亿次'],
    ['S37 ZH: 倍', 'QPS 涨了 8 倍', 'qps 是平时的 8 倍'],
  ])('%s', (_, answer, evidence) => {
    const figures = figureOf(answer);
    const lowered = evidence.toLowerCase();
    expect(ungroundedInEvidence(figures, lowered)).toEqual([]);
  });

  // Numbers that ground none of the figures.
  it.each<[string, string, string]>([
    ['S37 EN: another number of seconds', 'waited 2.1 s', 'timeout 3,100 ms'],
    ['S37 EN: another percent', 'CPU 97.4%', 'cpu 31%'],
    ['S37 EN: a port', 'heap 1.2 GB', 'port 8080'],
    ['S37 ZH: 另一个次数', '共有 3 万次请求失败', '失败请求 412 次'],
  ])('%s', (_, answer, evidence) => {
    const figures = figureOf(answer);
    const lowered = evidence.toLowerCase();
    expect(ungroundedInEvidence(figures, lowered)).toEqual(figures);
  });

  it('S37: every figure is looked for until one grounds it, and the ones none grounds are returned in order', () => {
    const figures = answerFigures(normalizeText('p99 rose to 30.2 s and 37.4% failed'));
    expect(ungroundedInEvidence(figures, 'cpu 31%\np99 30,200 ms\nerrors 0.374 of requests')).toEqual([]);
    expect(ungroundedInEvidence(figures, 'cpu 31%\np99 30,200 ms').map((figure) => figure.text)).toEqual(['37.4%']);
  });
});

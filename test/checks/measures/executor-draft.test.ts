import { describe, expect, it } from 'vitest';
import {
  type DraftReproduction,
  executorDraft,
  isReproduction,
  measureDraftReproduction,
  tokenize,
} from '../../../src/checks/measures/executor-draft.js';
import { normalizeText } from '../../../src/text/normalize.js';
import type { AgentStep } from '../../../src/trace/types.js';
import { makeTrace } from '../helpers.js';

const step = (agentName: string | null, output: unknown): AgentStep => ({ agentName, output });

describe('executorDraft (S06)', () => {
  it.each<[string, AgentStep[], string | null]>([
    ['S06 no agent steps', [], null],
    ['S06 no executor step', [step('planner', 'plan'), step('composer', 'answer')], null],
    ['S06 the output of the only executor step', [step('executor', '连接池耗尽')], '连接池耗尽'],
    [
      'S06 the last executor step wins',
      [
        step('executor', 'first draft'),
        step('verifier', 'REJECT'),
        step('executor', 'second draft'),
        step('composer', 'final'),
      ],
      'second draft',
    ],
    ['S06 the executor name in any case', [step('EXECUTOR', 'draft A'), step('Executor', 'draft B')], 'draft B'],
    ['S06 a step without a name is not the executor', [step('executor', 'draft'), step(null, 'other')], 'draft'],
    [
      'S06 the answer of a JSON object output',
      [step('executor', { answer_version: 2, answer: '池耗尽', claims: [] })],
      '池耗尽',
    ],
    [
      'S06 the answer of a string holding a JSON object',
      [step('executor', ' {"answer": "pool exhausted", "claim_id": "c1"}')],
      'pool exhausted',
    ],
    ['S06 a JSON string without answer is kept as is', [step('executor', '{"claims": []}')], '{"claims": []}'],
    [
      'S06 a JSON string whose answer is not a string is kept as is',
      [step('executor', '{"answer": 1}')],
      '{"answer": 1}',
    ],
    ['S06 a string that only looks like JSON is kept as is', [step('executor', '{answer: pool}')], '{answer: pool}'],
    ['S06 a JSON list in a string is kept as is', [step('executor', '["answer"]')], '["answer"]'],
    ['S06 an object output without answer has no draft', [step('executor', { claims: [] })], null],
    ['S06 an object output whose answer is not a string has no draft', [step('executor', { answer: ['a'] })], null],
    [
      'S06 a null output of the last executor step has no draft',
      [step('executor', 'draft'), step('executor', null)],
      null,
    ],
    ['S06 a list output has no draft', [step('executor', ['answer'])], null],
  ])('%s', (_, agentSteps, expected) => {
    expect(executorDraft(makeTrace({ agentSteps }))).toBe(expected);
  });
});

describe('tokenize (S06)', () => {
  it.each<[string, string, string[]]>([
    ['S06 Latin words and digit runs', 'Pool-size=200, p99 latency', ['pool', 'size', '200', 'p99', 'latency']],
    ['S06 full-width Latin after NFKC', 'ＣＰＵ １００％', ['cpu', '100']],
    ['S06 one token per Han character', '连接池耗尽', ['连', '接', '池', '耗', '尽']],
    ['S06 mixed Latin and Han', 'DB连接池timeout', ['db', '连', '接', '池', 'timeout']],
    [
      'S06 Hiragana and Katakana characters, with the prolonged sound mark',
      'ﾌﾟｰﾙが枯渇',
      ['プ', 'ー', 'ル', 'が', '枯', '渇'],
    ],
    ['S06 Hangul syllables', '연결 풀', ['연', '결', '풀']],
    ['S06 accented Latin letters stay in their word', 'Café déjà vu', ['café', 'déjà', 'vu']],
    ['S06 punctuation and protocol underscores split words', 'claim_id: "c1"', ['claim', 'id', 'c1']],
  ])('%s', (_, text, expected) => {
    expect(tokenize(normalizeText(text))).toEqual(expected);
  });
});

const draft = 'The root cause is the exhausted connection pool of the payment database';

describe('measureDraftReproduction (S06)', () => {
  it.each<[string, string, string, DraftReproduction]>([
    [
      'S06 every trigram of a reproduced English draft',
      `Insufficient evidence. ${draft}.`,
      draft,
      { method: 'trigrams', shared: 10, total: 10, overlap: 1 },
    ],
    [
      'S06 a partial overlap',
      'insufficient evidence; the root cause is the pool',
      draft,
      { method: 'trigrams', shared: 3, total: 10, overlap: 0.3 },
    ],
    ['S06 distinct trigrams only', 'a b c', 'a b c a b c', { method: 'trigrams', shared: 1, total: 3, overlap: 1 / 3 }],
    [
      'S06 Chinese character trigrams across punctuation',
      '证据不足。根因：连接池耗尽',
      '根因是连接池耗尽',
      { method: 'trigrams', shared: 3, total: 6, overlap: 0.5 },
    ],
    [
      'S06 a two-token draft falls back to substring',
      '证据不足: Pool  Exhausted',
      'pool exhausted',
      { method: 'substring', contained: true },
    ],
    [
      'S06 a draft without tokens falls back to substring',
      'status: ???',
      '???',
      { method: 'substring', contained: true },
    ],
  ])('%s', (_, answer, draftText, expected) => {
    expect(measureDraftReproduction(normalizeText(answer), draftText)).toEqual(expected);
  });
});

describe('isReproduction of measureDraftReproduction (S06)', () => {
  it.each<[string, string, string, number, boolean]>([
    ['S06 a fully reproduced draft', `无法确认。${draft}`, draft, 0.5, true],
    ['S06 overlap below maxDraftOverlap', 'insufficient evidence; the root cause is the pool', draft, 0.5, false],
    [
      'S06 overlap exactly at maxDraftOverlap reproduces',
      'insufficient evidence; the root cause is the pool',
      draft,
      0.3,
      true,
    ],
    ['S06 overlap exactly 0.5 reproduces at the default', '证据不足。根因：连接池耗尽', '根因是连接池耗尽', 0.5, true],
    [
      'S06 full-width draft text is normalised',
      'insufficient evidence: cpu throttled by cgroup',
      'ＣＰＵ throttled by cgroup',
      0.5,
      true,
    ],
    ['S06 a short draft contained in the answer', '证据不足 (pool exhausted)', 'Pool exhausted', 0.5, true],
    ['S06 a short draft not in the answer', '证据不足', 'pool exhausted', 0.5, false],
    ['S06 a single-character draft', '无法确认', '确', 0.5, true],
    ['S06 an empty draft never reproduces', 'insufficient evidence', '', 0.5, false],
    ['S06 a blank draft never reproduces', 'insufficient evidence', ' \n ', 0.5, false],
  ])('%s', (_, answer, draftText, maxDraftOverlap, expected) => {
    expect(isReproduction(measureDraftReproduction(normalizeText(answer), draftText), maxDraftOverlap)).toBe(expected);
  });
});

import { describe, expect, it } from 'vitest';
import type { EvalCase } from '../../src/cases/types.js';
import { DEFAULT_CONTRACT } from '../../src/config/contract.js';
import { evaluateRun } from '../../src/evaluate/evaluate.js';
import { type PlainTrace, toPlainTrace } from '../../src/mutate/plain-trace.js';
import { REWRITES } from '../../src/mutate/rewrites/index.js';
import { makeEvalCase } from '../helpers/eval-case.js';
import { buildTrace, type TraceSpec, toolCall } from '../helpers/trace-builder.js';

interface Row {
  name: string;
  evalCase?: Partial<EvalCase>;
  trace?: TraceSpec;
  labels: string[];
  expect?: (variant: PlainTrace) => void;
}

const EN = {
  rootCauseKeywords: [['connection pool', 'hikaricp'], 'batch job'],
  minKeywordCoverage: 1,
  forbiddenConfirmedClaims: ['database is down'],
};
const ZH = {
  question: '支付为什么超时？',
  rootCauseKeywords: [
    ['连接池', 'connection pool'],
    ['对账任务', 'settlement job'],
  ],
  minKeywordCoverage: 1,
};
const EN_ANSWER = 'The connection pool was exhausted by a batch job; the database is healthy.';
const ZH_ANSWER = '根因是连接池被对账任务占满，数据库本身正常。';

const TABLES: Record<string, Row[]> = {
  whitespace: [
    {
      name: 'EN: doubled spaces and lines',
      evalCase: EN,
      trace: { finalAnswer: `${EN_ANSWER}\nDone.` },
      labels: ['spaces and lines'],
      expect: (variant) =>
        expect(variant.finalAnswer).toBe(
          '\n\tThe  connection  pool  was  exhausted  by  a  batch  job;  the  database  is  healthy.\n\nDone.\n\n',
        ),
    },
    { name: 'ZH', evalCase: ZH, trace: { finalAnswer: ZH_ANSWER }, labels: ['spaces and lines'] },
  ],
  'letter-case': [
    {
      name: 'EN: upper case',
      evalCase: EN,
      trace: { finalAnswer: EN_ANSWER },
      labels: ['upper case'],
      expect: (variant) => expect(variant.finalAnswer).toBe(EN_ANSWER.toUpperCase()),
    },
    { name: 'ZH: nothing to upper-case', evalCase: ZH, trace: { finalAnswer: ZH_ANSWER }, labels: [] },
  ],
  'full-width': [
    {
      name: 'EN: full-width letters',
      evalCase: EN,
      trace: { finalAnswer: 'Pool 50/50 by a batch job: connection pool.' },
      labels: ['full-width letters and digits'],
      expect: (variant) =>
        expect(variant.finalAnswer).toBe(
          'Ｐｏｏｌ ５０/５０ ｂｙ ａ ｂａｔｃｈ ｊｏｂ: ｃｏｎｎｅｃｔｉｏｎ ｐｏｏｌ.',
        ),
    },
    { name: 'ZH: nothing Latin', evalCase: ZH, trace: { finalAnswer: ZH_ANSWER }, labels: [] },
  ],
  synonym: [
    {
      name: 'EN: another synonym of the same concept',
      evalCase: EN,
      trace: { finalAnswer: EN_ANSWER },
      labels: ['concept 1 (connection pool): "connection pool" → "hikaricp"'],
      expect: (variant) =>
        expect(variant.finalAnswer).toBe('The hikaricp was exhausted by a batch job; the database is healthy.'),
    },
    {
      name: 'ZH: 连接池 → connection pool, 对账任务 → settlement job',
      evalCase: ZH,
      trace: { finalAnswer: ZH_ANSWER },
      labels: [
        'concept 1 (连接池): "连接池" → "connection pool"',
        'concept 2 (对账任务): "对账任务" → "settlement job"',
      ],
    },
  ],
  'reorder-calls': [
    {
      name: 'tools reversed, a retry kept after its failed call',
      evalCase: EN,
      trace: {
        finalAnswer: EN_ANSWER,
        toolInvocations: [toolCall('queryMetrics', 'failed'), toolCall('queryLogs'), toolCall('queryMetrics')],
      },
      labels: ['queryLogs, queryMetrics'],
      expect: (variant) =>
        expect(
          (variant.toolInvocations ?? []).map(
            (call) => `${String(call['toolName'])}:${String(call['evidenceStatus'])}`,
          ),
        ).toEqual(['queryLogs:supported', 'queryMetrics:failed', 'queryMetrics:supported']),
    },
    { name: 'one tool: nothing to reorder', evalCase: EN, trace: { finalAnswer: EN_ANSWER }, labels: [] },
  ],
  'snake-case': [
    {
      name: 'snake_case keys',
      evalCase: EN,
      trace: { finalAnswer: EN_ANSWER },
      labels: ['snake_case keys'],
      expect: (variant) => {
        expect(variant['final_answer']).toBe(EN_ANSWER);
        expect((variant['tool_invocations'] as Record<string, unknown>[])[0]?.['tool_name']).toBe('queryMetrics');
      },
    },
  ],
  envelope: [
    {
      name: 'inside { code, message, data }, selfEvaluation encoded',
      evalCase: EN,
      trace: { finalAnswer: EN_ANSWER },
      labels: ['envelope'],
      expect: (variant) => {
        expect(variant['code']).toBe(0);
        expect(typeof (variant['data'] as Record<string, unknown>)['selfEvaluation']).toBe('string');
      },
    },
  ],
};

describe('meaning-preserving rewrites (S65)', () => {
  it('S65: every rewrite in the registry has a table here', () => {
    expect(Object.keys(TABLES).sort()).toEqual(REWRITES.map((rewrite) => rewrite.id).sort());
  });

  for (const rewrite of REWRITES) {
    describe(rewrite.id, () => {
      it.each(TABLES[rewrite.id] ?? [])('S65: $name, and the variant still passes its case', (row) => {
        const evalCase = makeEvalCase(row.evalCase);
        const trace = toPlainTrace(buildTrace(row.trace));
        expect(
          evaluateRun(
            evalCase,
            { kind: 'document', document: trace, traceFixture: null, sessionId: null },
            DEFAULT_CONTRACT,
          ).status,
        ).toBe('passed');
        const variants = rewrite.rewrite({ evalCase, trace, contract: DEFAULT_CONTRACT, suiteToolNames: [] });
        expect(variants.map((variant) => variant.label)).toEqual(row.labels);
        for (const variant of variants) {
          const result = evaluateRun(
            evalCase,
            { kind: 'document', document: variant.document, traceFixture: null, sessionId: null },
            DEFAULT_CONTRACT,
          );
          expect(result.failedChecks).toEqual([]);
        }
        if (variants[0] !== undefined) row.expect?.(variants[0].document);
      });
    });
  }
});

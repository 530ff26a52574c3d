import { describe, expect, it } from 'vitest';
import type { EvalCase } from '../../src/cases/types.js';
import { DEFAULT_CONTRACT } from '../../src/config/contract.js';
import { OPERATORS } from '../../src/mutate/operators/index.js';
import { type PlainTrace, toPlainTrace } from '../../src/mutate/plain-trace.js';
import type { MutationContext } from '../../src/mutate/types.js';
import { makeEvalCase } from '../helpers/eval-case.js';
import { buildTrace, type TraceSpec, toolCall } from '../helpers/trace-builder.js';

interface Row {
  name: string;
  evalCase?: Partial<EvalCase>;
  trace?: TraceSpec;
  /** The labels of the mutants, in order. */
  labels: string[];
  /** What the first mutant must show. */
  expect?: (mutant: PlainTrace, original: PlainTrace) => void;
  /** A text the first mutant's suggestion must contain. */
  suggestion?: string;
}

const EN_CASE: Partial<EvalCase> = {
  rootCauseKeywords: [['connection pool', 'hikaricp'], 'batch job'],
  minKeywordCoverage: 0.5,
  requiredEvidenceTools: ['queryMetrics'],
};
const ZH_QUESTION = '支付接口为什么超时？';
const ZH_CASE: Partial<EvalCase> = {
  question: ZH_QUESTION,
  rootCauseKeywords: [['连接池', 'connection pool'], '对账任务'],
  minKeywordCoverage: 0.5,
};
const ZH_ANSWER = '根因是连接池被对账任务占满。\n依据：连接池活跃连接 50/50。';
const TWO_TOOLS = [toolCall('queryMetrics'), toolCall('queryLogs')];
const answer = (trace: PlainTrace): string => String(trace.finalAnswer);
const verifier = (trace: PlainTrace): Record<string, unknown> =>
  (trace.selfEvaluation as { verifier_evaluation: Record<string, unknown> }).verifier_evaluation;

/** One table per operator id: every operator in the registry must have rows here (checked below). */
const TABLES: Record<string, Row[]> = {
  'drop-evidence-tool': [
    {
      name: 'each tool with evidence, calls and summary removed',
      trace: {
        toolInvocations: TWO_TOOLS,
        verifier: { trace_summaries: [{ tool_name: 'queryLogs', evidence_status: 'supported', summary: 'x' }] },
      },
      labels: ['queryMetrics', 'queryLogs'],
      expect: (mutant) => expect((mutant.toolInvocations ?? []).map((call) => call['toolName'])).toEqual(['queryLogs']),
      suggestion: 'add it to requiredEvidenceTools',
    },
    {
      name: 'a tool whose calls already failed is left alone',
      trace: { toolInvocations: [toolCall('queryMetrics'), toolCall('queryLogs', 'failed')] },
      labels: ['queryMetrics'],
    },
  ],
  'fail-evidence-tool': [
    {
      name: 'calls fail: status, error message, empty result',
      evalCase: { requiredEvidenceTools: ['queryMetrics'] },
      trace: { toolInvocations: TWO_TOOLS },
      labels: ['queryMetrics', 'queryLogs'],
      expect: (mutant) =>
        expect(mutant.toolInvocations?.[0]).toMatchObject({
          evidenceStatus: 'failed',
          errorMessage: 'upstream request timed out',
          resultSummary: '',
        }),
      suggestion: 'evidence-substance',
    },
    {
      name: 'an unrequired tool: the suggestion is to require it',
      trace: { toolInvocations: [toolCall('queryLogs')] },
      labels: ['queryLogs'],
      suggestion: 'add it to requiredEvidenceTools',
    },
  ],
  'empty-evidence-result': [
    {
      name: 'results emptied, status kept',
      trace: { toolInvocations: TWO_TOOLS },
      labels: ['queryMetrics', 'queryLogs'],
      expect: (mutant) =>
        expect(mutant.toolInvocations?.[0]).toMatchObject({ evidenceStatus: 'supported', resultSummary: '[]' }),
    },
    { name: 'no calls, no mutant', trace: { toolInvocations: [] }, labels: [] },
  ],
  'disallowed-verdict': [
    {
      name: 'every contract verdict not allowed',
      evalCase: { allowedVerdicts: ['PASS'] },
      labels: ['REVISE', 'REJECT'],
      expect: (mutant) => expect(verifier(mutant)['verdict']).toBe('REVISE'),
      suggestion: 'allowedVerdicts',
    },
    {
      name: 'a forbidden verdict also allowed is still tried',
      evalCase: { allowedVerdicts: ['PASS', 'REVISE', 'REJECT'], forbiddenVerdicts: ['REJECT'] },
      labels: ['REJECT'],
    },
    {
      name: 'every verdict allowed: no mutant',
      evalCase: { allowedVerdicts: ['PASS', 'REVISE', 'REJECT'] },
      labels: [],
    },
  ],
  'remove-verdict': [
    {
      name: 'the verdict removed',
      labels: ['verdict'],
      expect: (mutant) => expect(verifier(mutant)['verdict']).toBeUndefined(),
    },
    { name: 'no verdict, no mutant', trace: { verdict: null }, labels: [] },
  ],
  'delete-concept': [
    {
      name: 'EN: each concept, every synonym removed',
      evalCase: EN_CASE,
      trace: { finalAnswer: 'The HikariCP connection pool was exhausted by a batch job.' },
      labels: ['concept 1 (connection pool)', 'concept 2 (batch job)'],
      expect: (mutant) => expect(answer(mutant)).toBe('The   was exhausted by a batch job.'),
      suggestion: 'mark it required',
    },
    {
      name: 'ZH: 连接池 removed everywhere',
      evalCase: ZH_CASE,
      trace: { finalAnswer: ZH_ANSWER },
      labels: ['concept 1 (连接池)', 'concept 2 (对账任务)'],
      expect: (mutant) => expect(answer(mutant)).not.toContain('连接池'),
    },
    {
      name: 'a concept the answer does not mention gives no mutant',
      evalCase: { rootCauseKeywords: ['dns'] },
      labels: [],
    },
  ],
  'negate-root-cause': [
    {
      name: 'EN: "not" before every mention',
      evalCase: EN_CASE,
      trace: { finalAnswer: 'The connection pool was exhausted.' },
      labels: ['concept "connection pool"'],
      expect: (mutant) => expect(answer(mutant)).toBe('The not connection pool was exhausted.'),
      suggestion: 'mark it required',
    },
    {
      name: 'ZH: 不是 before every mention',
      evalCase: ZH_CASE,
      trace: { finalAnswer: ZH_ANSWER },
      labels: ['concept "连接池"'],
      expect: (mutant) =>
        expect(answer(mutant)).toBe('根因是不是连接池被对账任务占满。\n依据：不是连接池活跃连接 50/50。'),
    },
    {
      name: 'a required concept is the culprit',
      evalCase: {
        ...EN_CASE,
        rootCauseKeywords: ['connection pool', { any: ['batch job'], required: true } as unknown as string],
      },
      trace: { finalAnswer: 'The connection pool was exhausted by a batch job.' },
      labels: ['concept "batch job"'],
      suggestion: 'it must count only asserted mentions',
    },
    {
      name: 'minKeywordCoverage 1: the mention itself is counted',
      evalCase: { ...EN_CASE, minKeywordCoverage: 1 },
      trace: { finalAnswer: 'The connection pool was exhausted.' },
      labels: ['concept "connection pool"'],
      suggestion: 'assertion-aware matching',
    },
  ],
  'hedge-root-cause': [
    {
      name: 'S67 EN: "(unverified guess)"',
      evalCase: EN_CASE,
      trace: { finalAnswer: 'The connection pool was exhausted.' },
      labels: ['concept "connection pool"'],
      expect: (mutant) => expect(answer(mutant)).toBe('The (unverified guess) connection pool was exhausted.'),
    },
    {
      name: 'S67 ZH: （猜测）',
      evalCase: ZH_CASE,
      trace: { finalAnswer: '根因是连接池耗尽。' },
      labels: ['concept "连接池"'],
      expect: (mutant) => expect(answer(mutant)).toBe('根因是（猜测）连接池耗尽。'),
    },
  ],
  'replace-root-cause': [
    {
      name: 'EN: an unrelated cause',
      evalCase: EN_CASE,
      trace: { finalAnswer: 'The HikariCP pool was exhausted.' },
      labels: ['concept "connection pool"'],
      expect: (mutant) => expect(answer(mutant)).toBe('The DNS resolution pool was exhausted.'),
    },
    {
      name: 'ZH: DNS 解析',
      evalCase: ZH_CASE,
      trace: { finalAnswer: '根因是连接池耗尽。' },
      labels: ['concept "连接池"'],
      expect: (mutant) => expect(answer(mutant)).toBe('根因是DNS 解析耗尽。'),
    },
    { name: 'no concepts: no mutant', labels: [] },
  ],
  'add-forbidden-text': [
    {
      name: 'EN: each listed text confirmed in the conclusion',
      evalCase: { forbiddenAnswerKeywords: ['ddos'], forbiddenConfirmedClaims: ['database is down'] },
      trace: { finalAnswer: 'Pool exhausted.\nDetails follow.' },
      labels: ['ddos', 'database is down'],
      expect: (mutant) =>
        expect(answer(mutant)).toBe('Pool exhausted. Also, it is confirmed that ddos.\nDetails follow.'),
    },
    {
      name: 'ZH: a generic wrong cause when none is listed',
      evalCase: { question: ZH_QUESTION },
      trace: { finalAnswer: '连接池耗尽。' },
      labels: ['根因是数据库宕机'],
      expect: (mutant) => expect(answer(mutant)).toBe('连接池耗尽。 另外，确认根因是数据库宕机。'),
      suggestion: 'forbiddenConfirmedClaims',
    },
  ],
  'paste-rejected-draft': [
    {
      name: "under REJECT the executor's draft becomes the answer",
      trace: {
        verdict: 'REJECT',
        finalAnswer: 'Evidence is insufficient.',
        agentSteps: [{ stepIndex: 1, agentName: 'executor', output: JSON.stringify({ answer: 'Full GC pauses.' }) }],
      },
      labels: ['executor draft'],
      expect: (mutant) => expect(answer(mutant)).toBe('Full GC pauses.'),
    },
    { name: 'not under REJECT: no mutant', labels: [] },
  ],
  'leak-executor-json': [
    {
      name: 'raw JSON with markers appended',
      labels: ['executor JSON'],
      expect: (mutant) =>
        expect(answer(mutant)).toMatch(/\n\n\{"answer_version":"executor_evidence_v2",.*"evidence_bindings"/u),
      suggestion: 'audit.v2',
    },
  ],
  'double-tool-calls': [
    {
      name: 'each call followed by a second page',
      trace: { toolInvocations: TWO_TOOLS, toolCallCount: 2 },
      labels: ['2 → 4 calls'],
      expect: (mutant) => {
        expect((mutant.toolInvocations ?? []).map((call) => call['toolName'])).toEqual([
          'queryMetrics',
          'queryMetrics',
          'queryLogs',
          'queryLogs',
        ]);
        expect(mutant.toolInvocations?.[1]?.['arguments']).toEqual({ service: 'payment', page: 2 });
        expect(mutant['toolCallCount']).toBe(4);
      },
      suggestion: 'budget.maxToolCalls (e.g. 4)',
    },
  ],
  'double-duration': [
    {
      name: 'duration doubled',
      trace: { durationMs: 1500 },
      labels: ['1500 → 3000 ms'],
      expect: (mutant) => expect(mutant.durationMs).toBe(3000),
      suggestion: 'budget.maxDurationMs (e.g. 3000)',
    },
    { name: 'no duration, no mutant', trace: { durationMs: null }, labels: [] },
  ],
  'repeat-call': [
    {
      name: 'the first successful call repeated right after itself',
      trace: { toolInvocations: [toolCall('queryLogs', 'failed'), ...TWO_TOOLS] },
      labels: ['queryMetrics'],
      expect: (mutant, original) => {
        expect((mutant.toolInvocations ?? []).map((call) => call['toolName'])).toEqual([
          'queryLogs',
          'queryMetrics',
          'queryMetrics',
          'queryLogs',
        ]);
        expect(mutant.toolInvocations?.[2]).toEqual(original.toolInvocations?.[1]);
      },
    },
  ],
  'ungrounded-figure': [
    {
      name: 'EN: a figure absent from the trace',
      labels: ['97.4%'],
      expect: (mutant) => expect(answer(mutant)).toContain('It peaked at 97.4%.'),
    },
    {
      name: 'ZH: the next figure when 97 is in the trace',
      evalCase: { question: ZH_QUESTION },
      trace: { finalAnswer: 'CPU 97%。' },
      labels: ['8731 ms'],
      expect: (mutant) => expect(answer(mutant)).toBe('CPU 97%。 峰值达到 8731 ms。'),
    },
  ],
  'cite-uncalled-tool': [
    {
      name: 'EN: a tool of the suite not called here',
      labels: ['queryDeployments'],
      expect: (mutant) => expect(answer(mutant)).toContain('According to queryDeployments, this is confirmed.'),
      suggestion: 'contract.toolNames',
    },
    {
      name: 'ZH: queryTraces when the suite knows no other tool',
      evalCase: { question: ZH_QUESTION },
      trace: { finalAnswer: '连接池耗尽。' },
      labels: ['queryTraces'],
      expect: (mutant) => expect(answer(mutant)).toBe('连接池耗尽。 queryTraces 的结果也证实了这一点。'),
    },
  ],
  'verdict-before-evidence': [
    {
      name: 'the verifier moved before the executor, steps renumbered',
      trace: {
        agentSteps: [
          { stepIndex: 1, agentName: 'executor', output: 'x' },
          { stepIndex: 2, agentName: 'gatekeeper', output: 'y' },
          { stepIndex: 3, agentName: 'verifier', output: 'PASS' },
        ],
      },
      labels: ['verifier before executor'],
      expect: (mutant) =>
        expect(
          (mutant.agentSteps ?? []).map((step) => `${String(step['stepIndex'])}:${String(step['agentName'])}`),
        ).toEqual(['1:verifier', '2:executor', '3:gatekeeper']),
    },
    { name: 'no verifier step: no mutant', labels: [] },
  ],
  'drop-audit-field': [
    {
      name: 'each V2 field present',
      labels: ['gatekeeper_result', 'claim_checks', 'composer_output'],
      expect: (mutant) => expect(verifier(mutant)['gatekeeper_result']).toBeUndefined(),
      suggestion: 'turn on audit.v2',
    },
    { name: 'a partial chain is not regressed', trace: { verifier: { composer_output: null } }, labels: [] },
  ],
  'unsupported-claim-check': [
    {
      name: 'the first claim check supported with no detail',
      trace: { verifier: { claim_checks: [{ claim_id: 'c7', verification: 'unsupported', detail: 'no data' }] } },
      labels: ['c7'],
      expect: (mutant) =>
        expect((verifier(mutant)['claim_checks'] as unknown[])[0]).toEqual({
          claim_id: 'c7',
          verification: 'supported',
          detail: '',
        }),
    },
    { name: 'no claim checks: no mutant', trace: { verifier: { claim_checks: null } }, labels: [] },
  ],
  'run-not-completed': [
    { name: 'status FAILED', labels: ['FAILED'], expect: (mutant) => expect(mutant.status).toBe('FAILED') },
    { name: 'already FAILED: no mutant', trace: { status: 'FAILED' }, labels: [] },
  ],
};

function contextOf(row: Row): MutationContext {
  return {
    evalCase: makeEvalCase(row.evalCase),
    trace: toPlainTrace(buildTrace(row.trace)),
    contract: DEFAULT_CONTRACT,
    suiteToolNames: row.name.includes('suite knows no other tool')
      ? []
      : ['queryDeployments', 'queryLogs', 'queryMetrics'],
  };
}

describe('regression operators (S63)', () => {
  it('S63: every operator in the registry has a table here, and ids are unique', () => {
    expect(Object.keys(TABLES).sort()).toEqual(OPERATORS.map((operator) => operator.id).sort());
    expect(new Set(OPERATORS.map((operator) => operator.id)).size).toBe(OPERATORS.length);
  });

  for (const operator of OPERATORS) {
    describe(operator.id, () => {
      it.each(TABLES[operator.id] ?? [])('S63: $name', (row) => {
        const context = contextOf(row);
        const before = JSON.stringify(context.trace);
        const mutants = operator.mutate(context);
        expect(mutants.map((mutant) => mutant.label)).toEqual(row.labels);
        // Pure: the trace it was given is left as it was.
        expect(JSON.stringify(context.trace)).toBe(before);
        const first = mutants[0];
        if (first !== undefined) {
          expect(JSON.stringify(first.document)).not.toBe(before);
          expect(first.suggestion).toContain(`\`${context.evalCase.id}\``);
          row.expect?.(first.document, context.trace);
          if (row.suggestion !== undefined) expect(first.suggestion).toContain(row.suggestion);
        }
      });
    });
  }
});

import { describe } from 'vitest';

import { citedToolsCalledCheck } from '../../src/checks/cited-tools-called.js';
import type { ToolInvocation } from '../../src/trace/types.js';
import { type ContextInput, makeVerifierEvaluation, testCheck } from './helpers.js';

const calls: ToolInvocation[] = [
  { toolName: 'queryMetrics', evidenceStatus: 'supported', durationMs: 1 },
  { toolName: 'queryLogs', evidenceStatus: 'failed', durationMs: 1 },
];

/** queryTraces and searchRunbook are known tool names (a summary, the case) that were never invoked. */
function answer(finalAnswer: string, contract: ContextInput['contract'] = {}): ContextInput {
  return {
    case: { requiredEvidenceTools: ['queryMetrics', 'searchRunbook'] },
    trace: {
      finalAnswer,
      toolInvocations: calls,
      verifierEvaluation: makeVerifierEvaluation({
        trace_summaries: [{ tool_name: 'queryTraces', evidence_status: 'no_evidence', summary: 'none' }],
      }),
    },
    contract,
  };
}

describe('cited-tools-called (S38)', () => {
  testCheck(citedToolsCalledCheck, {
    valid: [
      {
        name: 'S38 EN: citing invoked tools',
        ...answer('According to queryMetrics the pool was full; queryLogs timed out.'),
        message: 'cites no tool that was not invoked',
      },
      { name: 'S38 EN: any case', ...answer('QUERYMETRICS shows 50/50.') },
      {
        name: 'S38 EN: plain words are no tool mentions ("traces", "logs", "runbook")',
        ...answer('The traces and the logs agree; the runbook says to pause the job.'),
        message: 'cites no tool',
      },
      {
        name: 'S38 EN: a longer identifier is not the tool (queryTracesV2, searchRunbooks)',
        ...answer('Fields queryTracesV2 and searchRunbooks are unrelated.'),
      },
      { name: 'S38 EN: words split apart are no tool mention ("query traces")', ...answer('We did not query traces.') },
      { name: 'S38 ZH: 引用已调用的工具', ...answer('根据queryMetrics的结果，连接池已满。') },
      { name: 'S38 ZH: 普通词语不算工具', ...answer('链路追踪和日志都显示连接池耗尽。') },
      {
        name: 'S38: a plain-word tool name counts only as code, so prose stays free',
        ...answer('The logs show timeouts.', { toolNames: ['logs'] }),
      },
    ],
    invalid: [
      {
        name: 'S38 EN: "according to queryTraces" when it was never invoked',
        ...answer('According to queryTraces, the slow span is the DB call.'),
        message: 'cites a tool never invoked: "queryTraces"',
        messageId: 'uncalled',
        data: { toolWord: 'a tool', tools: '"queryTraces"' },
      },
      {
        name: 'S38 EN: a required tool cited but never invoked',
        ...answer('searchRunbook recommends pausing the job.'),
        message: '"searchRunbook"',
        messageId: 'uncalled',
        data: { toolWord: 'a tool', tools: '"searchRunbook"' },
      },
      {
        name: 'S38 EN: any case',
        ...answer('Per QueryTraces the DB call is slow.'),
        message: '"queryTraces"',
        messageId: 'uncalled',
        data: { toolWord: 'a tool', tools: '"queryTraces"' },
      },
      {
        name: 'S38 EN: in backticks',
        ...answer('See `queryTraces` output.'),
        message: '"queryTraces"',
        messageId: 'uncalled',
        data: { toolWord: 'a tool', tools: '"queryTraces"' },
      },
      {
        name: 'S38 ZH: 根据queryTraces（未调用）',
        ...answer('根据queryTraces的结果，慢在数据库。'),
        message: '"queryTraces"',
        messageId: 'uncalled',
        data: { toolWord: 'a tool', tools: '"queryTraces"' },
      },
      {
        name: 'S38 ZH: 多个未调用的工具',
        ...answer('queryTraces 和 searchRunbook 都显示连接池耗尽。'),
        message: '"queryTraces", "searchRunbook"',
        messageId: 'uncalled',
        data: { toolWord: 'tools', tools: '"queryTraces", "searchRunbook"' },
      },
      {
        name: 'S38: a name from contract.toolNames',
        ...answer('kubectl_describe shows 0/2 pods ready.', { toolNames: ['kubectl_describe'] }),
        message: '"kubectl_describe"',
        messageId: 'uncalled',
        data: { toolWord: 'a tool', tools: '"kubectl_describe"' },
      },
      {
        name: 'S38: a plain-word tool name written as code',
        ...answer('`logs` returned nothing.', { toolNames: ['logs'] }),
        message: '"logs"',
        messageId: 'uncalled',
        data: { toolWord: 'a tool', tools: '"logs"' },
      },
    ],
    skipped: [{ name: 'S38: skipped on an empty answer', ...answer(''), message: 'empty' }],
  });
});

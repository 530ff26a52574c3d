import { describe } from 'vitest';
import { degradedOutputCheck } from '../../src/checks/degraded-output.js';
import type { MessagePart } from '../../src/checks/messages.js';
import { DEFAULT_CONTRACT } from '../../src/config/contract.js';
import type { AgentStep } from '../../src/trace/types.js';
import { makeVerifierEvaluation, testCheck } from './helpers.js';

const rejected = makeVerifierEvaluation({ verdict: 'REJECT' });
const rejectCase = { allowedVerdicts: ['REJECT'] };
/** 12 tokens, 10 distinct trigrams. */
const englishDraft = 'The root cause is the exhausted connection pool of the payment database';
/** 13 CJK characters, 11 distinct trigrams. */
const chineseDraft = '根因是支付数据库连接池耗尽';

const executor = (output: unknown, agentName = 'executor'): AgentStep => ({ agentName, output });

function rejectedTrace(finalAnswer: string | null, ...agentSteps: AgentStep[]) {
  return { finalAnswer, agentSteps, verifierEvaluation: rejected };
}

/** The degraded-output markers as the findings quote them (DEFAULT_CONTRACT's). */
const MARKERS = '"insufficient evidence", "could not be verified", "证据不足", "无法确认"';
/** The `notDegraded` finding of a REJECT verdict, its problems joined by "; and ". */
const notDegraded = (...parts: MessagePart[]) => ({
  messageId: 'notDegraded',
  data: { verdict: '"REJECT"', problems: { parts, separator: '; and ' } },
});

describe('degraded-output (S06)', () => {
  testCheck(degradedOutputCheck, {
    valid: [
      {
        name: 'S06 accepts a Chinese degraded answer with no executor draft',
        case: rejectCase,
        trace: rejectedTrace('证据不足，无法确认根因。'),
        message: 'degraded (marker "证据不足"); no executor draft answer to compare',
      },
      {
        name: 'S06 accepts an English marker in any case and spacing',
        case: rejectCase,
        trace: rejectedTrace('The root cause COULD NOT BE\n   verified.', executor('Disk is full on node-3 today')),
        message: "does not reproduce the executor's draft answer",
      },
      {
        name: 'S06 accepts a degraded answer that shares no trigram with the draft',
        case: rejectCase,
        trace: rejectedTrace(
          'Insufficient evidence: the connection pool may be involved, but this could not be verified.',
          executor(englishDraft),
        ),
      },
      {
        name: 'S06 accepts a trigram overlap (3 of 10) below the default maxDraftOverlap 0.5',
        case: rejectCase,
        trace: rejectedTrace('insufficient evidence; the root cause is the pool', executor(englishDraft)),
      },
      {
        name: 'S06 compares with the last executor step only',
        case: rejectCase,
        trace: rejectedTrace(
          `证据不足。${chineseDraft}`,
          executor(chineseDraft),
          executor('磁盘写满导致服务不可用，需要清理日志'),
        ),
      },
      {
        name: 'S06 ignores the output of agents other than the executor',
        case: rejectCase,
        trace: rejectedTrace(`证据不足。${chineseDraft}`, executor(chineseDraft, 'composer')),
      },
      {
        name: 'S06 accepts a short draft the answer does not contain',
        case: rejectCase,
        trace: rejectedTrace('证据不足', executor('pool exhausted')),
      },
      {
        name: 'S06 never counts an empty executor draft as reproduced',
        case: rejectCase,
        trace: rejectedTrace('insufficient evidence', executor('   ')),
      },
      {
        name: 'S06 accepts a marker configured in the contract',
        case: rejectCase,
        contract: { degradedOutput: { markers: ['unverified'], maxDraftOverlap: 0.5 } },
        trace: rejectedTrace('Answer withheld: UNVERIFIED.'),
      },
    ],
    invalid: [
      {
        name: 'S06 fails a REJECT answer without any degraded marker',
        case: rejectCase,
        trace: rejectedTrace('Increase the pool size to 200.'),
        message: `verdict is "REJECT" but the final answer has none of the degraded-output markers "insufficient evidence", "could not be verified", "证据不足", "无法确认"`,
        ...notDegraded({ messageId: 'noMarker', data: { markers: MARKERS } }),
      },
      {
        name: 'S06 fails a REJECT trace without a final answer',
        case: rejectCase,
        trace: rejectedTrace(null),
        message: 'the final answer is empty and has none of the degraded-output markers',
        ...notDegraded({ messageId: 'emptyWithoutMarker', data: { markers: MARKERS } }),
      },
      {
        name: 'S06 fails a degraded REJECT answer that reproduces the English draft (trigrams)',
        case: rejectCase,
        trace: rejectedTrace(`Insufficient evidence. ${englishDraft}.`, executor(englishDraft)),
        message: "reproduces the executor's draft answer: 10 of its 10 token trigrams (1) occur in it",
        ...notDegraded({ messageId: 'reproducesDraft', data: { shared: 10, total: 10, overlap: 1, maxOverlap: 0.5 } }),
      },
      {
        name: 'S06 fails a degraded REJECT answer that reproduces the Chinese draft (character trigrams)',
        case: rejectCase,
        trace: rejectedTrace(`证据不足。${chineseDraft}。`, executor(chineseDraft)),
        message: '11 of its 11 token trigrams',
        ...notDegraded({ messageId: 'reproducesDraft', data: { shared: 11, total: 11, overlap: 1, maxOverlap: 0.5 } }),
      },
      {
        name: 'S06 fails a REJECT answer that contains a short draft (substring)',
        case: rejectCase,
        trace: rejectedTrace('证据不足：Pool   exhausted', executor('pool exhausted')),
        message: `contains the executor's short draft answer "pool exhausted"`,
        ...notDegraded({ messageId: 'containsShortDraft', data: { draft: '"pool exhausted"' } }),
      },
      {
        name: 'S06 reads the answer of a JSON object draft',
        case: rejectCase,
        trace: rejectedTrace(
          `无法确认。${englishDraft}`,
          executor({ answer_version: 2, answer: englishDraft, evidence_bindings: [] }),
        ),
        message: '10 of its 10 token trigrams',
        ...notDegraded({ messageId: 'reproducesDraft', data: { shared: 10, total: 10, overlap: 1, maxOverlap: 0.5 } }),
      },
      {
        name: 'S06 reads the answer of a JSON draft given as a string',
        case: rejectCase,
        trace: rejectedTrace(
          `无法确认。${chineseDraft}`,
          executor(JSON.stringify({ executor_evidence_v2: true, answer: chineseDraft })),
        ),
        message: '11 of its 11 token trigrams',
        ...notDegraded({ messageId: 'reproducesDraft', data: { shared: 11, total: 11, overlap: 1, maxOverlap: 0.5 } }),
      },
      {
        name: 'S06 finds the executor step by name in any case',
        case: rejectCase,
        trace: rejectedTrace(`证据不足。${chineseDraft}`, executor(chineseDraft, 'Executor')),
        message: "reproduces the executor's draft answer",
        ...notDegraded({ messageId: 'reproducesDraft', data: { shared: 11, total: 11, overlap: 1, maxOverlap: 0.5 } }),
      },
      {
        name: 'S06 reproduction is at least maxDraftOverlap (3 of 10 against 0.3)',
        case: rejectCase,
        contract: { degradedOutput: { ...DEFAULT_CONTRACT.degradedOutput, maxDraftOverlap: 0.3 } },
        trace: rejectedTrace('insufficient evidence; the root cause is the pool', executor(englishDraft)),
        message: '3 of its 10 token trigrams (0.3) occur in it, at or above degradedOutput.maxDraftOverlap 0.3',
        ...notDegraded({ messageId: 'reproducesDraft', data: { shared: 3, total: 10, overlap: 0.3, maxOverlap: 0.3 } }),
      },
      {
        name: 'S06 reports a missing marker and a reproduced draft together',
        case: rejectCase,
        trace: rejectedTrace(englishDraft, executor(englishDraft)),
        message:
          'none of the degraded-output markers "insufficient evidence", "could not be verified", "证据不足", "无法确认"; and the final answer reproduces the executor\'s draft answer',
        ...notDegraded(
          { messageId: 'noMarker', data: { markers: MARKERS } },
          { messageId: 'reproducesDraft', data: { shared: 10, total: 10, overlap: 1, maxOverlap: 0.5 } },
        ),
      },
      {
        name: 'S06 compares verdicts upper-cased',
        case: rejectCase,
        trace: { finalAnswer: 'pool exhausted', verifierEvaluation: makeVerifierEvaluation({ verdict: 'reject' }) },
        message: 'none of the degraded-output markers',
        ...notDegraded({ messageId: 'noMarker', data: { markers: MARKERS } }),
      },
    ],
    skipped: [
      {
        name: 'S73 skips a case that names no allowedVerdicts, even a rejected answer without a marker',
        case: { allowedVerdicts: [] },
        trace: { finalAnswer: '连接池耗尽', verifierEvaluation: makeVerifierEvaluation({ verdict: 'REJECT' }) },
        message: 'the case names no allowedVerdicts',
        messageId: 'noVerifier',
      },
      {
        name: 'S06 skips a PASS verdict',
        trace: { finalAnswer: englishDraft, agentSteps: [executor(englishDraft)] },
        message: 'verdict is "PASS"; degraded output is required only for verdict "REJECT"',
      },
      {
        name: 'S06 skips a REVISE verdict',
        trace: { verifierEvaluation: makeVerifierEvaluation({ verdict: 'REVISE' }) },
        message: 'verdict is "REVISE"',
      },
      { name: 'S06 skips a trace without a verdict', trace: { verifierEvaluation: null }, message: 'no verdict' },
    ],
  });
});

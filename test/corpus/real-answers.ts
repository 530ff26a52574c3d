import { DEFAULT_CONTRACT } from '../../src/config/contract.js';
import { evaluateRun } from '../../src/evaluate/evaluate.js';
import type { CaseResult } from '../../src/report/types.js';
import { makeEvalCase } from '../helpers/eval-case.js';
import { buildTrace } from '../helpers/trace-builder.js';
import type { RealAnswer } from './real-answers/load.js';

export { loadRealAnswers, type RealAnswer } from './real-answers/load.js';

/** The checks that read the final answer: a wrong answer must fail one of them. */
export const ANSWER_READING_CHECKS = ['keyword-coverage', 'single-conclusion', 'forbidden-confirmed-claims'];

/**
 * A real root-cause answer (test/corpus/real-answers/README.md gives every source and licence)
 * judged by the real evaluator against the case a careful author writes for it (`case`), with the
 * answer's real tool calls.
 */
export function judgeRealAnswer(answer: RealAnswer): CaseResult {
  const evalCase = makeEvalCase({ id: answer.id, question: answer.question, ...answer.case });
  const document = buildTrace({
    question: answer.question,
    finalAnswer: answer.text,
    toolInvocations: (answer.trace?.toolInvocations ?? []).map((call) => ({ ...call })),
    toolCallCount: answer.trace?.toolInvocations.length ?? 0,
  });
  return evaluateRun(
    evalCase,
    { kind: 'document', document, traceFixture: `${answer.id}.json`, sessionId: null },
    DEFAULT_CONTRACT,
  );
}

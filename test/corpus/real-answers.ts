import { readFileSync } from 'node:fs';
import type { EvalCase } from '../../src/cases/types.js';
import { DEFAULT_CONTRACT } from '../../src/contract.js';
import { evaluateRun } from '../../src/evaluate.js';
import type { CaseResult } from '../../src/report/types.js';
import type { ToolInvocationDocument } from '../../src/trace/types.js';
import { makeEvalCase } from '../helpers/eval-case.js';
import { buildTrace } from '../helpers/trace-builder.js';

/**
 * Real root-cause answers of LLM diagnosis agents with the ground truth of the injected fault
 * (test/corpus/real-answers/README.md gives every source and licence). Each is judged by the
 * real evaluator against the case a careful author writes for it (`case`).
 */
export interface RealAnswer {
  id: string;
  language: 'en' | 'zh';
  question: string;
  text: string;
  correct: boolean;
  judgement: string;
  case: Pick<EvalCase, 'rootCauseKeywords' | 'minKeywordCoverage'> & Partial<EvalCase>;
  trace: { toolInvocations: ToolInvocationDocument[] } | null;
}

const CORPUS = new URL('./real-answers/', import.meta.url);

/** Every answers*.json file of the corpus folder, in name order. */
export function loadRealAnswers(): RealAnswer[] {
  const files = ['answers.json'];
  return files.flatMap(
    (file) => (JSON.parse(readFileSync(new URL(file, CORPUS), 'utf8')) as { answers: RealAnswer[] }).answers,
  );
}

/** The checks that read the final answer: a wrong answer must fail one of them. */
export const ANSWER_READING_CHECKS = ['keyword-coverage', 'single-conclusion', 'forbidden-confirmed-claims'];

export function judgeRealAnswer(answer: RealAnswer): CaseResult {
  const evalCase = makeEvalCase({ id: answer.id, question: answer.question, ...answer.case });
  const document = buildTrace({
    question: answer.question,
    finalAnswer: answer.text,
    toolInvocations: answer.trace?.toolInvocations ?? [],
    toolCallCount: answer.trace?.toolInvocations.length ?? 0,
  });
  return evaluateRun(
    evalCase,
    { kind: 'document', document, traceFixture: `${answer.id}.json`, sessionId: null },
    DEFAULT_CONTRACT,
  );
}

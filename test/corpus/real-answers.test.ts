import { describe, expect, it } from 'vitest';
import { ANSWER_READING_CHECKS, judgeRealAnswer, loadRealAnswers } from './real-answers.js';

const ANSWERS = loadRealAnswers();

describe('S67 S69 real answers of LLM diagnosis agents are judged as their ground truth says', () => {
  it.each(ANSWERS.filter((answer) => answer.correct))('S67 S69 correct answer $id passes its case', (answer) => {
    const result = judgeRealAnswer(answer);
    expect(result.failedChecks.map((row) => `${row.check}: ${row.message}`)).toEqual([]);
  });

  it.each(ANSWERS.filter((answer) => !answer.correct))(
    'S67 S69 wrong answer $id fails an answer-reading check',
    (answer) => {
      const result = judgeRealAnswer(answer);
      expect(
        result.failedChecks.map((row) => row.check).filter((check) => ANSWER_READING_CHECKS.includes(check)),
      ).not.toEqual([]);
    },
  );
});

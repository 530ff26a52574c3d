import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { KeywordConcept } from '../../src/cases/types.js';
import { loadRealAnswers, type RealAnswer } from './real-answers/load.js';

const ANSWERS = loadRealAnswers();
const HAN = /\p{Script=Han}/u;
const COMMIT = /^[0-9a-f]{40}$/;
const REPO = /^[A-Za-z0-9][A-Za-z0-9_.-]*\/[A-Za-z0-9][A-Za-z0-9_.-]*$/;
/** The licences whose terms allow copying the material into the tests. */
const LICENCE = /^(MIT|Apache-2\.0|BSD-[23]-Clause|CC-BY-4\.0)\b/;

function licenceFile(answer: RealAnswer): URL {
  const spdx = LICENCE.exec(answer.source.licence)?.[1] ?? 'unknown';
  return new URL(`./real-answers/${spdx}-${answer.source.repo.replace('/', '-')}.txt`, import.meta.url);
}

function conceptProblems(concept: KeywordConcept): string[] {
  const synonyms = typeof concept === 'string' ? [concept] : Array.isArray(concept) ? concept : concept.any;
  if (!Array.isArray(synonyms) || synonyms.length === 0) return ['a concept without synonyms'];
  return synonyms.filter((term) => typeof term !== 'string' || term.trim() === '').map(() => 'an empty synonym');
}

describe('real-answer corpus: the set as a whole', () => {
  it('holds at least 60 answers, a third of them Chinese, with correct and wrong ones in both languages', () => {
    expect(ANSWERS.length).toBeGreaterThanOrEqual(60);
    const chinese = ANSWERS.filter((answer) => answer.language === 'zh');
    expect(chinese.length * 3).toBeGreaterThanOrEqual(ANSWERS.length);
    for (const language of ['en', 'zh'] as const) {
      const inLanguage = ANSWERS.filter((answer) => answer.language === language);
      expect(inLanguage.some((answer) => answer.correct)).toBe(true);
      expect(inLanguage.some((answer) => !answer.correct)).toBe(true);
    }
    const wrong = ANSWERS.filter((answer) => !answer.correct).length;
    expect(wrong / ANSWERS.length).toBeGreaterThanOrEqual(0.3);
  });

  it('gives every answer its own id', () => {
    const seen = new Set<string>();
    const repeated = ANSWERS.map((answer) => answer.id).filter((id) => seen.size === seen.add(id).size);
    expect(repeated).toEqual([]);
  });
});

describe('real-answer corpus: each answer', () => {
  it.each(ANSWERS.map((answer) => [answer.id, answer] as const))('%s has the corpus shape', (_id, answer) => {
    expect(answer.id).toMatch(/^[a-z0-9][a-z0-9.-]*$/);
    expect(['en', 'zh']).toContain(answer.language);
    expect(HAN.test(answer.text)).toBe(answer.language === 'zh');
    expect(['llm-agent', 'issue-thread']).toContain(answer.kind);
    expect(answer.model.trim()).not.toBe('');
    for (const field of ['question', 'text', 'trueRootCause', 'judgement'] as const) {
      expect(typeof answer[field], field).toBe('string');
      expect(answer[field].trim(), field).not.toBe('');
    }
    expect(typeof answer.correct).toBe('boolean');

    const { source } = answer;
    expect(source.repo).toMatch(REPO);
    expect(source.path.trim()).not.toBe('');
    expect(source.locator.trim()).not.toBe('');
    expect(source.url.startsWith(`https://github.com/${source.repo}/`)).toBe(true);
    if (answer.kind === 'issue-thread') {
      expect(source.commit).toBeNull();
      expect(source.path).toMatch(/^(issues|pull|discussions)\/\d+$/);
      expect(source.url).toBe(`https://github.com/${source.repo}/${source.path}`);
    } else {
      expect(source.commit).toMatch(COMMIT);
      expect(source.url).toBe(`https://github.com/${source.repo}/blob/${source.commit}/${source.path}`);
    }
    expect(source.licence).toMatch(LICENCE);
    expect(existsSync(licenceFile(answer)), `licence text ${licenceFile(answer).pathname}`).toBe(true);

    expect(answer.case.rootCauseKeywords.length).toBeGreaterThan(0);
    expect(answer.case.rootCauseKeywords.flatMap(conceptProblems)).toEqual([]);
    expect(answer.case.minKeywordCoverage).toBeGreaterThan(0);
    expect(answer.case.minKeywordCoverage).toBeLessThanOrEqual(1);

    if (answer.trace !== null) {
      expect(answer.trace.toolInvocations.length).toBeGreaterThan(0);
      for (const call of answer.trace.toolInvocations) expect(call.toolName.trim()).not.toBe('');
    }
  });
});

import { readFileSync } from 'node:fs';
import type { KeywordConcept } from '../../../src/cases/types.js';

/** Where an answer was copied from: a file at a commit, or (commit null) a public issue thread. */
export interface RealAnswerSource {
  /** `owner/name` on GitHub. */
  repo: string;
  /** The file inside the repository, or `issues/<number>` for an issue thread. */
  path: string;
  /** 40 hex digits; null for an issue thread, which has no commit. */
  commit: string | null;
  /** Where inside the file or thread the text, question and tool calls are, and how they were cut out. */
  locator: string;
  /** The licence under which the material is copied, with its copyright line where the licence has one. */
  licence: string;
  url: string;
}

/** One tool call of the answer's run, as the source recorded it. */
export interface RealToolCall {
  toolName: string;
  /** The expert that made the call, in a multi-agent run. */
  agent?: string;
  arguments?: unknown;
  resultSummary: string | null;
  note?: string;
}

/** The expectations a careful case author would write for the answer's incident. */
export interface RealAnswerCase {
  rootCauseKeywords: KeywordConcept[];
  minKeywordCoverage: number;
}

export interface RealAnswer {
  id: string;
  language: 'en' | 'zh';
  /** `llm-agent`: an LLM diagnosis agent's answer; `issue-thread`: a person's diagnosis in a public issue. */
  kind: string;
  /** The LLM that wrote the answer; for an issue thread, who wrote it (its author's role). */
  model: string;
  source: RealAnswerSource;
  question: string;
  /** The answer, verbatim. */
  text: string;
  /** The confirmed cause and where the confirmation is. */
  trueRootCause: string;
  /** Whether the answer names the confirmed cause as its conclusion. */
  correct: boolean;
  /** Why it is judged correct or wrong. */
  judgement: string;
  /** For a correct answer the terms it states its cause with; for a wrong one the true cause. */
  case: RealAnswerCase;
  /** The run's tool calls, or null when the source has none. */
  trace: { toolInvocations: RealToolCall[] } | null;
}

export interface RealAnswerCorpus {
  note: string;
  answers: RealAnswer[];
}

const CORPUS_FILE = new URL('./answers.json', import.meta.url);

/** The whole corpus, as stored: `{ note, answers }`. */
export function loadRealAnswerCorpus(): RealAnswerCorpus {
  return JSON.parse(readFileSync(CORPUS_FILE, 'utf8')) as RealAnswerCorpus;
}

/** Every real answer, in file order. */
export function loadRealAnswers(): RealAnswer[] {
  return loadRealAnswerCorpus().answers;
}

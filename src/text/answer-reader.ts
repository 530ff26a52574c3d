import {
  type AnalysedAnswer,
  type AssertionRules,
  type AssertionTriggerSettings,
  compileAssertionRules,
  prepareAnswer,
} from './assertion.js';

/**
 * What a run reads answers with: the rules compiled from its contract's lexicon, once, the first
 * time an answer needs them (a run whose answers mention no keyword compiles nothing). Made once
 * per run and handed to every check context (CheckContext.reader), so that no module keeps state.
 */
export class AnswerReader {
  readonly #settings: AssertionTriggerSettings;
  #rules: AssertionRules | null = null;

  constructor(settings: AssertionTriggerSettings) {
    this.#settings = settings;
  }

  get rules(): AssertionRules {
    return (this.#rules ??= compileAssertionRules(this.#settings));
  }

  /** An answer (normalizeText's result; `withLineBreaks` gives normalizeWithLineBreaks') prepared for reading. */
  prepare(normalizedFinalAnswer: string, withLineBreaks: () => string): AnalysedAnswer {
    return prepareAnswer(normalizedFinalAnswer, withLineBreaks, () => this.rules);
  }
}

import { speaksChinese, withConcludingSentence } from '../case-text.js';
import type { Mutant, MutationOperator } from '../types.js';

/**
 * The answer confirms a cause the case rules out: each forbidden keyword and confirmed claim the
 * case lists, stated firmly; a case that lists none gets one generic wrong cause.
 */
export const addForbiddenText: MutationOperator = {
  id: 'add-forbidden-text',
  description:
    'a forbidden answer keyword or confirmed claim (or, when the case lists none, a wrong cause) stated in the conclusion',
  mutate({ evalCase, trace }) {
    const chinese = speaksChinese(evalCase);
    const listed = [...evalCase.forbiddenAnswerKeywords, ...evalCase.forbiddenConfirmedClaims];
    const wrongCause = chinese ? '根因是数据库宕机' : 'the root cause is a DDoS attack';
    const mutantFor = (text: string, suggestion: string): Mutant => ({
      label: text,
      document: withConcludingSentence(trace, chinese ? `另外，确认${text}。` : `Also, it is confirmed that ${text}.`),
      suggestion,
    });
    if (listed.length > 0)
      return listed.map((text) =>
        mutantFor(
          text,
          `case \`${evalCase.id}\` does not notice the answer confirming "${text}": check its forbidden lists`,
        ),
      );
    return [
      mutantFor(
        wrongCause,
        `case \`${evalCase.id}\` would not notice the answer confirming a wrong cause ("${wrongCause}"): list the causes reviewers rule out in forbiddenConfirmedClaims`,
      ),
    ];
  },
};

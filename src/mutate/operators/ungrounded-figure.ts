import { speaksChinese, withConcludingSentence } from '../case-text.js';
import type { MutationOperator } from '../types.js';

/** Figures no trace of the bundled kind returns; the first one absent from the trace is used. */
const CANDIDATE_FIGURES = ['97.4%', '8731 ms', '4096 MB', '63.9%'];

/** The answer states a figure no tool returned. */
export const ungroundedFigure: MutationOperator = {
  id: 'ungrounded-figure',
  description: 'a figure no tool returned (e.g. 97.4%) stated in the conclusion',
  mutate({ evalCase, trace }) {
    const whole = JSON.stringify(trace);
    const figure = CANDIDATE_FIGURES.find((candidate) => !whole.includes(candidate.replace(/\D.*$/u, '')));
    if (figure === undefined) return [];
    return [
      {
        label: figure,
        document: withConcludingSentence(
          trace,
          speaksChinese(evalCase) ? `峰值达到 ${figure}。` : `It peaked at ${figure}.`,
        ),
        suggestion: `case \`${evalCase.id}\` does not notice a figure (${figure}) that no tool returned: keep numeric-grounding at severity error, and record every evidence call's resultSummary (it is skipped without them)`,
      },
    ];
  },
};

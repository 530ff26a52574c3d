import { changed, verifierOf } from '../plain-trace.js';
import type { MutationOperator } from '../types.js';

/** The verifier reaches a verdict the case does not accept. */
export const disallowedVerdict: MutationOperator = {
  id: 'disallowed-verdict',
  description: "the verifier's verdict changed to each contract verdict the case does not allow or forbids",
  mutate({ evalCase, trace, contract }) {
    const current = verifierOf(trace)?.['verdict'];
    const currentVerdict = typeof current === 'string' ? current.toUpperCase() : null;
    const unwanted = contract.verdicts.filter(
      (verdict) =>
        verdict !== currentVerdict &&
        (!evalCase.allowedVerdicts.includes(verdict) || evalCase.forbiddenVerdicts.includes(verdict)),
    );
    return unwanted.map((verdict) => ({
      label: verdict,
      document: changed(trace, (copy) => {
        const selfEvaluation = (copy.selfEvaluation ??= {});
        const verifier = (selfEvaluation['verifier_evaluation'] ??= {}) as Record<string, unknown>;
        verifier['verdict'] = verdict;
      }),
      suggestion: `case \`${evalCase.id}\` accepts the verdict ${verdict}: list only the verdicts it should accept in allowedVerdicts, or add ${verdict} to forbiddenVerdicts`,
    }));
  },
};

import type { MutationOperator } from '../types.js';
import { rewriteCulprit } from './root-cause-rewrites.js';

/** The answer blames something unrelated where it named the culprit. */
export const replaceRootCause: MutationOperator = {
  id: 'replace-root-cause',
  description: 'every mention of the culprit concept replaced by an unrelated cause (DNS resolution)',
  mutate: (context) =>
    rewriteCulprit(
      context,
      (_found, chinese) => (chinese ? 'DNS 解析' : 'DNS resolution'),
      'replaced by an unrelated cause',
    ),
};

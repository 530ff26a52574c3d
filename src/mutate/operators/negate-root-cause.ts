import type { MutationOperator } from '../types.js';
import { rewriteCulprit } from './root-cause-rewrites.js';

/** The answer denies its own culprit: "不是连接池", "not the connection pool". */
export const negateRootCause: MutationOperator = {
  id: 'negate-root-cause',
  description: 'every mention of the culprit concept negated ("不是…", "not …")',
  mutate: (context) =>
    rewriteCulprit(context, (found, chinese) => (chinese ? `不是${found}` : `not ${found}`), 'negated'),
};

import type { MutationOperator } from '../types.js';
import { rewriteCulprit } from './root-cause-rewrites.js';

/** The answer only suspects its culprit: "可能是连接池", "possibly the connection pool". */
export const hedgeRootCause: MutationOperator = {
  id: 'hedge-root-cause',
  description: 'every mention of the culprit concept hedged ("可能是…", "possibly …")',
  mutate: (context) =>
    rewriteCulprit(context, (found, chinese) => (chinese ? `可能是${found}` : `possibly ${found}`), 'only hedged'),
};

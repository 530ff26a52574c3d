import type { MutationOperator } from '../types.js';
import { rewriteCulprit } from './root-cause-rewrites.js';

/**
 * The answer only guesses its culprit: "（猜测）连接池", "(unverified guess) the connection pool". A
 * single modal ("可能是…", "possibly …") on the only candidate commits to it (S67), so the
 * regression written here is the one that does not: explicit speculation.
 */
export const hedgeRootCause: MutationOperator = {
  id: 'hedge-root-cause',
  description: 'every mention of the culprit concept only guessed ("（猜测）…", "(unverified guess) …")',
  mutate: (context) =>
    rewriteCulprit(
      context,
      (found, chinese) => (chinese ? `（猜测）${found}` : `(unverified guess) ${found}`),
      'only guessed',
    ),
};

import type { EvalCase } from '../cases/types.js';
import type { CheckId } from '../model/check-ids.generated.js';
import { matchedTexts, plural, quoteList } from './support.js';
import type { CheckDefinition } from './types.js';

/**
 * The shape shared by the checks that fail when the final answer says something the case
 * forbids: they differ only in which list they read and how they name it.
 */
export function forbiddenTextCheck(options: {
  id: CheckId;
  order: number;
  spec: readonly string[];
  description: string;
  failsWhen: string;
  skippedWhen: string;
  scanByDefault?: true;
  /** How one entry of the list is named in messages, e.g. "forbidden answer keyword". */
  entryName: string;
  forbidden: (evalCase: EvalCase) => readonly string[];
}): CheckDefinition {
  const { id, order, spec, description, failsWhen, skippedWhen, scanByDefault, entryName, forbidden } = options;
  return {
    id,
    order,
    spec,
    description,
    failsWhen,
    skippedWhen,
    ...(scanByDefault === undefined ? {} : { scanByDefault }),
    run(context) {
      const texts = forbidden(context.evalCase);
      if (texts.length === 0) {
        return { outcome: 'skip', message: `the case has no ${entryName}s` };
      }
      const found = matchedTexts(context, texts);
      if (found.length > 0) {
        return {
          outcome: 'fail',
          message: `the final answer contains ${found.length === 1 ? entryName : `${entryName}s`} ${quoteList(found)}`,
        };
      }
      return { outcome: 'pass', message: `the final answer contains none of the ${plural(texts.length, entryName)}` };
    },
  };
}

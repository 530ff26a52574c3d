import type { PlainTrace } from '../plain-trace.js';
import type { PreservingRewrite } from '../types.js';

/** The same trace inside the `{ code, message, data }` envelope the trace API may answer with, `selfEvaluation` JSON-encoded. */
export const envelope: PreservingRewrite = {
  id: 'envelope',
  description: 'the trace wrapped in a { code, message, data } envelope, selfEvaluation JSON-encoded',
  rewrite({ trace }) {
    const data: PlainTrace = structuredClone(trace);
    if (data.selfEvaluation !== undefined && data.selfEvaluation !== null)
      (data as Record<string, unknown>)['selfEvaluation'] = JSON.stringify(data.selfEvaluation);
    return [{ label: 'envelope', document: { code: 0, message: 'ok', data } as PlainTrace }];
  },
};

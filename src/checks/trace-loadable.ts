import { pass } from './support.js';
import type { CheckDefinition } from './types.js';

/**
 * Loading is the evaluator's job: when a fixture cannot be loaded it reports this check as
 * failed with the loader's problem and skips every other check, so `run` is reached only for a
 * trace that did load.
 */
export const traceLoadableCheck: CheckDefinition = {
  id: 'trace-loadable',
  order: 10,
  spec: ['S10', 'S13'],
  description: 'The fixture is valid JSON and has the trace shape of docs/contract.md §3.',
  failsWhen: 'the fixture is not valid JSON or breaks the trace shape',
  skippedWhen: 'never (when it fails, every other check is `skip`)',
  errorOnly: true,
  scanByDefault: true,
  inputs: [],
  messages: { loaded: 'trace loaded' },
  run: () => pass('loaded'),
};

import { InputError } from '../io/errors.js';

/** `--from` of import, scan and run/check's `--traces`: an export format, or auto to tell them apart by content (docs/contract.md §9). */
type FromFlag = 'auto' | 'otlp' | 'jaeger' | 'tempo' | 'spans';

export function parseFromFlag(command: string, from: string): FromFlag {
  if (from === 'auto' || from === 'otlp' || from === 'jaeger' || from === 'tempo' || from === 'spans') return from;
  throw new InputError(`diag-eval ${command}: --from: found "${from}", expected auto, otlp, jaeger, tempo or spans`);
}

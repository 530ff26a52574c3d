import { compileAcceptor } from '../io/validation/zod-accepts.js';
import { type ConfigInput, configSchema } from './config-schema.js';

/** The config file's value itself when the config schema would return exactly that value as its data (zod-accepts.ts); else null. */
export function validConfigQuickly(value: unknown): ConfigInput | null {
  return compileAcceptor(configSchema(), { exact: true })(value) ? (value as ConfigInput) : null;
}

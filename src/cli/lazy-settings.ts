import type { ParsedValues } from './args.js';
import type { Settings } from './settings.js';

/** The command's settings (flags, config file, defaults); the config loader is loaded only by the commands that read one. */
export async function resolveSettings(cwd: string, values: ParsedValues): Promise<Settings> {
  const settings = await import('./settings.js');
  return settings.resolveSettings(cwd, values);
}


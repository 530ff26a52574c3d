import { config } from 'zod/mini';
import en from 'zod/v4/locales/en.js';

/**
 * The zod the schemas are written with (`import * as z from './zod.js'`): zod/mini, which builds
 * small and loads fast. Unlike classic zod, zod/mini installs no locale, so an issue without a
 * message of its own would read only "Invalid input"; English is installed here as classic zod
 * does, unless a locale is set already (only English is imported: the bundle holds no other).
 */
if (config().localeError === undefined) config(en());

export * from 'zod/mini';

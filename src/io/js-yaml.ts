import { createRequire } from 'node:module';
import type * as JsYaml from 'js-yaml';

/**
 * The fast YAML parser (js-yaml), loaded on first use: synchronously, because its callers are
 * synchronous (a scalar the common subset leaves to it, StructuredFile.locate), and only
 * then, because the YAML that case files and configs are written in is read without it
 * (yaml-common-subset.ts) and loading it is a large part of a small run's start-up.
 */
let jsYamlModule: typeof JsYaml | null = null;
export function jsYaml(): typeof JsYaml {
  jsYamlModule ??= createRequire(import.meta.url)('js-yaml') as typeof JsYaml;
  return jsYamlModule;
}

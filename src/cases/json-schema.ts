import * as z from 'zod/mini';
import { caseFileSchema } from './schema.js';

/**
 * The case file's JSON Schema, made from the same zod schema the loader uses, so editors
 * (yaml-language-server, VS Code) autocomplete and check exactly what the harness accepts.
 * Published as schema/cases.schema.json; a test keeps the published file in step.
 */
export function caseFileJsonSchema(): Record<string, unknown> {
  return {
    ...z.toJSONSchema(caseFileSchema, { io: 'input' }),
    title: 'diag-eval case file',
  };
}

export function renderCaseFileJsonSchema(): string {
  return `${JSON.stringify(caseFileJsonSchema(), null, 2)}\n`;
}

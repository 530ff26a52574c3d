import * as z from 'zod/mini';
import { caseSchemas } from '../cases/schema.js';
import { ERROR_ONLY_CHECKS, SEVERITIES } from '../config/severity.js';
import { isRecord } from '../io/validation/is-record.js';
import { CHECKS } from './index.js';

/**
 * The case file's JSON Schema, made from the same zod schema the loader uses, so editors
 * (yaml-language-server, VS Code) autocomplete and check exactly what the harness accepts.
 * Published as schema/cases.schema.json; a test keeps the published file in step.
 */
export function caseFileJsonSchema(): Record<string, unknown> {
  const schema: Record<string, unknown> = {
    ...z.toJSONSchema(caseSchemas().caseFile, { io: 'input' }),
    title: 'diag-eval case file',
  };
  // The loader checks `checks:` against the check registry; the published schema lists the same
  // ids and severities, so an editor completes them and flags a typo.
  for (const path of [
    ['properties', 'defaults'],
    ['properties', 'cases', 'items'],
  ]) {
    const object = objectAt(schema, path);
    const properties = object === null ? null : objectAt(object, ['properties']);
    const checks = properties === null ? null : objectAt(properties, ['checks']);
    if (properties !== null && checks !== null) properties['checks'] = checkSeveritiesJsonSchema(checks['description']);
  }
  return schema;
}

function checkSeveritiesJsonSchema(description: unknown): Record<string, unknown> {
  return {
    type: 'object',
    properties: Object.fromEntries(
      CHECKS.map((check) => [
        check.id,
        { enum: ERROR_ONLY_CHECKS.has(check.id) ? ['error'] : [...SEVERITIES], description: check.description },
      ]),
    ),
    additionalProperties: false,
    description,
  };
}

function objectAt(root: Record<string, unknown>, path: readonly string[]): Record<string, unknown> | null {
  let value: unknown = root;
  for (const key of path) {
    if (typeof value !== 'object' || value === null) return null;
    value = (value as Record<string, unknown>)[key];
  }
  return isRecord(value) ? value : null;
}

export function renderCaseFileJsonSchema(): string {
  return `${JSON.stringify(caseFileJsonSchema(), null, 2)}\n`;
}

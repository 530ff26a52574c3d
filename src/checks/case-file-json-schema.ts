import * as z from 'zod/mini';
import { CASE_SCHEMAS } from '../cases/schema.js';
import { ERROR_ONLY_CHECKS, SEVERITIES } from '../config/severity.js';
import { CHECKS } from './index.js';

/**
 * The case file's JSON Schema, made from the same zod schema the loader uses, so editors
 * (yaml-language-server, VS Code) autocomplete and check exactly what the harness accepts.
 * Published as schema/cases.schema.json; a test keeps the published file in step.
 */
export function caseFileJsonSchema(): Record<string, unknown> {
  const schema: Record<string, unknown> = {
    ...z.toJSONSchema(CASE_SCHEMAS.caseFile, { io: 'input' }),
    title: 'diag-eval case file',
  };
  // The loader checks `checks:` against the check registry; the published schema lists the same
  // ids and severities, so an editor completes them and flags a typo.
  const { properties } = schema as SchemaNode;
  for (const object of [properties?.['defaults'], properties?.['cases']?.items]) {
    const checks = object?.properties?.['checks'];
    if (object?.properties !== undefined && checks !== undefined) {
      object.properties['checks'] = checkSeveritiesJsonSchema(checks.description);
    }
  }
  return schema;
}

/** The parts of zod's JSON Schema that lead to the `checks` properties. */
interface SchemaNode {
  properties?: Record<string, SchemaNode>;
  items?: SchemaNode;
  description?: unknown;
  [key: string]: unknown;
}

function checkSeveritiesJsonSchema(description: unknown): SchemaNode {
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

export function renderCaseFileJsonSchema(): string {
  return `${JSON.stringify(caseFileJsonSchema(), null, 2)}\n`;
}

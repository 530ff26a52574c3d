import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { renderCaseFileJsonSchema } from '../../src/checks/case-file-json-schema.js';
import { CHECKS } from '../../src/checks/index.js';

describe('published case-file JSON Schema (S01)', () => {
  it('S01 schema/cases.schema.json is what the case-file schema generates (run `npm run schema` after changing it)', () => {
    const published = readFileSync(new URL('../../schema/cases.schema.json', import.meta.url), 'utf8');
    expect(published).toBe(renderCaseFileJsonSchema());
  });

  it('S01 S02 the schema requires id and question per case and offers the forbidden-behaviour fields', () => {
    const schema = JSON.parse(renderCaseFileJsonSchema()) as {
      required: string[];
      properties: { cases: { items: { required: string[]; properties: Record<string, unknown> } } };
    };
    expect(schema.required).toEqual(expect.arrayContaining(['version', 'cases']));
    const caseSchema = schema.properties.cases.items;
    expect(caseSchema.required).toEqual(expect.arrayContaining(['id', 'question']));
    for (const field of [
      'rootCauseKeywords',
      'requiredEvidenceTools',
      'allowedVerdicts',
      'forbiddenAnswerKeywords',
      'forbiddenVerdicts',
      'forbiddenConfirmedClaims',
    ]) {
      expect(caseSchema.properties).toHaveProperty(field);
    }
  });

  it('S33 the schema offers checks: with every registered check id and its severities, in a case and in defaults', () => {
    const schema = JSON.parse(renderCaseFileJsonSchema()) as {
      properties: {
        defaults: { properties: Record<string, unknown> };
        cases: { items: { properties: Record<string, unknown> } };
      };
    };
    for (const owner of [schema.properties.defaults, schema.properties.cases.items]) {
      const checks = owner.properties['checks'] as {
        properties: Record<string, { enum: string[] }>;
        additionalProperties: boolean;
      };
      expect(Object.keys(checks.properties)).toEqual(CHECKS.map((check) => check.id));
      expect(checks.additionalProperties).toBe(false);
      expect(checks.properties['keyword-coverage']?.enum).toEqual(['error', 'warn', 'off']);
      expect(checks.properties['trace-loadable']?.enum).toEqual(['error']);
    }
  });

  it('S33 the schema offers a required concept written { any: [...], required: true }', () => {
    const text = renderCaseFileJsonSchema();
    expect(text).toContain('"any"');
    expect(text).toContain('A required concept must be covered whatever minKeywordCoverage says.');
  });
});

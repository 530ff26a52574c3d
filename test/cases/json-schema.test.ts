import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { renderCaseFileJsonSchema } from '../../src/cases/json-schema.js';

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
    for (const field of ['rootCauseKeywords', 'requiredEvidenceTools', 'allowedVerdicts', 'forbiddenAnswerKeywords', 'forbiddenVerdicts', 'forbiddenConfirmedClaims']) {
      expect(caseSchema.properties).toHaveProperty(field);
    }
  });
});

import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

import { describe, expect, it } from 'vitest';

import { caseFileJsonSchema } from '../../src/checks/case-file-json-schema.js';
import { CHECKS } from '../../src/checks/index.js';
import { renderMessage } from '../../src/checks/messages.js';
import { CHECK_IDS } from '../../src/model/check-ids.generated.js';
import { type ContextInput, makeContext, makeVerifierEvaluation } from './helpers.js';

const checksDir = fileURLToPath(new URL('../../src/checks/', import.meta.url));

/** Inputs a service might send that the trace shape does not rule out; no check may throw on them. */
const hostileInputs: [string, ContextInput][] = [
  ['no verifier evaluation', { trace: { verifierEvaluation: null, finalAnswer: null } }],
  [
    'verifier fields of the wrong types',
    {
      trace: {
        verifierEvaluation: {
          verdict: 'REJECT',
          trace_summaries: 'queryLogs',
          gatekeeper_result: ['fail'],
          claim_checks: 'c1',
          composer_output: 7,
        },
        agentSteps: [
          { agentName: 'executor', output: { answer: 42 } },
          { agentName: null, output: null },
        ],
      },
    },
  ],
  [
    'malformed entries inside lists',
    {
      trace: {
        verifierEvaluation: makeVerifierEvaluation({
          verdict: 'REJECT',
          trace_summaries: [null, 3, [], { tool_name: null }],
          claim_checks: [null, [], 5],
          gatekeeper_result: { status: 5, violations: 'many' },
          composer_output: { mode: null },
        }),
        agentSteps: [{ agentName: 'EXECUTOR', output: '{"answer": ' }],
      },
    },
  ],
];

const everythingOn = {
  rootCauseKeywords: ['pool'],
  requiredEvidenceTools: ['queryLogs'],
  forbiddenVerdicts: ['PASS'],
  forbiddenAnswerKeywords: ['restart'],
  forbiddenConfirmedClaims: ['confirmed'],
  audit: { v2: true, claimChecks: true, composerOutput: true },
  budget: { maxToolCalls: 1, maxDurationMs: 1 },
};

describe('CHECKS', () => {
  it('lists every check once, in CHECK_IDS order', () => {
    expect(CHECKS.map((check) => check.id)).toEqual([...CHECK_IDS]);
  });

  it('has one file per check, named after its id', () => {
    const files = readdirSync(checksDir)
      .filter((file) => file.endsWith('.ts'))
      .map((file) => file.slice(0, -'.ts'.length));
    expect(files.filter((file) => (CHECK_IDS as readonly string[]).includes(file)).sort()).toEqual(
      [...CHECK_IDS].sort(),
    );
  });

  it.each(CHECKS.map((check) => [check.id, check] as const))('%s carries a description and spec ids', (_, check) => {
    expect(check.description.trim()).not.toBe('');
    for (const scenario of check.spec) {
      expect(scenario).toMatch(/^S\d{2}$/u);
    }
  });

  it('declares as inputs only fields of the case file, and together they read every field that sets an expectation', () => {
    type Properties = Record<string, { properties?: Record<string, unknown> }>;
    const schema = caseFileJsonSchema() as { properties: { cases: { items: { properties: Properties } } } };
    const fields = schema.properties.cases.items.properties;
    const known = Object.entries(fields).flatMap(([name, field]) =>
      field.properties === undefined ? [name] : [name, ...Object.keys(field.properties).map((key) => `${name}.${key}`)],
    );
    const declared = new Set<string>(CHECKS.flatMap((check) => check.inputs));
    expect([...declared].filter((input) => !known.includes(input))).toEqual([]);
    // What a case says about itself, its trace or its reporting, rather than what its trace must show.
    const notExpectations = ['id', 'traceFixture', 'sessionId', 'match', 'tags', 'checks'];
    const expectations = known.filter(
      (field) => !notExpectations.includes(field.split('.')[0] as string) && fields[field]?.properties === undefined,
    );
    expect(expectations.filter((field) => !declared.has(field))).toEqual([]);
  });

  it.each(hostileInputs)('no check throws on a trace with %s', (_, input) => {
    for (const context of [makeContext(input), makeContext({ ...input, case: everythingOn })]) {
      for (const check of CHECKS) {
        const finding = check.run(context);
        expect(['pass', 'fail', 'skip']).toContain(finding.outcome);
        expect(renderMessage(check.messages, finding).trim()).not.toBe('');
      }
    }
  });
});

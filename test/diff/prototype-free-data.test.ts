import { describe, expect, it } from 'vitest';
import { compareReports } from '../../src/diff/compare.js';
import { parseReportFile } from '../../src/diff/load-report.js';
import { toPlainTrace } from '../../src/mutate/plain-trace.js';
import { buildReport } from '../../src/report/build.js';
import { renderReportJson } from '../../src/report/render/json.js';
import { makeCaseResult } from './helpers.js';

/** docs/contract.md §1, "Data keys": data named like Object.prototype's members is data. */
describe('data keys: report, diff and mutate key data in maps without a prototype', () => {
  it('the report keys its verdict counts in an object without a prototype, a verdict named __proto__ counted like any other', () => {
    const report = buildReport([
      makeCaseResult({ caseId: 'constructor', verdict: '__proto__' }),
      makeCaseResult({ caseId: 'toString', verdict: 'toString' }),
      makeCaseResult({ caseId: 'plain', verdict: '__proto__' }),
    ]);
    const distribution = report.summary.verdictDistribution;
    expect(Object.getPrototypeOf(distribution)).toBeNull();
    expect(Object.entries(distribution)).toEqual([
      ['__proto__', 2],
      ['toString', 1],
    ]);
    expect(renderReportJson(report)).toContain(
      '"verdictDistribution": {\n      "__proto__": 2,\n      "toString": 1\n    }',
    );
  });

  it('a report read for the diff drops __proto__, constructor and prototype keys from its records and keeps its verdict counts whole, without a prototype', () => {
    const report = buildReport([makeCaseResult({ caseId: 'toString', verdict: 'PASS' })]);
    const text = renderReportJson(report)
      .replace('"verdictDistribution": {', '"verdictDistribution": {"__proto__": 4, "constructor": 1, ')
      .replace(
        '"caseId": "toString"',
        '"__proto__": {"polluted": true}, "constructor": "x", "prototype": 1, "caseId": "toString"',
      )
      .replace('"schemaVersion"', '"__proto__": {"summary": null}, "schemaVersion"');
    const read = parseReportFile(text, 'report.json');
    const distribution = read.summary.verdictDistribution;
    expect(Object.getPrototypeOf(distribution)).toBeNull();
    expect(Object.entries(distribution)).toEqual([
      ['__proto__', 4],
      ['constructor', 1],
      ['PASS', 1],
    ]);
    const caseResult = read.cases[0] as unknown as Record<string, unknown>;
    expect(Object.keys(caseResult)).not.toContain('__proto__');
    expect(Object.hasOwn(caseResult, 'constructor')).toBe(false);
    expect(Object.hasOwn(caseResult, 'prototype')).toBe(false);
    expect(Object.getPrototypeOf(caseResult)).toBe(Object.prototype);
    expect(Object.keys(read)).not.toContain('__proto__');

    const diff = compareReports(parseReportFile(renderReportJson(report), 'base.json'), read);
    expect(diff.items.filter((item) => item.scope === 'verdict').map((item) => item.message)).toEqual([
      '__proto__ verdicts rose from 0 to 4 (+4)',
      'constructor verdicts rose from 0 to 1 (+1)',
    ]);
  });

  it('mutate keeps trace keys named like Object.prototype members: to_string is no twin of toString, a __proto__ key never becomes the prototype', () => {
    const trace = toPlainTrace(
      JSON.parse('{"finalAnswer": "a", "to_string": 1, "has_own_property": 2, "__proto__": {"polluted": true}}'),
    ) as Record<string, unknown>;
    expect(trace['toString']).toBe(1);
    expect(trace['hasOwnProperty']).toBe(2);
    expect(Object.getPrototypeOf(trace)).toBe(Object.prototype);
    expect(trace['polluted']).toBeUndefined();
    expect(JSON.stringify(trace)).not.toContain('polluted');
  });
});

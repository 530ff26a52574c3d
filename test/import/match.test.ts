import { describe, expect, it } from 'vitest';
import type { ImportedTrace } from '../../src/import/import-traces.js';
import { matchTracesToCases } from '../../src/import/match.js';
import { makeCase } from './helpers.js';

function trace(
  traceId: string,
  sessionId: string | null,
  question: string | null,
  file = 'export.jsonl',
): ImportedTrace {
  return { traceId, file, document: { sessionId, question } };
}

describe('matchTracesToCases', () => {
  const traces = [
    trace('t1', 'diag-1', 'Why is payment slow?'),
    trace('t2', 'diag-2', '  WHY   is ＰＡＹＭＥＮＴ slow?\n', 'second.jsonl'),
    trace('t3', 'diag-3', 'Something else'),
    trace('t4', null, null),
  ];

  it.each([
    [
      'by session id',
      makeCase({ id: 'a', sessionId: 'diag-3', question: 'Why is payment slow?' }),
      't3',
      'sessionId',
      [],
    ],
    [
      'by normalised, trimmed question, first in file order',
      makeCase({ id: 'b', question: 'why is payment slow?' }),
      't1',
      'question',
      ['t2'],
    ],
    [
      'a session id no trace has falls back to the question',
      makeCase({ id: 'c', sessionId: 'diag-9', question: 'Something else' }),
      't3',
      'question',
      [],
    ],
    ['nothing matches', makeCase({ id: 'd', question: 'Unrelated' }), null, null, []],
  ] as const)('%s', (_label, evalCase, traceId, matchedBy, ignored) => {
    const [match] = matchTracesToCases(traces, [evalCase]).cases;
    expect(match?.trace?.traceId ?? null).toBe(traceId);
    expect(match?.matchedBy).toBe(matchedBy);
    expect(match?.ignored.map((other) => other.traceId)).toEqual(ignored);
  });

  it('warns about a case several traces match, naming the others', () => {
    const result = matchTracesToCases(traces, [makeCase({ id: 'b', question: 'why is payment slow?' })]);
    expect(result.warnings).toEqual([
      'case "b": 2 traces match by question; using trace t1 (export.jsonl), ignoring t2 (second.jsonl)',
    ]);
  });

  it('lets one trace match several cases and lists the traces no case matches, in file order', () => {
    const result = matchTracesToCases(traces, [
      makeCase({ id: 'x', sessionId: 'diag-3' }),
      makeCase({ id: 'y', question: 'something else' }),
    ]);
    expect(result.cases.map((match) => [match.evalCase.id, match.trace?.traceId])).toEqual([
      ['x', 't3'],
      ['y', 't3'],
    ]);
    expect(result.unmatched.map((unmatched) => unmatched.traceId)).toEqual(['t1', 't2', 't4']);
    expect(result.warnings).toEqual([]);
  });
});

describe('match: on a case (S74)', () => {
  const runs = [
    { ...trace('aa01', 'diag-1', 'Run the nightly ops check'), matchValues: { 'app.task.id': ['nightly-order'] } },
    { ...trace('aa02', 'diag-2', 'Run the nightly ops check'), matchValues: { 'app.task.id': ['nightly-payment'] } },
    { ...trace('aa03', 'diag-3', 'Run the nightly ops check'), matchValues: { 'app.task.id': [] } },
  ];

  it.each([
    [
      'S74 by a span attribute equal to a value',
      { attribute: 'app.task.id', equals: 'nightly-payment' },
      'aa02',
      'attribute',
    ],
    ['S74 by trace id, in any case', { traceId: 'AA03' }, 'aa03', 'traceId'],
    ['S74 by session id, not by the question all runs share', { sessionId: 'diag-1' }, 'aa01', 'sessionId'],
    [
      'S74 by the question of the rule, first in file order',
      { question: 'run the NIGHTLY ops check' },
      'aa01',
      'question',
    ],
  ] as const)('%s', (_name, match, traceId, matchedBy) => {
    const result = matchTracesToCases(runs, [makeCase({ id: 'c', question: 'Something else entirely', match })]);
    expect(result.cases.map((entry) => [entry.trace?.traceId, entry.matchedBy])).toEqual([[traceId, matchedBy]]);
  });

  it('S74 a rule no trace meets matches none, and does not fall back to the question', () => {
    const result = matchTracesToCases(runs, [
      makeCase({
        id: 'c',
        question: 'Run the nightly ops check',
        match: { attribute: 'app.task.id', equals: 'nightly-x' },
      }),
    ]);
    expect(result.cases[0]?.trace).toBeNull();
    expect(result.unmatched.map((run) => run.traceId)).toEqual(['aa01', 'aa02', 'aa03']);
  });
});

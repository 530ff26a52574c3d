import { readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { EvalCase } from '../../src/cases/types.js';
import { DEFAULT_CONTRACT } from '../../src/config/contract.js';
import { runCases, runCasesStreamed } from '../../src/evaluate/run-cases.js';
import { renderReportJsonChunks } from '../../src/report/render/json.js';
import { renderReportJunit } from '../../src/report/render/junit.js';
import { renderReportMarkdownChunks } from '../../src/report/render/markdown.js';
import { ReportSpill } from '../../src/report/report-spill.js';
import type { TraceRunInput, TraceSource } from '../../src/sources/types.js';
import { makeEvalCase } from '../helpers/eval-case.js';
import { useTempDirs } from '../helpers/temp-dir.js';
import { buildTrace, toolCall } from '../helpers/trace-builder.js';

const tempDir = useTempDirs();

/**
 * Cases of every kind, in turn: passed, failed (English and Chinese messages), not run,
 * unparsable, warned, over budget; durations with fractions, so sums depend on their order.
 */
function variedCases(count: number): EvalCase[] {
  return Array.from({ length: count }, (_, index) => {
    const id = `case-${String(index).padStart(5, '0')}`;
    switch (index % 6) {
      case 1:
        return makeEvalCase({ id, rootCauseKeywords: [['连接池', 'connection pool'], '耗尽'] });
      case 2:
        return makeEvalCase({ id, requiredEvidenceTools: ['queryLogs'], allowedVerdicts: ['REVISE'] });
      case 4:
        return makeEvalCase({ id, budget: { maxToolCalls: 0 }, checks: { 'tool-call-budget': 'warn' } });
      default:
        return makeEvalCase({ id, rootCauseKeywords: ['connection pool'] });
    }
  });
}

/** A source that answers several cases at once, out of order, each one run or `runs` runs. */
function variedSource(runs: number): TraceSource {
  return {
    concurrency: 4,
    warnings: () => [],
    async tracesFor(evalCase) {
      const index = Number(evalCase.id.slice(5));
      // Later cases of a group of four answer first, so results arrive out of case order.
      for (let turn = 0; turn < 3 - (index % 4); turn += 1) await new Promise((resolve) => setImmediate(resolve));
      return Array.from({ length: runs }, (_, run): TraceRunInput => {
        const sessionId = `s-${index}-${run}`;
        if (index % 6 === 3)
          return { kind: 'not_run', reason: `fixture ${evalCase.id}.json is missing`, traceFixture: null, sessionId };
        if (index % 6 === 5 && run === 0)
          return {
            kind: 'unparsable',
            problem: 'unexpected end of JSON input',
            traceFixture: `${evalCase.id}.json`,
            sessionId,
          };
        const document = buildTrace({
          sessionId,
          durationMs: 1000 + index * 0.37 + run,
          finalAnswer: index % 12 === 1 ? '数据库连接池耗尽。' : 'The connection pool was exhausted. \n',
          toolInvocations: [toolCall('queryMetrics', 'supported', 100 + (index % 7))],
        });
        return { kind: 'document', document, traceFixture: `${evalCase.id}.json`, sessionId };
      });
    },
  };
}

async function bothWays(count: number, repeat: number | null) {
  const cases = variedCases(count);
  const runs = repeat ?? 1;
  const report = await runCases(cases, variedSource(runs), DEFAULT_CONTRACT, { repeat });
  const folder = tempDir();
  const spill = await ReportSpill.open(
    folder,
    { json: true, md: true, junitCaseFile: 'eval/"cases".yaml' },
    repeat !== null,
  );
  try {
    const summary = await runCasesStreamed(cases, variedSource(runs), DEFAULT_CONTRACT, {
      repeat,
      onResult: (result) => spill.add(result),
    });
    spill.finish();
    return {
      report,
      summary,
      inMemory: {
        json: [...renderReportJsonChunks(report)].join(''),
        md: [...renderReportMarkdownChunks(report)].join(''),
        junit: renderReportJunit(report, { caseFile: 'eval/"cases".yaml' }),
      },
      streamed: {
        json: [...spill.reportJson({}, summary)].join(''),
        md: [...spill.reportMarkdown(summary)].join(''),
        junit: [...spill.reportJunit(summary)].join(''),
      },
      folder,
    };
  } finally {
    spill.remove();
  }
}

describe('reports written out case by case', () => {
  it.each([
    ['0 cases, one run each', 0, null],
    ['1 case, one run each', 1, null],
    ['3,000 cases, one run each', 3_000, null],
    ['300 cases, 3 runs each', 300, 3],
  ] as const)(
    'S07, S08, S50: %s give byte-identical report.json, report.md and report.junit.xml as the report in memory',
    async (_label, count, repeat) => {
      const { report, summary, inMemory, streamed, folder } = await bothWays(count, repeat);
      expect(summary).toEqual(report.summary);
      expect(streamed.json).toBe(inMemory.json);
      expect(streamed.md).toBe(inMemory.md);
      expect(streamed.junit).toBe(inMemory.junit);
      if (count >= 300) {
        // The set is varied enough to exercise every section of the page.
        for (const section of ['## Not run', '## Failed checks', '## Warnings']) expect(streamed.md).toContain(section);
        expect(streamed.md.includes('## Runs')).toBe(repeat !== null);
        expect(streamed.json.length).toBeGreaterThan(32 * 1024 * 4);
      }
      // Nothing of the spill stays in the out folder.
      expect(readdirSync(folder)).toEqual([]);
    },
  );
});

describe('where the spill is kept', () => {
  it('S07: an out folder that cannot take the hidden folder has the spill kept in the temporary folder, and removed from there', async () => {
    const notAFolder = join(tempDir(), 'a-file');
    writeFileSync(notAFolder, 'not a folder');
    const spills = (): string[] =>
      readdirSync(tmpdir()).filter((name) => name.startsWith(`.diag-eval-run-${process.pid}-`));
    const before = spills();
    const spill = await ReportSpill.open(
      join(notAFolder, 'out'),
      { json: true, md: false, junitCaseFile: null },
      false,
    );
    try {
      expect(spills().length).toBe(before.length + 1);
      const summary = await runCasesStreamed(variedCases(12), variedSource(1), DEFAULT_CONTRACT, {
        onResult: (result) => spill.add(result),
      });
      spill.finish();
      const report = await runCases(variedCases(12), variedSource(1), DEFAULT_CONTRACT);
      expect([...spill.reportJson({}, summary)].join('')).toBe([...renderReportJsonChunks(report)].join(''));
    } finally {
      spill.remove();
    }
    expect(spills()).toEqual(before);
  });
});

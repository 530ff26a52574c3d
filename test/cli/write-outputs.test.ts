import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { reportFiles, writeAll } from '../../src/cli/write-outputs.js';
import { DEFAULT_CONTRACT } from '../../src/config/contract.js';
import { evaluateRun } from '../../src/evaluate/evaluate.js';
import { buildReport } from '../../src/report/build.js';
import { renderReportJson } from '../../src/report/render/json.js';
import { renderReportMarkdown } from '../../src/report/render/markdown.js';
import type { CaseResult, Report } from '../../src/report/types.js';
import { makeEvalCase } from '../helpers/eval-case.js';
import { useTempDirs } from '../helpers/temp-dir.js';
import { buildTrace } from '../helpers/trace-builder.js';

const tempDir = useTempDirs();

function reportOf(count: number): Report {
  const results = Array.from({ length: count }, (_, index) => {
    const evalCase = makeEvalCase({ id: `case-${index}`, rootCauseKeywords: ['连接池'] });
    const document = buildTrace({ finalAnswer: `连接池 ${index}`, durationMs: index });
    return evaluateRun(
      evalCase,
      { kind: 'document', document, traceFixture: `eval/fixtures/case-${index}.json`, sessionId: null },
      DEFAULT_CONTRACT,
    );
  });
  return buildReport(results);
}

describe('writeAll(reportFiles(…))', () => {
  it('writes report.json (rendered in chunks) and report.md byte-identical to the renderers, and nothing else', async () => {
    const folder = tempDir();
    const report = reportOf(50);
    const written = await writeAll(reportFiles(folder, report, ['json', 'md']));
    expect(written).toEqual([join(folder, 'report.json'), join(folder, 'report.md')]);
    expect(readFileSync(join(folder, 'report.json'), 'utf8')).toBe(renderReportJson(report));
    expect(readFileSync(join(folder, 'report.md'), 'utf8')).toBe(renderReportMarkdown(report));
    expect(readdirSync(folder).sort()).toEqual(['report.json', 'report.md']);
  });

  it('when a renderer fails, every old report stays as it was, including the one rendered before it', async () => {
    const folder = tempDir();
    writeFileSync(join(folder, 'report.json'), 'old json\n');
    writeFileSync(join(folder, 'report.md'), 'old md\n');
    const report = reportOf(3);
    // A case id JSON leaves alone (not enumerable) but the Markdown renderer reads: it throws there.
    Object.defineProperty(report.cases[1] as CaseResult, 'caseId', {
      enumerable: false,
      get() {
        throw new Error('markdown renderer broke');
      },
    });
    await expect(writeAll(reportFiles(folder, report, ['json', 'md']))).rejects.toThrow('markdown renderer broke');
    expect(readFileSync(join(folder, 'report.json'), 'utf8')).toBe('old json\n');
    expect(readFileSync(join(folder, 'report.md'), 'utf8')).toBe('old md\n');
    expect(readdirSync(folder).sort()).toEqual(['report.json', 'report.md']);
  });
});

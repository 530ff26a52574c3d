import { spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { ensureBuilt } from '../helpers/build.js';
import { REPO_ROOT, writeFiles } from '../helpers/project.js';
import { useTempDirs } from '../helpers/temp-dir.js';
import { peakMemoryProbe, runCli, runCliAsync, STACK_FRAME } from './cli-process.js';

const tempDir = useTempDirs();
beforeAll(() => ensureBuilt());

describe('hostile files are refused by name, in bounded memory, without a crash', () => {
  it('a 60 MiB fixture with an unclosed string is worded with its position in bounded memory', async () => {
    const cwd = tempDir();
    writeFiles(cwd, {
      'cases.yaml': [
        'version: 1',
        'cases:',
        '  - id: big',
        '    question: q',
        '    rootCauseKeywords: []',
        '    requiredEvidenceTools: []',
        '    allowedVerdicts: [PASS]',
        '    traceFixture: big.json',
        '',
      ].join('\n'),
    });
    writeFileSync(join(cwd, 'big.json'), `{"finalAnswer": "${'x'.repeat(60 * 1024 * 1024)}`);
    const probe = peakMemoryProbe(cwd);
    const run = await runCliAsync(['validate', '--cases', 'cases.yaml', '--fixtures', '.'], cwd, {
      nodeOptions: probe.nodeOptions,
      timeoutMs: 60_000,
    });
    expect(run.code, run.stderr).toBe(1);
    expect(run.stderr).toMatch(/^big: big\.json: not valid JSON: Unterminated string at line 1, column 62914578$/mu);
    expect(probe.peakMb()).toBeLessThan(500);
  });

  it('a fixture that grows while it is read is read to the size first seen, in bounded memory', async () => {
    const cwd = tempDir();
    writeFiles(cwd, {
      'cases.yaml': [
        'version: 1',
        'cases:',
        '  - id: growing',
        '    question: q',
        '    rootCauseKeywords: []',
        '    requiredEvidenceTools: []',
        '    allowedVerdicts: [PASS]',
        '    traceFixture: growing.json',
        '',
      ].join('\n'),
    });
    const fixture = join(cwd, 'growing.json');
    writeFileSync(fixture, `{"finalAnswer": "${'x'.repeat(40 * 1024 * 1024)}`);
    // A writer that appends while the command reads, and stops at 60 MiB: under the 64 MiB fixture
    // limit whenever the command first sees the file, however late a loaded machine starts it.
    const writer = spawn(
      process.execPath,
      [
        '-e',
        `const fs=require('fs');const f=${JSON.stringify(fixture)};const b=Buffer.alloc(1<<20,120);` +
          `const t=setInterval(()=>{if(fs.statSync(f).size+b.length>60*(1<<20))clearInterval(t);else fs.appendFileSync(f,b)},1)`,
      ],
      { stdio: 'ignore' },
    );
    try {
      const probe = peakMemoryProbe(cwd);
      const run = await runCliAsync(['validate', '--cases', 'cases.yaml', '--fixtures', '.'], cwd, {
        nodeOptions: probe.nodeOptions,
        timeoutMs: 60_000,
      });
      expect(run.code, run.stderr).toBe(1);
      expect(run.stderr).toMatch(
        /^growing: growing\.json: not valid JSON: Unterminated string at line 1, column \d+$/mu,
      );
      expect(probe.peakMb()).toBeLessThan(500);
    } finally {
      writer.kill('SIGKILL');
    }
  });

  it('a valid Jaeger export with a field nested 150,000 levels deep is read, not refused as "not valid JSON"', () => {
    const cwd = tempDir();
    const text = readFileSync(join(REPO_ROOT, 'test/fixtures/import/jaeger-typed-tags.json'), 'utf8').replace(
      '"warnings": null',
      `"warnings": ${'['.repeat(150_000)}${']'.repeat(150_000)}`,
    );
    expect(text).toContain('['.repeat(150_000));
    writeFileSync(join(cwd, 'jaeger.json'), text);
    const run = runCli(['import', 'jaeger.json', '--out', 'imported'], cwd);
    expect(run.stderr).not.toContain('not valid JSON');
    expect(run.stderr).not.toContain('internal error');
    expect(run.stderr).not.toMatch(STACK_FRAME);
    expect([0, 1]).toContain(run.code);
  });
});

import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main.js';
import { createFakeIo } from '../helpers/fake-io.js';
import { REPO_ROOT } from '../helpers/project.js';
import { useTempDirs } from '../helpers/temp-dir.js';

const tempDir = useTempDirs();

/** report.html of the worked example's current folder (eval/examples/repeated/current). */
async function repeatedPage(folder: string): Promise<string> {
  const out = relative(REPO_ROOT, tempDir());
  const fake = createFakeIo({ cwd: REPO_ROOT });
  await main(['run', '--fixtures', folder, '--out', out, '--format', 'html', '--quiet'], fake.io);
  expect(fake.stderr()).toBe('');
  return readFileSync(join(REPO_ROOT, out, 'report.html'), 'utf8');
}

describe('report.html: run pass rates with their intervals (S76)', () => {
  it('S76 draws a bar of the 95% Wilson interval with a tick at the rate, for the suite and each repeated case', async () => {
    const page = await repeatedPage('eval/examples/repeated/current');
    expect(page).toContain('<h2>Run pass rates (95% Wilson interval)</h2>');
    // 3/10: interval 10.78–60.32%, on a 200-pixel bar from x = 21.6, 99 wide, the tick at 60.
    expect(page).toContain('<code>payment-timeout-db-pool</code> 3/10');
    expect(page).toContain('aria-label="30%, 95% interval 10.8–60.3%"');
    expect(page).toContain('<rect x="21.6" y="2" width="99.1" height="8" fill="#7aa7d8"/>');
    expect(page).toContain('<line x1="60" y1="0" x2="60" y2="12"');
    expect(page).toContain('check failure rates: no-protocol-leak 7/10 (70%)');
    expect(page).toContain('<b>all runs</b>');
    // The page still loads nothing (its links are to places in itself).
    expect(page).not.toMatch(/<link|@import|url\(|\ssrc=|\shref="(?!#)/iu);
  });

  it('S76 a report without repeated runs has no such section', async () => {
    const page = await repeatedPage('eval/fixtures');
    expect(page).not.toContain('Run pass rates');
  });
});

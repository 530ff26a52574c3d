import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main.js';
import { createFakeIo } from '../helpers/fake-io.js';

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

describe('error messages quote at most 200 characters of any value', () => {
  it('a 2 MiB unknown key in a case file gives a short message naming its length', async () => {
    const cwd = mkdtempSync(join(tmpdir(), 'diag-eval-quoted-'));
    folders.push(cwd);
    const key = 'k'.repeat(2 * 1024 * 1024);
    writeFileSync(join(cwd, 'cases.json'), JSON.stringify({ version: 1, cases: [], [key]: 1 }));
    const fake = createFakeIo({ cwd });
    const code = await main(['validate', '--cases', 'cases.json'], fake.io);
    expect(code).toBe(2);
    expect(fake.stderr().length).toBeLessThan(1000);
    expect(fake.stderr()).toContain(`unknown key "${'k'.repeat(200)}… (2097152 characters)"`);
  });
});

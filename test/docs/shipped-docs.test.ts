import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../helpers/project.js';

/** The Markdown files the package ships (package.json `files`: README.md, docs/, eval/). */
function shippedMarkdown(): string[] {
  const walk = (dir: string): string[] =>
    readdirSync(join(REPO_ROOT, dir), { withFileTypes: true }).flatMap((entry) =>
      entry.isDirectory() ? walk(join(dir, entry.name)) : entry.name.endsWith('.md') ? [join(dir, entry.name)] : [],
    );
  return ['README.md', ...walk('docs'), ...walk('eval')];
}

const { files } = JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')) as { files: string[] };
const shipped = (path: string): boolean => files.some((entry) => path === entry || path.startsWith(`${entry}/`));

describe('the documentation the package ships', () => {
  it.each(shippedMarkdown())('%s: every relative link names a file that exists and ships in the package', (file) => {
    const text = readFileSync(join(REPO_ROOT, file), 'utf8').replace(/```[\s\S]*?```/gu, '');
    for (const [, target] of text.matchAll(/\]\(([^)\s#]+)(?:#[^)]*)?\)/gu)) {
      if (target === undefined || /^[a-z]+:/u.test(target)) continue;
      const path = relative(REPO_ROOT, join(REPO_ROOT, dirname(file), target));
      expect(existsSync(join(REPO_ROOT, path)), `${file} links to ${target}`).toBe(true);
      expect(shipped(path), `${file} links to ${target}, which the package does not ship`).toBe(true);
    }
  });

  it.each(shippedMarkdown())('%s: no table is cut in two by a blank line', (file) => {
    const lines = readFileSync(join(REPO_ROOT, file), 'utf8').split('\n');
    const cut = lines.flatMap((line, index) =>
      line.trim() === '' && lines[index - 1]?.startsWith('|') && lines[index + 1]?.startsWith('|') ? [index + 1] : [],
    );
    expect(cut, `${file}: blank lines inside a table`).toEqual([]);
  });
});

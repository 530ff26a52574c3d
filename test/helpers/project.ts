import { cpSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root, for the bundled cases, fixtures and committed baseline. */
export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** Writes files under `root`, making folders; a string is written as UTF-8, a Buffer as is, anything else as JSON. */
export function writeFiles(root: string, files: Record<string, unknown>): void {
  for (const [relativePath, content] of Object.entries(files)) {
    const path = join(root, relativePath);
    mkdirSync(dirname(path), { recursive: true });
    const bytes =
      typeof content === 'string' || Buffer.isBuffer(content) ? content : `${JSON.stringify(content, null, 2)}\n`;
    writeFileSync(path, bytes);
  }
}

/** Copies the bundled eval/cases.yaml and eval/fixtures/ into `root`/eval, so a command can run there by default. */
export function copyBundledEval(root: string): void {
  mkdirSync(join(root, 'eval'), { recursive: true });
  cpSync(join(REPO_ROOT, 'eval', 'cases.yaml'), join(root, 'eval', 'cases.yaml'));
  cpSync(join(REPO_ROOT, 'eval', 'fixtures'), join(root, 'eval', 'fixtures'), { recursive: true });
}

/** The bundled cases and fixtures with the committed baseline beside them, as in this repository. */
export function copyBundledEvalWithBaseline(root: string): void {
  copyBundledEval(root);
  mkdirSync(join(root, 'docs', 'eval'), { recursive: true });
  cpSync(join(REPO_ROOT, 'docs', 'eval', 'baseline'), join(root, 'docs', 'eval', 'baseline'), { recursive: true });
}

/** A case as a YAML block for a `cases:` list, indented for it; `extra` lines are added as they are. */
export function caseYaml(id: string, extra: string[] = []): string {
  return [
    `  - id: ${id}`,
    `    question: "Why is ${id} failing?"`,
    '    rootCauseKeywords: []',
    '    requiredEvidenceTools: []',
    '    allowedVerdicts: [PASS]',
    ...extra.map((line) => `    ${line}`),
  ].join('\n');
}

/** A whole case file of the given case blocks. */
export function caseFileYaml(blocks: string[]): string {
  return ['version: 1', 'cases:', ...blocks, ''].join('\n');
}

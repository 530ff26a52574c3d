import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { InputError } from '../../src/io/errors.js';
import { parseStructuredText } from '../../src/io/structured-file.js';
import { parseYamlDocument } from '../../src/io/yaml/yaml-document.js';
import { REPO_ROOT } from './project.js';

/**
 * For the tests that hold the YAML reading (js-yaml) to the yaml package: the bundled case file,
 * the two readings, and seeded random edits of a YAML text.
 */

export const BUNDLED_CASES_YAML = readFileSync(join(REPO_ROOT, 'eval/cases.yaml'), 'utf8');

/** A case file's text as the harness reads it. */
export function readYaml(text: string) {
  return parseStructuredText(text, 'cases.yaml', 'yaml');
}

/** Its value as the yaml package reads it. */
export function documentedValue(text: string): unknown {
  return parseYamlDocument(text, 'cases.yaml').value;
}

/** The problems a reading names, or none. */
export function problemsOf(run: () => unknown): string[] {
  try {
    run();
    return [];
  } catch (error) {
    if (!(error instanceof InputError)) throw error;
    return error.problems;
  }
}

const PIECES = [
  ' ',
  '  ',
  '-',
  '- ',
  ':',
  ': ',
  '#',
  ' #',
  '"',
  "'",
  '[',
  ']',
  '{',
  '}',
  ',',
  '\n',
  '\n  ',
  'a',
  'yes',
  '1',
  '0o7',
  '.',
  '&a ',
  '*a',
  '!',
  '|',
  '>',
  '~',
  'true',
  '\\',
  '\\n',
  '连接池',
  'id: x',
  '- id: y\n',
];

export function mutateText(text: string, random: () => number): string {
  let out = text;
  const edits = 1 + Math.floor(random() * 3);
  for (let edit = 0; edit < edits; edit += 1) {
    const at = Math.floor(random() * out.length);
    const piece = PIECES[Math.floor(random() * PIECES.length)] as string;
    const action = random();
    if (action < 0.4) out = out.slice(0, at) + piece + out.slice(at);
    else if (action < 0.7) out = out.slice(0, at) + out.slice(at + 1 + Math.floor(random() * 4));
    else out = out.slice(0, at) + piece + out.slice(at + piece.length);
  }
  return out;
}

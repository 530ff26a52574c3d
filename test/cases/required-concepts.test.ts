import { describe, expect, it } from 'vitest';
import { conceptScriptWarnings } from '../../src/cases/concept-script.js';
import { resolveCaseFile } from '../../src/cases/resolve-cases.js';
import { main } from '../../src/cli/main.js';
import { DEFAULT_CONTRACT } from '../../src/config/contract.js';
import { InputError } from '../../src/io/errors.js';
import { parseStructuredText } from '../../src/io/structured-file.js';
import { makeEvalCase } from '../helpers/eval-case.js';
import { createFakeIo } from '../helpers/fake-io.js';
import { caseFileYaml, caseYaml, copyBundledEval, writeFiles } from '../helpers/project.js';
import { useTempDirs } from '../helpers/temp-dir.js';

const tempDir = useTempDirs();

function load(yaml: string) {
  return resolveCaseFile(parseStructuredText(yaml, 'cases.yaml', 'yaml'), DEFAULT_CONTRACT);
}

function problemsOf(yaml: string): string[] {
  try {
    load(yaml);
  } catch (error) {
    expect(error).toBeInstanceOf(InputError);
    return (error as InputError).problems;
  }
  throw new Error('expected the case file to be rejected');
}

const withKeywords = (keywords: string): string =>
  caseFileYaml([caseYaml('a').replace('    rootCauseKeywords: []', `    rootCauseKeywords: ${keywords}`)]);

describe('required concepts (S33)', () => {
  it('S33 a concept may be written { any: [...], required: true } beside keywords and synonym lists', () => {
    const [evalCase] = load(
      withKeywords('[{ any: ["连接池", "connection pool"], required: true }, "timeout", ["a", "b"], { any: ["x"] }]'),
    );
    expect(evalCase?.rootCauseKeywords).toEqual([
      { any: ['连接池', 'connection pool'], required: true },
      'timeout',
      ['a', 'b'],
      { any: ['x'] },
    ]);
  });

  it.each<[string, string, RegExp]>([
    [
      'S33 an empty any list',
      '[{ any: [], required: true }]',
      /^cases\.yaml:\d+:\d+: cases\[0\]\.rootCauseKeywords\[0\]/u,
    ],
    [
      'S33 a required flag that is not true or false',
      '[{ any: ["x"], required: "yes" }]',
      /^cases\.yaml:\d+:\d+: cases\[0\]\.rootCauseKeywords\[0\]/u,
    ],
    [
      'S33 an unknown key in a concept',
      '[{ anyOf: ["x"] }]',
      /^cases\.yaml:\d+:\d+: cases\[0\]\.rootCauseKeywords\[0\]/u,
    ],
  ])('%s is a case-file error naming file, line and field', (_, keywords, expected) => {
    const problems = problemsOf(withKeywords(keywords));
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(expected);
    expect(problems[0]).toMatch(/found .*expected/u);
  });
});

describe('validate warns about a concept with no synonym in the script of the question (S33)', () => {
  it.each<[string, string, unknown[], number]>([
    [
      'S33 a Chinese question, a concept with only Latin synonyms',
      '支付接口为什么超时？',
      [['connection pool', 'pool exhaustion']],
      1,
    ],
    [
      'S33 a Latin question, a concept with only Chinese synonyms',
      'Why do payments time out?',
      [{ any: ['连接池'], required: true }],
      1,
    ],
    [
      'S33 a Chinese question, a concept with a synonym in each script',
      '支付接口为什么超时？',
      [['connection pool', '连接池']],
      0,
    ],
    [
      'S33 identifiers are written the same in any language',
      '支付接口为什么超时？',
      ['max.poll.records', 'OrderNoteSanitizer', '50/50', 'v2.31.0'],
      0,
    ],
    ['S33 a question with neither script', '???', [['连接池']], 0],
  ])('%s', (_, question, keywords, count) => {
    const warnings = conceptScriptWarnings(makeEvalCase({ question, rootCauseKeywords: keywords as never }));
    expect(warnings).toHaveLength(count);
    if (count > 0)
      expect(warnings[0]).toMatch(
        /^payment-timeout-db-pool: rootCauseKeywords\[0\]: found only .*-script synonyms .* expected at least one synonym in .* script/u,
      );
  });

  it('S33 diag-eval validate prints the warning and still exits 0', async () => {
    const cwd = tempDir();
    copyBundledEval(cwd);
    writeFiles(cwd, {
      'eval/cases.yaml': caseFileYaml([
        caseYaml('payment-timeout-db-pool')
          .replace('"Why is payment-timeout-db-pool failing?"', '"支付接口为什么超时？"')
          .replace('rootCauseKeywords: []', 'rootCauseKeywords: [["connection pool"]]'),
      ]),
    });
    const fake = createFakeIo({ cwd });
    expect(await main(['validate'], fake.io)).toBe(0);
    expect(fake.stderr()).toContain(
      'warning: payment-timeout-db-pool: rootCauseKeywords[0]: found only Latin-script synonyms ["connection pool"] for a question in Chinese script',
    );
  });
});

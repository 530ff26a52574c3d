import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadCaseFile } from '../../src/cases/resolve-cases.js';
import { DEFAULT_CONTRACT } from '../../src/config/contract.js';
import { InputError } from '../../src/io/errors.js';
import { caseFileYaml, caseYaml, REPO_ROOT } from '../helpers/project.js';
import { useTempDirs } from '../helpers/temp-dir.js';

const tempDir = useTempDirs();

/** Writes `content` as `name` in a fresh folder and loads it the way the CLI does (display name = the file name). */
async function load(content: string | Buffer, name = 'cases.yaml') {
  const path = join(tempDir(), name);
  writeFileSync(path, content);
  return loadCaseFile(path, name, DEFAULT_CONTRACT);
}

async function problemsOf(content: string | Buffer, name = 'cases.yaml'): Promise<string[]> {
  let error: unknown = null;
  try {
    await load(content, name);
  } catch (caught) {
    error = caught;
  }
  expect(error, 'the case file should have been rejected').toBeInstanceOf(InputError);
  return (error as InputError).problems;
}

describe('loadCaseFile: a valid case file', () => {
  const file = [
    'version: 1', //                                       1
    'defaults:',
    '  minKeywordCoverage: 0.5',
    '  requiredEvidenceTools: [queryMetrics, queryLogs]',
    '  allowedVerdicts: [PASS, REVISE]', //                 5
    '  audit: { claimChecks: true }',
    '  budget: { maxToolCalls: 8, maxDurationMs: 60000 }',
    '  tags: [mvp]',
    'cases:',
    '  - id: payment-timeout-db-pool', //                   10
    '    question: "支付接口大量超时，根因是什么？"',
    '    rootCauseKeywords:',
    '      - ["connection pool", "连接池"]',
    '      - exhausted',
    '  - id: order-cpu-spike', //                          15
    '    question: "CPU spike after the deploy?"',
    '    traceFixture: sub/../order/trace.json',
    '    rootCauseKeywords: [cpu]',
    '    requiredEvidenceTools: [queryDeployments]',
    '    allowedVerdicts: [pass]', //                       20
    '    forbiddenAnswerKeywords: ["memory leak", "内存泄漏"]',
    '    forbiddenVerdicts: [reject]',
    '    forbiddenConfirmedClaims: ["database is down"]',
    '    audit: { composerOutput: true }',
    '    budget: { maxToolCalls: 6 }', //                   25
    '    tags: [cpu]',
    '    sessionId: diag-0002',
    '',
  ].join('\n');

  it('S01: a case has its id, question, root-cause keywords, required evidence tools and allowed verdicts, defaults filled in', async () => {
    const [payment] = await load(file);
    expect(payment).toEqual({
      id: 'payment-timeout-db-pool',
      question: '支付接口大量超时，根因是什么？',
      traceFixture: 'payment-timeout-db-pool.json',
      rootCauseKeywords: [['connection pool', '连接池'], 'exhausted'],
      minKeywordCoverage: 0.5,
      requiredEvidenceTools: ['queryMetrics', 'queryLogs'],
      requiredEvidenceAlternatives: [],
      allowedVerdicts: ['PASS', 'REVISE'],
      forbiddenAnswerKeywords: [],
      forbiddenVerdicts: [],
      forbiddenConfirmedClaims: [],
      audit: { v2: false, claimChecks: true, composerOutput: false },
      budget: { maxToolCalls: 8, maxDurationMs: 60000 },
      tags: ['mvp'],
      sessionId: null,
      match: null,
      checks: {},
    });
  });

  it('S01: defaults merge key by key into audit and budget; every other field, lists included, is replaced', async () => {
    const [, order] = await load(file);
    expect(order?.audit).toEqual({ v2: false, claimChecks: true, composerOutput: true });
    expect(order?.budget).toEqual({ maxToolCalls: 6, maxDurationMs: 60000 });
    expect(order?.requiredEvidenceTools).toEqual(['queryDeployments']);
    expect(order?.tags).toEqual(['cpu']);
    expect(order?.minKeywordCoverage).toBe(0.5);
    expect(order?.traceFixture).toBe('order/trace.json');
    expect(order?.sessionId).toBe('diag-0002');
  });

  it('S02: forbidden answer keywords and forbidden verdicts are expressible (verdicts upper-cased)', async () => {
    const [, order] = await load(file);
    expect(order?.forbiddenAnswerKeywords).toEqual(['memory leak', '内存泄漏']);
    expect(order?.forbiddenVerdicts).toEqual(['REJECT']);
    expect(order?.forbiddenConfirmedClaims).toEqual(['database is down']);
    expect(order?.allowedVerdicts).toEqual(['PASS']);
  });

  it('S69: maxCandidateCauses is read from the case, else from defaults, else absent (3)', async () => {
    const cases = await load(
      caseFileYaml([caseYaml('a', ['maxCandidateCauses: 5']), caseYaml('b')]).replace(
        'cases:',
        'defaults:\n  maxCandidateCauses: 2\ncases:',
      ),
    );
    expect(cases.map((evalCase) => evalCase.maxCandidateCauses)).toEqual([5, 2]);
    const [plain] = await load(caseFileYaml([caseYaml('c')]));
    expect(plain?.maxCandidateCauses).toBeUndefined();
  });

  it('S41: budget.maxRepeatedCalls is read, and merges from defaults key by key', async () => {
    const cases = await load(
      caseFileYaml([caseYaml('a', ['budget: { maxRepeatedCalls: 2 }']), caseYaml('b')]).replace(
        'cases:',
        'defaults:\n  budget: { maxToolCalls: 8, maxRepeatedCalls: 1 }\ncases:',
      ),
    );
    expect(cases.map((evalCase) => evalCase.budget)).toEqual([
      { maxToolCalls: 8, maxRepeatedCalls: 2 },
      { maxToolCalls: 8, maxRepeatedCalls: 1 },
    ]);
  });

  it('S01: minKeywordCoverage defaults to 1 and optional lists to empty', async () => {
    const [only] = await load(caseFileYaml([caseYaml('only')]));
    expect(only).toMatchObject({
      minKeywordCoverage: 1,
      traceFixture: 'only.json',
      forbiddenAnswerKeywords: [],
      forbiddenVerdicts: [],
      forbiddenConfirmedClaims: [],
      audit: { v2: false, claimChecks: false, composerOutput: false },
      budget: {},
      tags: [],
    });
  });

  it('S01: the required lists may come from defaults, and may be empty (a REJECT case)', async () => {
    const cases = await load(
      [
        'version: 1',
        'defaults:',
        '  rootCauseKeywords: []',
        '  requiredEvidenceTools: []',
        '  allowedVerdicts: [REJECT]',
        'cases:',
        '  - id: insufficient-evidence',
        '    question: "Is checkout slow?"',
        '',
      ].join('\n'),
    );
    expect(cases[0]).toMatchObject({ rootCauseKeywords: [], requiredEvidenceTools: [], allowedVerdicts: ['REJECT'] });
  });

  it('S73: allowedVerdicts may be left out of the case and defaults: an agent without a verifier', async () => {
    const cases = await load(
      [
        'version: 1',
        'cases:',
        '  - id: nightly-ops-check',
        '    question: "Run the nightly ops check"',
        '    rootCauseKeywords: [connection pool]',
        '    requiredEvidenceTools: [queryLogs]',
        '',
      ].join('\n'),
    );
    expect(cases[0]).toMatchObject({ id: 'nightly-ops-check', allowedVerdicts: [], forbiddenVerdicts: [] });
  });

  it('S73: a required evidence tool may be a set of alternatives, { any: [...] }', async () => {
    const cases = await load(
      caseFileYaml([
        caseYaml('a').replace(
          'requiredEvidenceTools: []',
          'requiredEvidenceTools: [{ any: [queryMetrics, queryPrometheusAlerts] }, queryLogs]',
        ),
      ]),
    );
    expect(cases[0]).toMatchObject({
      requiredEvidenceTools: ['queryLogs'],
      requiredEvidenceAlternatives: [['queryMetrics', 'queryPrometheusAlerts']],
    });
  });

  it('S74: match: names how the case finds its trace', async () => {
    const cases = await load(
      caseFileYaml([
        caseYaml('a', ['match: { attribute: app.task.id, equals: nightly-ops-check }']),
        caseYaml('b', ['match: { traceId: 4bf92f3577b34da6a3ce929d0e0e4736 }']),
        caseYaml('c'),
      ]),
    );
    expect(cases.map((entry) => entry.match)).toEqual([
      { attribute: 'app.task.id', equals: 'nightly-ops-check' },
      { traceId: '4bf92f3577b34da6a3ce929d0e0e4736' },
      null,
    ]);
  });

  it('S26: audit.v2: true turns on claimChecks and composerOutput, from defaults too', async () => {
    const cases = await load(
      [
        'version: 1',
        'defaults:',
        '  audit: { v2: true }',
        'cases:',
        caseYaml('a'),
        caseYaml('b', ['audit: { claimChecks: true }']),
        '',
      ].join('\n'),
    );
    expect(cases.map((evalCase) => evalCase.audit)).toEqual([
      { v2: true, claimChecks: true, composerOutput: true },
      { v2: true, claimChecks: true, composerOutput: true },
    ]);
  });

  it('a traceFixture that stays inside the fixtures folder is accepted, with `/`', async () => {
    const cases = await load(
      caseFileYaml([
        caseYaml('a', ['traceFixture: nested\\\\deeper/a.json']),
        caseYaml('b', ['traceFixture: x/../b.json']),
      ]),
    );
    expect(cases.map((evalCase) => evalCase.traceFixture)).toEqual(['nested/deeper/a.json', 'b.json']);
  });

  it('a JSON case file (chosen by extension) loads the same way', async () => {
    const json = JSON.stringify({
      $schema: '../schema/cases.schema.json',
      version: 1,
      cases: [
        {
          id: 'a',
          question: 'q?',
          rootCauseKeywords: ['pool'],
          requiredEvidenceTools: ['queryLogs'],
          allowedVerdicts: ['PASS'],
        },
      ],
    });
    const cases = await load(json, 'cases.json');
    expect(cases).toHaveLength(1);
    expect(cases[0]).toMatchObject({
      id: 'a',
      rootCauseKeywords: ['pool'],
      requiredEvidenceTools: ['queryLogs'],
      traceFixture: 'a.json',
    });
  });

  it('a file that starts with a UTF-8 byte-order mark is accepted', async () => {
    const text = caseFileYaml([caseYaml('bom-case')]);
    const cases = await load(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text, 'utf8')]));
    expect(cases.map((evalCase) => evalCase.id)).toEqual(['bom-case']);
  });

  it('S01, S12: the bundled eval/cases.yaml loads: at least five cases, each with the S01 fields', async () => {
    const cases = await loadCaseFile(join(REPO_ROOT, 'eval', 'cases.yaml'), 'eval/cases.yaml', DEFAULT_CONTRACT);
    expect(cases.length).toBeGreaterThanOrEqual(5);
    for (const evalCase of cases) {
      expect(evalCase.id).toMatch(/^[A-Za-z0-9][A-Za-z0-9._-]*$/u);
      expect(evalCase.question.trim()).not.toBe('');
      expect(Array.isArray(evalCase.rootCauseKeywords)).toBe(true);
      expect(Array.isArray(evalCase.requiredEvidenceTools)).toBe(true);
      expect(evalCase.allowedVerdicts.length).toBeGreaterThan(0);
    }
  });
});

/** One expected problem line: `file:line:column: path: …found… …expected…`. */
interface Expected {
  /** `file:line:column: path:` or, where there is no place, `file:`. */
  at: string;
  found?: string;
  expected: string;
}

interface BadRow {
  name: string;
  content: string | Buffer;
  file?: string;
  problems: Expected[];
}

const BAD_INPUTS: BadRow[] = [
  {
    name: 'S69: maxCandidateCauses that is negative and one that is not whole, both named',
    content: caseFileYaml([caseYaml('a', ['maxCandidateCauses: -1']), caseYaml('b', ['maxCandidateCauses: 2.5'])]),
    problems: [
      {
        at: 'cases.yaml:8:5: cases[0].maxCandidateCauses:',
        found: 'found -1',
        expected: 'expected a whole number of candidate causes, 0 or more',
      },
      {
        at: 'cases.yaml:14:5: cases[1].maxCandidateCauses:',
        found: 'found 2.5',
        expected: 'expected a whole number of candidate causes',
      },
    ],
  },
  {
    name: 'S41: budget.maxRepeatedCalls that is not a whole number, 0 or more',
    content: caseFileYaml([caseYaml('a', ['budget: { maxRepeatedCalls: -1 }'])]),
    problems: [
      {
        at: 'cases.yaml:8:15: cases[0].budget.maxRepeatedCalls:',
        found: 'found -1',
        expected: 'expected a whole number of repeated calls, 0 or more',
      },
    ],
  },
  {
    name: 'duplicate case ids',
    content: caseFileYaml([caseYaml('pay'), caseYaml('pay')]),
    // The second case starts on line 8: 2 header lines + 5 lines of the first case.
    problems: [
      { at: 'cases.yaml:8:5: cases[1].id:', found: 'duplicate case id "pay"', expected: 'already used by cases[0]' },
    ],
  },
  {
    name: 'an unknown key in a case, answered with the key probably meant',
    content: caseFileYaml([caseYaml('a', ['minKeywordCoverag: 0.5'])]),
    problems: [
      {
        at: 'cases.yaml:8:5: cases[0].minKeywordCoverag:',
        found: 'unknown key "minKeywordCoverag"',
        expected: 'did you mean "minKeywordCoverage"?',
      },
    ],
  },
  {
    name: 'an unknown key no known key is close to (问题, which shares no letter with id): the keys of its place are listed',
    content: caseFileYaml([caseYaml('a', ['问题: 1'])]),
    problems: [
      {
        at: 'cases.yaml:8:5: cases[0].问题:',
        found: 'unknown key "问题";',
        expected: 'expected one of id, question, traceFixture, sessionId, match, rootCauseKeywords,',
      },
    ],
  },
  {
    name: 'an unknown key inside budget is answered with the keys of budget, not with a key of elsewhere',
    content: caseFileYaml([caseYaml('a', ['budget: { m: 1, maxToolCall: 2 }'])]),
    problems: [
      {
        at: 'cases.yaml:8:15: cases[0].budget.m:',
        found: 'unknown key "m";',
        expected: 'expected one of maxToolCalls, maxDurationMs, maxTokens, maxRepeatedCalls',
      },
      {
        at: 'cases.yaml:8:21: cases[0].budget.maxToolCall:',
        found: 'unknown key "maxToolCall"',
        expected: 'did you mean "maxToolCalls"?',
      },
    ],
  },
  {
    name: 'an unknown key at the top level',
    content: `${caseFileYaml([caseYaml('a')])}defualts: {}\n`,
    problems: [
      { at: 'cases.yaml:8:1: defualts:', found: 'unknown key "defualts"', expected: 'did you mean "defaults"?' },
    ],
  },
  {
    name: 'an unknown verdict in allowedVerdicts',
    content: caseFileYaml([caseYaml('a').replace('allowedVerdicts: [PASS]', 'allowedVerdicts: [PASS, MAYBE]')]),
    problems: [
      {
        at: 'cases.yaml:7:29: cases[0].allowedVerdicts[1]:',
        found: 'found unknown verdict "MAYBE"',
        expected: 'expected one of PASS, REVISE, REJECT',
      },
    ],
  },
  {
    name: 'an unknown verdict in forbiddenVerdicts',
    content: caseFileYaml([caseYaml('a', ['forbiddenVerdicts: [FAIL]'])]),
    problems: [
      {
        at: 'cases.yaml:8:25: cases[0].forbiddenVerdicts[0]:',
        found: 'found unknown verdict "FAIL"',
        expected: 'expected one of PASS, REVISE, REJECT',
      },
    ],
  },
  {
    name: 'an unknown verdict in defaults is named once, at defaults, not once per case',
    content: [
      'version: 1',
      'defaults:',
      '  allowedVerdicts: [OK]',
      'cases:',
      caseYaml('a').replace('    allowedVerdicts: [PASS]\n', ''),
      caseYaml('b').replace('\n    allowedVerdicts: [PASS]', ''),
      '',
    ].join('\n'),
    problems: [
      {
        at: 'cases.yaml:3:21: defaults.allowedVerdicts[0]:',
        found: 'found unknown verdict "OK"',
        expected: 'expected one of PASS, REVISE, REJECT',
      },
    ],
  },
  {
    name: 'an empty allowedVerdicts',
    content: caseFileYaml([caseYaml('a').replace('allowedVerdicts: [PASS]', 'allowedVerdicts: []')]),
    problems: [
      {
        at: 'cases.yaml:7:5: cases[0].allowedVerdicts:',
        found: 'found a list of 0',
        expected: 'expected at least one allowed verdict',
      },
    ],
  },
  {
    name: 'minKeywordCoverage above 1',
    content: caseFileYaml([caseYaml('a', ['minKeywordCoverage: 1.5'])]),
    problems: [
      {
        at: 'cases.yaml:8:5: cases[0].minKeywordCoverage:',
        found: 'found 1.5',
        expected: 'expected a number from 0 to 1',
      },
    ],
  },
  {
    name: 'minKeywordCoverage below 0',
    content: caseFileYaml([caseYaml('a', ['minKeywordCoverage: -0.1'])]),
    problems: [
      {
        at: 'cases.yaml:8:5: cases[0].minKeywordCoverage:',
        found: 'found -0.1',
        expected: 'expected a number from 0 to 1',
      },
    ],
  },
  {
    name: 'minKeywordCoverage as text',
    content: caseFileYaml([caseYaml('a', ['minKeywordCoverage: "half"'])]),
    problems: [
      {
        at: 'cases.yaml:8:5: cases[0].minKeywordCoverage:',
        found: 'found "half"',
        expected: 'expected a number from 0 to 1',
      },
    ],
  },
  {
    name: 'a traceFixture that escapes the fixtures folder with ..',
    content: caseFileYaml([caseYaml('a', ['traceFixture: ../x.json'])]),
    problems: [
      {
        at: 'cases.yaml:8:5: cases[0].traceFixture:',
        found: 'found "../x.json"',
        expected: 'expected a path that stays inside the fixtures folder',
      },
    ],
  },
  {
    name: 'a traceFixture that escapes after going down first',
    content: caseFileYaml([caseYaml('a', ['traceFixture: sub/../../x.json'])]),
    problems: [
      {
        at: 'cases.yaml:8:5: cases[0].traceFixture:',
        found: 'found "sub/../../x.json"',
        expected: 'expected a path that stays inside the fixtures folder',
      },
    ],
  },
  {
    name: 'a traceFixture that names the fixtures folder itself, not a file in it',
    content: caseFileYaml([caseYaml('a', ['traceFixture: sub/..'])]),
    problems: [
      {
        at: 'cases.yaml:8:5: cases[0].traceFixture:',
        found: 'found "sub/.."',
        expected: 'expected the path of a file inside the fixtures folder, not the folder itself',
      },
    ],
  },
  {
    name: 'an absolute POSIX traceFixture',
    content: caseFileYaml([caseYaml('a', ['traceFixture: /etc/x.json'])]),
    problems: [
      {
        at: 'cases.yaml:8:5: cases[0].traceFixture:',
        found: 'found "/etc/x.json"',
        expected: 'expected a path relative to the fixtures folder',
      },
    ],
  },
  {
    name: 'an absolute Windows traceFixture',
    content: caseFileYaml([caseYaml('a', ['traceFixture: "C:\\\\fixtures\\\\x.json"'])]),
    problems: [
      {
        at: 'cases.yaml:8:5: cases[0].traceFixture:',
        found: 'found "C:\\fixtures\\x.json"',
        expected: 'expected a path relative to the fixtures folder',
      },
    ],
  },
  {
    name: 'a YAML syntax error, with its line and column',
    content: ['version: 1', 'cases:', '  - id: a', '    question: q: r', '    rootCauseKeywords: []', ''].join('\n'),
    problems: [{ at: 'cases.yaml:4:15:', found: 'YAML syntax error', expected: 'Nested mappings are not allowed' }],
  },
  {
    name: 'a YAML key written twice',
    content: `version: 1\n${caseFileYaml([caseYaml('a')])}`,
    problems: [{ at: 'cases.yaml:2:1:', found: 'YAML syntax error', expected: 'Map keys must be unique' }],
  },
  {
    name: 'an empty case file',
    content: '',
    problems: [
      {
        at: 'cases.yaml:',
        found: 'the file is empty',
        expected: 'expected a case file with version: 1 and a list of cases',
      },
    ],
  },
  {
    name: 'a case file of only comments',
    content: '# nothing here yet\n\n',
    problems: [{ at: 'cases.yaml:', found: 'the file is empty', expected: 'expected a case file' }],
  },
  {
    name: 'an empty case list',
    content: 'version: 1\ncases: []\n',
    problems: [{ at: 'cases.yaml:2:1: cases:', found: 'found a list of 0', expected: 'expected at least one case' }],
  },
  {
    name: 'no cases key',
    content: 'version: 1\n',
    problems: [{ at: 'cases.yaml:1:1: cases:', found: 'missing', expected: 'expected a list of cases' }],
  },
  {
    name: 'version missing',
    content: caseFileYaml([caseYaml('a')]).replace('version: 1\n', ''),
    problems: [{ at: 'cases.yaml:1:1: version:', found: 'missing', expected: 'expected version: 1' }],
  },
  {
    name: 'version 2',
    content: caseFileYaml([caseYaml('a')]).replace('version: 1', 'version: 2'),
    problems: [{ at: 'cases.yaml:1:1: version:', found: 'found 2', expected: 'expected version: 1' }],
  },
  {
    name: 'audit.v2: true beside claimChecks: false',
    content: caseFileYaml([caseYaml('a', ['audit: { v2: true, claimChecks: false }'])]),
    problems: [
      {
        at: 'cases.yaml:8:5: cases[0].audit:',
        found: 'audit.v2: true turns on claimChecks and composerOutput',
        expected: 'expected neither written as false beside it',
      },
    ],
  },
  {
    name: 'audit.v2: true in defaults beside composerOutput: false in a case',
    content: [
      'version: 1',
      'defaults:',
      '  audit: { v2: true }',
      'cases:',
      caseYaml('a', ['audit: { composerOutput: false }']),
      '',
    ].join('\n'),
    problems: [
      {
        at: 'cases.yaml:10:5: cases[0].audit:',
        found: 'audit.v2: true',
        expected: 'expected neither written as false beside it',
      },
    ],
  },
  {
    name: 'a required list missing from the case and from defaults',
    content: caseFileYaml([caseYaml('a').replace('    rootCauseKeywords: []\n', '')]),
    problems: [
      {
        at: 'cases.yaml:3:5: cases[0]:',
        found: 'missing rootCauseKeywords',
        expected: 'expected it in the case or in defaults',
      },
    ],
  },
  {
    name: 'S73 an empty any list of required evidence tools',
    content: caseFileYaml([caseYaml('a').replace('requiredEvidenceTools: []', 'requiredEvidenceTools: [{ any: [] }]')]),
    problems: [
      {
        at: 'cases.yaml:6:31: cases[0].requiredEvidenceTools[0].any:',
        found: 'found a list of 0',
        expected: 'expected at least one tool name',
      },
    ],
  },
  {
    name: 'S73 an any list of required evidence tools holding a number',
    content: caseFileYaml([
      caseYaml('a').replace('requiredEvidenceTools: []', 'requiredEvidenceTools: [{ any: [queryMetrics, 3] }]'),
    ]),
    problems: [
      { at: 'cases.yaml:6:51: cases[0].requiredEvidenceTools[0].any[1]:', found: 'found 3', expected: 'expected text' },
    ],
  },
  {
    name: 'S73 an unknown key beside the alternatives',
    content: caseFileYaml([
      caseYaml('a').replace(
        'requiredEvidenceTools: []',
        'requiredEvidenceTools: [{ any: [queryMetrics], all: [queryLogs] }]',
      ),
    ]),
    problems: [
      {
        at: 'cases.yaml:6:52: cases[0].requiredEvidenceTools[0].all:',
        found: 'unknown key "all"',
        expected: 'did you mean "any"?',
      },
    ],
  },
  {
    name: 'a misspelt key inside budget, answered with the key of the schema',
    content: caseFileYaml([caseYaml('a', ['budget: { maxRepeatCalls: 2 }'])]),
    problems: [
      {
        at: 'cases.yaml:8:15: cases[0].budget.maxRepeatCalls:',
        found: 'unknown key "maxRepeatCalls"',
        expected: 'did you mean "maxRepeatedCalls"?',
      },
    ],
  },
  {
    name: 'S74 a match: with an unknown key',
    content: caseFileYaml([caseYaml('a', ['match: { span: app.task.id, equals: nightly }'])]),
    problems: [
      {
        at: 'cases.yaml:8:5: cases[0].match:',
        found: 'found an object',
        expected:
          'expected one of { sessionId: … }, { traceId: … }, { question: … } or { attribute: <span attribute>, equals: <value> }',
      },
    ],
  },
  {
    name: 'an empty question',
    content: caseFileYaml([caseYaml('a').replace('question: "Why is a failing?"', 'question: "  "')]),
    problems: [{ at: 'cases.yaml:4:5: cases[0].question:', found: 'found "  "', expected: 'expected non-empty text' }],
  },
  {
    name: 'a case id that is not an id',
    content: caseFileYaml([caseYaml('-a')]),
    problems: [
      { at: 'cases.yaml:3:5: cases[0].id:', found: 'found "-a"', expected: 'expected a case id of letters, digits' },
    ],
  },
  {
    name: 'an unknown key in a JSON case file, with its line and column',
    file: 'cases.json',
    content:
      '{\n  "version": 1,\n  "cases": [\n    { "id": "a", "question": "q", "rootCauseKeywords": [], "requiredEvidenceTools": [],\n      "allowedVerdicts": ["PASS"], "tag": [] }\n  ]\n}\n',
    problems: [{ at: 'cases.json:5:36: cases[0].tag:', found: 'unknown key "tag"', expected: 'did you mean "tags"?' }],
  },
  {
    name: 'a JSON case file that is not valid JSON',
    file: 'cases.json',
    content: '{\n  "version": 1,\n  "cases": [,]\n}\n',
    problems: [{ at: 'cases.json:3:13:', found: 'not valid JSON', expected: 'at line 3, column 13' }],
  },
  {
    name: 'a file that is not UTF-8 (Latin-1 é)',
    content: Buffer.concat([Buffer.from('version: 1\ncases:\n  - id: caf'), Buffer.from([0xe9]), Buffer.from('\n')]),
    problems: [
      {
        at: 'cases.yaml:',
        found: 'not UTF-8 text (byte 0xe9 at offset 29, line 3, is not valid UTF-8)',
        expected: 'expected a UTF-8 encoded file',
      },
    ],
  },
];

describe('loadCaseFile: every bad input is an InputError naming file, place, path, found and expected', () => {
  it.each(BAD_INPUTS)('$name', async (row) => {
    const problems = await problemsOf(row.content, row.file ?? 'cases.yaml');
    expect(problems).toHaveLength(row.problems.length);
    row.problems.forEach((expected, index) => {
      const problem = problems[index] ?? '';
      expect(problem.startsWith(`${expected.at} `), `"${problem}" should start with "${expected.at}"`).toBe(true);
      if (expected.found !== undefined) expect(problem).toContain(expected.found);
      expect(problem).toContain(expected.expected);
      expect(problem).not.toContain('\n');
    });
  });

  it('lists every problem, not only the first: a file with three problems gives three lines', async () => {
    const problems = await problemsOf(
      caseFileYaml([
        caseYaml('a', ['minKeywordCoverage: 2']),
        caseYaml('a').replace('allowedVerdicts: [PASS]', 'allowedVerdicts: [MAYBE]'),
      ]),
    );
    expect(problems).toHaveLength(3);
    expect(problems).toEqual(
      expect.arrayContaining([
        expect.stringMatching(
          /^cases\.yaml:8:5: cases\[0\]\.minKeywordCoverage: found 2, expected a number from 0 to 1$/u,
        ),
        expect.stringMatching(/^cases\.yaml:9:5: cases\[1\]\.id: duplicate case id "a"/u),
        expect.stringMatching(
          /^cases\.yaml:13:23: cases\[1\]\.allowedVerdicts\[0\]: found unknown verdict "MAYBE", expected one of PASS, REVISE, REJECT$/u,
        ),
      ]),
    );
  });

  it('reports problems the schema finds and problems found beyond it together (unknown key, duplicate id, escaping fixture, audit)', async () => {
    const problems = await problemsOf(
      caseFileYaml([
        caseYaml('a', ['requiredEvidenceTool: [queryLogs]']),
        caseYaml('a', ['traceFixture: ../a.json']),
        caseYaml('b', ['audit: { v2: true, composerOutput: false }']),
      ]),
    );
    expect(problems.map((problem) => problem.replace(/^cases\.yaml:\d+:\d+: /u, '').split(':')[0])).toEqual([
      'cases[0].requiredEvidenceTool',
      'cases[1].id',
      'cases[1].traceFixture',
      'cases[2].audit',
    ]);
  });

  it('an unreadable case file names the file', async () => {
    await expect(loadCaseFile(join(tempDir(), 'missing.yaml'), 'eval/missing.yaml', DEFAULT_CONTRACT)).rejects.toThrow(
      /^eval\/missing\.yaml: cannot read the file \(no such file\)$/u,
    );
  });
});

describe('loadCaseFile: budget.maxTokens (S42)', () => {
  const withTokens = (budget: string) =>
    [
      'version: 1',
      'defaults:',
      '  budget: { maxTokens: 20000 }',
      'cases:',
      '  - id: a',
      '    question: q',
      '    rootCauseKeywords: [x]',
      '    requiredEvidenceTools: []',
      '    allowedVerdicts: [PASS]',
      `    budget: ${budget}`,
      '',
    ].join('\n');

  it('S42 is inherited from defaults key by key, beside the other budgets', async () => {
    const [inherited] = await load(withTokens('{ maxToolCalls: 4 }'));
    expect(inherited?.budget).toEqual({ maxToolCalls: 4, maxTokens: 20000 });
    const [own] = await load(withTokens('{ maxTokens: 500 }'));
    expect(own?.budget).toEqual({ maxTokens: 500 });
  });

  it.each(['-1', '1.5', '"many"'])(
    'S42 maxTokens %s is refused: a whole number of tokens, 0 or more',
    async (value) => {
      const problems = await problemsOf(withTokens(`{ maxTokens: ${value} }`));
      expect(problems).toEqual([
        expect.stringMatching(
          /^cases\.yaml:10:\d+: cases\[0\]\.budget\.maxTokens: .*expected a whole number of tokens/u,
        ),
      ]);
    },
  );
});

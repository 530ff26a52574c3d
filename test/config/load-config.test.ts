import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_CONTRACT } from '../../src/config/contract.js';
import { loadConfig } from '../../src/config/load-config.js';
import { InputError } from '../../src/io/errors.js';
import { writeFiles } from '../helpers/project.js';
import { useTempDirs } from '../helpers/temp-dir.js';

const tempDir = useTempDirs();

async function configProblems(cwd: string, explicitPath: string | null = null): Promise<string[]> {
  let error: unknown = null;
  try {
    await loadConfig(cwd, explicitPath);
  } catch (caught) {
    error = caught;
  }
  expect(error, 'the config file should have been rejected').toBeInstanceOf(InputError);
  return (error as InputError).problems;
}

describe('loadConfig', () => {
  it('without a config file, every setting is unset and the contract is the default', async () => {
    const cwd = tempDir();
    expect(await loadConfig(cwd, null)).toEqual({
      file: null,
      cases: null,
      fixtures: null,
      out: null,
      baselineDir: null,
      contract: DEFAULT_CONTRACT,
      checks: {},
    });
  });

  it('finds diag-eval.config.yaml in the working directory; its paths are relative to its folder', async () => {
    const cwd = tempDir();
    writeFiles(cwd, {
      'diag-eval.config.yaml':
        'cases: suite/cases.yaml\nfixtures: suite/traces\nout: reports\nbaselineDir: ../shared/baseline\n',
    });
    expect(await loadConfig(cwd, null)).toEqual({
      file: join(cwd, 'diag-eval.config.yaml'),
      cases: join(cwd, 'suite', 'cases.yaml'),
      fixtures: join(cwd, 'suite', 'traces'),
      out: join(cwd, 'reports'),
      baselineDir: join(cwd, '..', 'shared', 'baseline'),
      contract: DEFAULT_CONTRACT,
      checks: {},
    });
  });

  it('finds diag-eval.config.json in the working directory', async () => {
    const cwd = tempDir();
    writeFiles(cwd, { 'diag-eval.config.json': { out: 'json-out' } });
    const config = await loadConfig(cwd, null);
    expect(config.file).toBe(join(cwd, 'diag-eval.config.json'));
    expect(config.out).toBe(join(cwd, 'json-out'));
  });

  it("an explicit --config elsewhere: paths resolve against that file's folder, not the working directory", async () => {
    const cwd = tempDir();
    writeFiles(cwd, {
      'diag-eval.config.yaml': 'out: ignored\n',
      'settings/eval.yaml': 'cases: cases.yaml\nout: ../out\n',
    });
    const config = await loadConfig(cwd, 'settings/eval.yaml');
    expect(config.file).toBe(join(cwd, 'settings', 'eval.yaml'));
    expect(config.cases).toBe(join(cwd, 'settings', 'cases.yaml'));
    expect(config.out).toBe(join(cwd, 'out'));
    expect(config.fixtures).toBeNull();
  });

  it('applies contract overrides over the defaults, upper-casing verdicts and merging degradedOutput key by key', async () => {
    const cwd = tempDir();
    writeFiles(cwd, {
      'diag-eval.config.yaml': [
        'contract:',
        '  verdicts: [approve, revise, deny]',
        '  passVerdict: approve',
        '  rejectVerdict: Deny',
        '  protocolMarkers: [internal_json]',
        '  degradedOutput:',
        '    maxDraftOverlap: 0.3',
        '',
      ].join('\n'),
    });
    const { contract } = await loadConfig(cwd, null);
    expect(contract).toEqual({
      ...DEFAULT_CONTRACT,
      verdicts: ['APPROVE', 'REVISE', 'DENY'],
      passVerdict: 'APPROVE',
      rejectVerdict: 'DENY',
      claimVerifications: DEFAULT_CONTRACT.claimVerifications,
      protocolMarkers: ['internal_json'],
      degradedOutput: { markers: DEFAULT_CONTRACT.degradedOutput.markers, maxDraftOverlap: 0.3 },
      completedStatuses: DEFAULT_CONTRACT.completedStatuses,
      gatekeeperStatuses: DEFAULT_CONTRACT.gatekeeperStatuses,
      emptyResultMarkers: DEFAULT_CONTRACT.emptyResultMarkers,
      toolNames: [],
    });
  });

  it('S34 S35 S36 S38: the contract values of the semantic checks can be overridden', async () => {
    const cwd = tempDir();
    writeFiles(cwd, {
      'diag-eval.config.yaml': [
        'contract:',
        '  completedStatuses: [COMPLETED, SUCCEEDED]',
        '  gatekeeperStatuses: [pass, fail, skipped]',
        '  emptyResultMarkers: ["[]", "no data", "结果为空"]',
        '  toolNames: [queryTraces, kubectl_describe]',
        '',
      ].join('\n'),
    });
    const { contract } = await loadConfig(cwd, null);
    expect(contract).toMatchObject({
      completedStatuses: ['COMPLETED', 'SUCCEEDED'],
      gatekeeperStatuses: ['pass', 'fail', 'skipped'],
      emptyResultMarkers: ['[]', 'no data', '结果为空'],
      toolNames: ['queryTraces', 'kubectl_describe'],
    });
  });

  it('S35 S36: an empty completedStatuses or gatekeeperStatuses list is an error', async () => {
    const cwd = tempDir();
    writeFiles(cwd, {
      'diag-eval.config.yaml': 'contract:\n  completedStatuses: []\n  gatekeeperStatuses: []\n  toolNames: [7]\n',
    });
    const problems = await configProblems(cwd);
    expect(problems).toHaveLength(3);
    expect(problems.join('\n')).toContain('completedStatuses');
    expect(problems.join('\n')).toContain('expected at least one completed status');
    expect(problems.join('\n')).toContain('expected at least one gatekeeper status');
    expect(problems.join('\n')).toContain('toolNames');
  });

  it('an empty config file means no settings', async () => {
    const cwd = tempDir();
    writeFiles(cwd, { 'diag-eval.config.yaml': '' });
    const config = await loadConfig(cwd, null);
    expect(config.cases).toBeNull();
    expect(config.contract).toEqual(DEFAULT_CONTRACT);
  });

  it('an unknown key is an error naming file, line, path and the key probably meant', async () => {
    const cwd = tempDir();
    writeFiles(cwd, { 'diag-eval.config.yaml': 'cases: eval/cases.yaml\nfixture: eval/traces\n' });
    expect(await configProblems(cwd)).toEqual([
      'diag-eval.config.yaml:2:1: fixture: unknown key "fixture" (did you mean "fixtures"?)',
    ]);
  });

  it('an unknown key inside the contract block is an error too', async () => {
    const cwd = tempDir();
    writeFiles(cwd, { 'diag-eval.config.yaml': 'contract:\n  verdict: [PASS]\n' });
    expect(await configProblems(cwd)).toEqual([
      'diag-eval.config.yaml:2:3: contract.verdict: unknown key "verdict" (did you mean "verdicts"?)',
    ]);
  });

  it('a passVerdict that is not one of the verdicts is an error naming its line', async () => {
    const cwd = tempDir();
    writeFiles(cwd, { 'diag-eval.config.yaml': 'contract:\n  passVerdict: OK\n' });
    expect(await configProblems(cwd)).toEqual([
      'diag-eval.config.yaml:2:3: contract.passVerdict: found "OK", expected one of verdicts (PASS, REVISE, REJECT)',
    ]);
  });

  it('verdicts that leave out the default passVerdict are an error', async () => {
    const cwd = tempDir();
    writeFiles(cwd, { 'diag-eval.config.yaml': 'contract:\n  verdicts: [OK, REJECT]\n' });
    const problems = await configProblems(cwd);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(
      /^diag-eval\.config\.yaml:2:3: contract\.verdicts: found OK, REJECT without the default passVerdict "PASS"/u,
    );
  });

  it('an empty verdicts list is one problem, not also a pass and a reject verdict missing from nothing', async () => {
    const cwd = tempDir();
    writeFiles(cwd, { 'diag-eval.config.yaml': 'contract:\n  verdicts: []\n' });
    expect(await configProblems(cwd)).toEqual([
      'diag-eval.config.yaml:2:3: contract.verdicts: found a list of 0, expected at least one verdict',
    ]);
  });

  it('every problem is listed at once: schema problems and a bad passVerdict together', async () => {
    const cwd = tempDir();
    writeFiles(cwd, { 'diag-eval.config.yaml': 'contract:\n  passVerdict: OK\n  rejectVerdict: 5\nouts: x\n' });
    const problems = await configProblems(cwd);
    expect(problems).toHaveLength(3);
    expect(problems).toEqual(
      expect.arrayContaining([
        'diag-eval.config.yaml:3:3: contract.rejectVerdict: found 5, expected text',
        'diag-eval.config.yaml:4:1: outs: unknown key "outs" (did you mean "out"?)',
        'diag-eval.config.yaml:2:3: contract.passVerdict: found "OK", expected one of verdicts (PASS, REVISE, REJECT)',
      ]),
    );
  });

  it('a setting of the wrong type names what was found and expected', async () => {
    const cwd = tempDir();
    writeFiles(cwd, { 'diag-eval.config.yaml': 'out: [a, b]\ncontract:\n  degradedOutput: { maxDraftOverlap: 2 }\n' });
    expect(await configProblems(cwd)).toEqual([
      'diag-eval.config.yaml:1:1: out: found a list of 2, expected a path',
      'diag-eval.config.yaml:3:21: contract.degradedOutput.maxDraftOverlap: found 2, expected a number from 0 to 1',
    ]);
  });

  it('a --config that does not exist is an error naming it and what was expected there', async () => {
    const cwd = tempDir();
    expect(await configProblems(cwd, 'nope.yaml')).toEqual([
      'nope.yaml: cannot read the file (no such file); expected a YAML or JSON config file (--config FILE)',
    ]);
  });

  it('a config file with a YAML syntax error names the line', async () => {
    const cwd = tempDir();
    writeFiles(cwd, { 'diag-eval.config.yaml': 'cases: a\nout: b: c\n' });
    const problems = await configProblems(cwd);
    expect(problems[0]).toMatch(/^diag-eval\.config\.yaml:2:\d+: YAML syntax error: /u);
  });
});

describe('loadConfig: the lexicon (S67)', () => {
  it('S67 contract.lexicon adds words to the lists it names, by direction for the directed ones', async () => {
    const cwd = tempDir();
    writeFiles(cwd, {
      'diag-eval.config.yaml':
        'contract:\n  lexicon:\n    speculation: ["wild hunch", 瞎猜]\n    negation: { following: [nixed] }\n',
    });
    const { contract } = await loadConfig(cwd, null);
    expect(contract.lexicon).toEqual({ speculation: ['wild hunch', '瞎猜'], negation: { following: ['nixed'] } });
  });

  it('S69 contract.lexicon takes the ranking and label lists, labelCopulas by direction; bad entries are config errors, every one', async () => {
    const cwd = tempDir();
    writeFiles(cwd, {
      'diag-eval.config.yaml':
        'contract:\n  lexicon:\n    rankingWords: [by likelihood]\n    labelCopulas: { preceding: [""] }\n    rankColumns: [3]\n    labelLeads: { following: [x] }\n',
    });
    expect(await configProblems(cwd)).toEqual([
      expect.stringMatching(
        /^diag-eval\.config\.yaml:6:\d+: contract\.lexicon\.labelLeads: found .*expected a list of words/u,
      ),
      expect.stringMatching(
        /^diag-eval\.config\.yaml:4:\d+: contract\.lexicon\.labelCopulas\.preceding\[0\]: found "", expected non-empty text$/u,
      ),
      expect.stringMatching(
        /^diag-eval\.config\.yaml:5:\d+: contract\.lexicon\.rankColumns\[0\]: found 3, expected text$/u,
      ),
    ]);
    writeFiles(cwd, {
      'diag-eval.config.yaml':
        'contract:\n  lexicon:\n    rankingWords: [by likelihood, 按影响排序]\n    labelCopulas: { following: [boils down to] }\n',
    });
    const { contract } = await loadConfig(cwd, null);
    expect(contract.lexicon).toEqual({
      rankingWords: ['by likelihood', '按影响排序'],
      labelCopulas: { following: ['boils down to'] },
    });
  });

  it('S67 lexicon entries that are empty or not text, and unknown lists, are config errors naming file, line, field, found and expected, every one', async () => {
    const cwd = tempDir();
    writeFiles(cwd, {
      'diag-eval.config.yaml':
        'contract:\n  lexicon:\n    speculation: ["", 3]\n    negation: { following: [""] }\n    guesses: [x]\n',
    });
    const problems = await configProblems(cwd);
    expect(problems).toEqual([
      expect.stringMatching(
        /^diag-eval\.config\.yaml:4:\d+: contract\.lexicon\.negation\.following\[0\]: found "", expected non-empty text$/u,
      ),
      expect.stringMatching(
        /^diag-eval\.config\.yaml:3:\d+: contract\.lexicon\.speculation\[0\]: found "", expected non-empty text$/u,
      ),
      expect.stringMatching(
        /^diag-eval\.config\.yaml:3:\d+: contract\.lexicon\.speculation\[1\]: found 3, expected text$/u,
      ),
      expect.stringMatching(/^diag-eval\.config\.yaml:5:\d+: contract\.lexicon\.guesses: .*unknown key "guesses"/u),
    ]);
  });
});

describe('loadConfig: assertion triggers (S33)', () => {
  it('S33 negationTriggers and hedgeTriggers add to the contract', async () => {
    const cwd = tempDir();
    writeFiles(cwd, {
      'diag-eval.config.yaml':
        'contract:\n  negationTriggers: [dismissed, "...was dismissed"]\n  hedgeTriggers: [大概率]\n',
    });
    const { contract } = await loadConfig(cwd, null);
    expect(contract.negationTriggers).toEqual(['dismissed', '...was dismissed']);
    expect(contract.hedgeTriggers).toEqual(['大概率']);
  });

  it('S33 triggers that are not text are config errors naming file, line, field, found and expected, every one', async () => {
    const cwd = tempDir();
    writeFiles(cwd, { 'diag-eval.config.yaml': 'contract:\n  negationTriggers: [3, ""]\n  hedgeTriggers: maybe\n' });
    const problems = await configProblems(cwd);
    expect(problems).toEqual([
      expect.stringMatching(
        /^diag-eval\.config\.yaml:2:\d+: contract\.negationTriggers\[0\]: found 3, expected text$/u,
      ),
      expect.stringMatching(
        /^diag-eval\.config\.yaml:2:\d+: contract\.negationTriggers\[1\]: found "", expected non-empty text$/u,
      ),
      expect.stringMatching(
        /^diag-eval\.config\.yaml:3:\d+: contract\.hedgeTriggers: found "maybe", expected a list of trigger words/u,
      ),
    ]);
  });
});

import { describe, expect, it } from 'vitest';
import type { EvalCase } from '../../src/cases/types.js';
import { loadSettingsCases } from '../../src/cli/load-settings-cases.js';
import { resolveSettings } from '../../src/cli/settings.js';
import { DEFAULT_CONTRACT } from '../../src/config/contract.js';
import { synonymsOf } from '../../src/mutate/case-text.js';
import { OPERATORS } from '../../src/mutate/operators/index.js';
import { runMutation } from '../../src/mutate/run-mutation.js';
import { fixtureFolder, readFixture } from '../../src/sources/fixture-dir.js';
import { REPO_ROOT } from '../helpers/project.js';

/** What a surviving mutant of each operator must suggest: the change that would make some case notice it. */
const REMEDY: Record<string, RegExp> = {
  'drop-evidence-tool': /add it to requiredEvidenceTools/u,
  'fail-evidence-tool': /requiredEvidenceTools|evidence-substance/u,
  'empty-evidence-result': /requiredEvidenceTools|evidence-substance/u,
  'disallowed-verdict': /allowedVerdicts|forbiddenVerdicts/u,
  'remove-verdict': /verdict-present/u,
  'delete-concept': /mark it required|keyword-coverage/u,
  'negate-root-cause': /mark it required|assertion-aware/u,
  'hedge-root-cause': /mark it required|assertion-aware/u,
  'replace-root-cause': /mark it required|assertion-aware/u,
  'add-forbidden-text': /forbidden/u,
  'paste-rejected-draft': /degraded-output/u,
  'leak-executor-json': /audit\.v2|no-raw-structure/u,
  'double-tool-calls': /budget\.maxToolCalls/u,
  'double-duration': /budget\.maxDurationMs/u,
  'repeat-call': /no-redundant-tool-calls/u,
  'ungrounded-figure': /numeric-grounding/u,
  'cite-uncalled-tool': /contract\.toolNames/u,
  'verdict-before-evidence': /evidence-before-verdict/u,
  'drop-audit-field': /audit\.v2/u,
  'unsupported-claim-check': /audit\.v2|audit-consistency/u,
  'run-not-completed': /run-completed/u,
};

async function bundledMutation(weaken: ((evalCase: EvalCase) => EvalCase) | null = null) {
  const settings = await resolveSettings(REPO_ROOT, {});
  const cases = await loadSettingsCases(settings, REPO_ROOT);
  const contract = weaken === null ? settings.config.contract : DEFAULT_CONTRACT;
  return runMutation(
    weaken === null ? cases : cases.map(weaken),
    (evalCase) => readFixture(fixtureFolder(settings.fixtures, REPO_ROOT), evalCase),
    contract,
  );
}

/** The bundled cases with only their verdict rules: what a first draft of a suite often looks like. */
function weakened(evalCase: EvalCase): EvalCase {
  return {
    ...evalCase,
    rootCauseKeywords: evalCase.rootCauseKeywords.map((concept) => synonymsOf(concept)),
    minKeywordCoverage: 0.5,
    requiredEvidenceTools: [],
    forbiddenAnswerKeywords: [],
    forbiddenConfirmedClaims: [],
    audit: { v2: false, claimChecks: false, composerOutput: false },
    budget: {},
  };
}

describe('the bundled suite under mutation (S64, S65)', () => {
  it('S64: every operator regresses some bundled trace, and each of its mutants is killed or suggests the right remedy', async () => {
    const report = await bundledMutation();
    expect(Object.keys(REMEDY).sort()).toEqual(OPERATORS.map((operator) => operator.id).sort());
    for (const operator of report.operators) expect(operator.mutants, operator.operator).toBeGreaterThan(0);
    for (const survivor of report.survivors) {
      expect(survivor.suggestion, `${survivor.caseId} ${survivor.operator}`).toMatch(
        REMEDY[survivor.operator] as RegExp,
      );
      expect(survivor.suggestion).toContain(`\`${survivor.caseId}\``);
    }
    for (const mutant of report.mutants) expect(mutant.killed).toBe(mutant.killedBy.length > 0);
    // The regressions the existing checks are built for are killed on every bundled case.
    for (const id of ['disallowed-verdict', 'remove-verdict', 'paste-rejected-draft']) {
      expect(report.operators.find((operator) => operator.operator === id)?.survived, id).toBe(0);
    }
  });

  it('S64: the strengthened bundled suite scores at least 95%', async () => {
    const report = await bundledMutation();
    expect(report.summary.skippedCases).toBe(0);
    expect(report.summary.score).toBeGreaterThanOrEqual(0.95);
  });

  it('S64: on a weak draft of the bundled suite, the survivors of every operator that has some suggest the remedy', async () => {
    const report = await bundledMutation(weakened);
    expect(report.summary.score).toBeLessThan(0.8);
    const operatorsWithSurvivors = new Set(report.survivors.map((survivor) => survivor.operator));
    for (const id of [
      'drop-evidence-tool',
      'delete-concept',
      'negate-root-cause',
      'add-forbidden-text',
      'double-tool-calls',
      'double-duration',
      'cite-uncalled-tool',
      'drop-audit-field',
    ]) {
      expect(operatorsWithSurvivors.has(id), id).toBe(true);
    }
    for (const survivor of report.survivors) {
      expect(survivor.suggestion, `${survivor.caseId} ${survivor.operator}`).toMatch(
        REMEDY[survivor.operator] as RegExp,
      );
    }
    const drop = report.survivors.find(
      (survivor) =>
        survivor.operator === 'drop-evidence-tool' &&
        survivor.caseId === 'order-cpu-spike-after-deploy' &&
        survivor.label === 'queryDeployments',
    );
    expect(drop?.suggestion).toBe(
      'case `order-cpu-spike-after-deploy` does not notice when `queryDeployments` is never called: add it to requiredEvidenceTools',
    );
  });

  it('S65: no meaning-preserving rewrite fails a bundled case', async () => {
    const report = await bundledMutation();
    expect(report.summary.variants).toBeGreaterThan(30);
    expect(report.fragile).toEqual([]);
  });
});

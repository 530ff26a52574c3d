import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import { describe, expect, it } from 'vitest';

import { contractWithTable, generatedFiles, readChecks } from '../../scripts/check-registry.mjs';
import { CHECKS } from '../../src/checks/index.js';
import { commandHelp } from '../../src/cli/help.js';
import { CHECK_IDS } from '../../src/model/check-ids.generated.js';
import { REPO_ROOT } from '../helpers/project.js';

/** The report order of the checks before the registry was generated; reports must keep it row for row. */
const REPORT_ORDER = [
  'trace-loadable',
  'evidence-coverage',
  'verdict-present',
  'verdict-allowed',
  'verdict-not-forbidden',
  'keyword-coverage',
  'single-conclusion',
  'forbidden-answer-keywords',
  'degraded-output',
  'v2-audit-fields',
  'gatekeeper-consistency',
  'claim-checks-auditable',
  'composer-output-auditable',
  'forbidden-confirmed-claims',
  'no-protocol-leak',
  'tool-call-budget',
  'duration-budget',
  'evidence-substance',
  'run-completed',
  'audit-consistency',
  'numeric-grounding',
  'cited-tools-called',
  'evidence-before-verdict',
  'no-raw-structure',
  'no-redundant-tool-calls',
  'token-budget',
];

describe('the check registry is generated from the check files', () => {
  it('the generated files are what the check files give (npm run build writes them)', () => {
    for (const [path, text] of Object.entries(generatedFiles(REPO_ROOT))) {
      expect(readFileSync(join(REPO_ROOT, path), 'utf8'), path).toBe(text);
    }
  });

  it('the check table of docs/contract.md §4 is what the check files give (npm run docs writes it)', () => {
    expect(readFileSync(join(REPO_ROOT, 'docs/contract.md'), 'utf8')).toBe(contractWithTable(REPO_ROOT));
  });

  it('orders the checks by their order field, which keeps the report order', () => {
    expect([...CHECK_IDS]).toEqual(REPORT_ORDER);
    expect(CHECKS.map((check) => check.id)).toEqual(REPORT_ORDER);
    const orders = CHECKS.map((check) => check.order);
    expect([...orders].sort((left, right) => left - right)).toEqual(orders);
  });

  it('reads the metadata the running checks carry, literal for literal', () => {
    const read = readChecks(join(REPO_ROOT, 'src/checks'));
    expect(
      read.map(({ id, order, spec, description, failsWhen, skippedWhen, defaultSeverity }) => ({
        id,
        order,
        spec,
        description,
        failsWhen,
        skippedWhen,
        defaultSeverity,
      })),
    ).toEqual(
      CHECKS.map(({ id, order, spec, description, failsWhen, skippedWhen, defaultSeverity }) => ({
        id,
        order,
        spec: [...spec],
        description,
        failsWhen,
        skippedWhen,
        defaultSeverity,
      })),
    );
  });

  it('`run --help` lists every check with its description, in report order', () => {
    const help = commandHelp('run');
    const positions = CHECKS.map((check) => help.indexOf(`  ${check.id} `));
    for (const [index, position] of positions.entries()) expect(position, CHECKS[index]?.id).toBeGreaterThan(-1);
    expect([...positions].sort((left, right) => left - right)).toEqual(positions);
    expect(help.replace(/\s+/gu, ' ')).toContain(CHECKS[1]?.description);
  });
});

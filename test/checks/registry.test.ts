import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

import { describe, expect, it } from 'vitest';

import { generatedDocs, generatedFiles, readChecks } from '../../scripts/check-registry.mjs';
import { CHECKS } from '../../src/checks/index.js';
import { commandHelp } from '../../src/cli/help.js';
import { CHECK_IDS, ERROR_ONLY_CHECK_IDS, SCAN_DEFAULT_CHECK_IDS } from '../../src/model/check-ids.generated.js';
import { REPO_ROOT } from '../helpers/project.js';

/**
 * The rows of the committed baseline reports (docs/eval/baseline), check ids in report order: the
 * registry must keep the order every committed report has, row for row.
 */
function baselineRowOrders(): string[][] {
  const report = JSON.parse(readFileSync(join(REPO_ROOT, 'docs/eval/baseline/report.json'), 'utf8')) as {
    cases: { checks: { check: string }[] }[];
  };
  return report.cases.map((result) => result.checks.map((row) => row.check));
}

/** A number of checks as the README writes it in words. */
const NUMBER_WORDS = ['', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine'];
const TENS = ['', '', 'twenty', 'thirty', 'forty'];
function inWords(count: number): string {
  const tens = Math.floor(count / 10);
  const ones = count % 10;
  return ones === 0 ? (TENS[tens] as string) : `${TENS[tens]}-${NUMBER_WORDS[ones]}`;
}

describe('the check registry is generated from the check files', () => {
  it('the generated files are what the check files give (npm run build writes them)', () => {
    for (const [path, text] of Object.entries(generatedFiles(REPO_ROOT))) {
      expect(readFileSync(join(REPO_ROOT, path), 'utf8'), path).toBe(text);
    }
  });

  it('the check table of docs/contract.md §4 and the index of docs/checks/ are what the check files give (npm run docs writes them)', () => {
    const docs = generatedDocs(REPO_ROOT);
    expect(Object.keys(docs)).toEqual(['docs/contract.md', 'docs/checks/README.md']);
    for (const [path, text] of Object.entries(docs)) {
      expect(readFileSync(join(REPO_ROOT, path), 'utf8'), path).toBe(text);
    }
  });

  it("docs/checks/ holds a page for every check and nothing else but its index (the pages are checked by the checks' tests)", () => {
    const pages = readdirSync(join(REPO_ROOT, 'docs/checks')).sort();
    expect(pages).toEqual(['README.md', ...CHECKS.map((check) => `${check.id}.md`)].sort());
    for (const check of CHECKS) {
      expect(readFileSync(join(REPO_ROOT, 'docs/checks/README.md'), 'utf8')).toContain(
        `[\`${check.id}\`](${check.id}.md)`,
      );
    }
  });

  it('orders the checks by their order field, which keeps the report order of the committed baseline', () => {
    expect(CHECKS.map((check) => check.id)).toEqual([...CHECK_IDS]);
    const rowOrders = baselineRowOrders();
    expect(new Set(rowOrders.flat())).toEqual(new Set(CHECK_IDS));
    for (const rows of rowOrders) expect(rows).toEqual(CHECK_IDS.filter((id) => rows.includes(id)));
    expect(Math.max(...rowOrders.map((rows) => rows.length))).toBe(CHECK_IDS.length);
    const orders = CHECKS.map((check) => check.order);
    expect([...orders].sort((left, right) => left - right)).toEqual(orders);
  });

  it('reads the metadata the running checks carry, literal for literal', () => {
    // The metadata a check file states as literals, as the generator reads it and as the check carries it.
    const metadata = (check: {
      id: string;
      order: number;
      spec: readonly string[];
      description: string;
      failsWhen: string;
      skippedWhen: string;
      inputs: readonly string[];
      defaultSeverity?: unknown;
      errorOnly?: unknown;
      scanByDefault?: unknown;
    }) => {
      const {
        id,
        order,
        spec,
        description,
        failsWhen,
        skippedWhen,
        inputs,
        defaultSeverity,
        errorOnly,
        scanByDefault,
      } = check;
      return {
        id,
        order,
        spec: [...spec],
        description,
        failsWhen,
        skippedWhen,
        inputs: [...inputs],
        defaultSeverity,
        errorOnly,
        scanByDefault,
      };
    };
    expect(readChecks(join(REPO_ROOT, 'src/checks')).map(metadata)).toEqual(CHECKS.map(metadata));
  });

  it('the lists of checks with a flag are read from the checks: the error-only checks and the scan defaults', () => {
    expect(ERROR_ONLY_CHECK_IDS).toEqual(CHECKS.filter((check) => check.errorOnly === true).map((check) => check.id));
    expect(ERROR_ONLY_CHECK_IDS).toEqual(['trace-loadable']);
    expect(SCAN_DEFAULT_CHECK_IDS).toEqual(
      CHECKS.filter((check) => check.scanByDefault === true).map((check) => check.id),
    );
    expect(SCAN_DEFAULT_CHECK_IDS.length).toBe(13);
  });

  it('the README counts the checks as the registry holds them', () => {
    const readme = readFileSync(join(REPO_ROOT, 'README.md'), 'utf8');
    expect(readme).toContain(`${inWords(CHECKS.length)} checks, each in its own file under \`src/checks/\``);
  });

  it('`run --help` lists every check with its description, in report order', () => {
    const help = commandHelp('run');
    const positions = CHECKS.map((check) => help.indexOf(`  ${check.id} `));
    for (const [index, position] of positions.entries()) expect(position, CHECKS[index]?.id).toBeGreaterThan(-1);
    expect([...positions].sort((left, right) => left - right)).toEqual(positions);
    expect(help.replace(/\s+/gu, ' ')).toContain(CHECKS[1]?.description);
  });
});

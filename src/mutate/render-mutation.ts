import { markdownText, tableRow } from '../view/markdown-escape.js';
import { percent } from '../view/static-page.js';
import type { MutantCounts, MutationReport } from './mutation-types.js';

/** mutation.json: the report as it is, two-space indented, one final newline. */
export function renderMutationJson(report: MutationReport): string {
  return `${JSON.stringify(report, null, 2)}\n`;
}

/** mutation.md: the score, the scores per operator and per case, every survivor's suggestion, the fragile cases. */
export function renderMutationMarkdown(report: MutationReport): string {
  const { summary } = report;
  const lines: string[] = [
    '# Mutation score',
    '',
    `**${percent(summary.score)}** of ${summary.mutants} regressed traces were noticed (${summary.killed} killed, ${summary.survived} survived), ` +
      `over ${summary.mutatedCases} of ${summary.cases} cases.` +
      (summary.minScore === null ? '' : ` Minimum score: ${percent(summary.minScore)}.`),
    '',
    `Meaning-preserving variants: ${summary.variants}, of which ${summary.fragileVariants} failed their case.`,
    '',
    '## Per operator',
    '',
    '| operator | mutants | killed | survived | score | what it does |',
    '|---|---:|---:|---:|---:|---|',
    ...report.operators.map((operator) => tableRow([operator.operator, ...countCells(operator), operator.description])),
    '',
    '## Per case',
    '',
    '| case | mutants | killed | survived | score | note |',
    '|---|---:|---:|---:|---:|---|',
    ...report.cases.map((score) => tableRow([score.caseId, ...countCells(score), score.reason ?? ''])),
    '',
    '## Surviving regressions and what would catch them',
    '',
  ];
  if (report.survivors.length === 0) lines.push('Every regressed trace failed its case.');
  for (const survivor of report.survivors)
    lines.push(`- \`${survivor.operator}\` (${survivor.label}): ${survivor.suggestion}`);
  lines.push('', '## Fragile cases (a meaning-preserving variant failed)', '');
  if (report.fragile.length === 0) lines.push('None: every meaning-preserving variant passed its case.');
  for (const variant of report.fragile) {
    const checks = variant.failedChecks.map((failed) => `${failed.check}: ${markdownText(failed.message)}`).join('; ');
    lines.push(`- case \`${variant.caseId}\`, \`${variant.rewrite}\` (${variant.label}): ${checks}`);
  }
  return `${lines.join('\n')}\n`;
}

/** The mutants, killed, survived and score columns of the per-operator and per-case tables (Markdown and HTML). */
export function countCells(counts: MutantCounts): string[] {
  return [String(counts.mutants), String(counts.killed), String(counts.survived), percent(counts.score)];
}

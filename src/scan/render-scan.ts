import { markdownText, tableRow } from '../view/markdown-escape.js';
import type { PolicyCheck } from './policies.js';
import type { ScanTally } from './scan-tally.js';

/** scan.json (docs/contract.md §1, `scan`). Key order here is the order written. */
export interface ScanReport {
  scanVersion: 1;
  summary: Pick<ScanTally, 'traces' | 'clean' | 'withErrors' | 'withWarnings'> & {
    /** Export input the importer left out (with --traces). */
    skippedInput: number;
  };
  policies: PolicyCheck[];
  checks: ScanTally['checks'];
  agents: ScanTally['agents'];
  worst: ScanTally['worst'];
  skippedInput: string[];
}

export function buildScanReport(tally: ScanTally, policies: PolicyCheck[], skippedInput: string[]): ScanReport {
  const { checks, agents, worst, ...totals } = tally;
  const summary = { ...totals, skippedInput: skippedInput.length };
  return { scanVersion: 1, summary, policies, checks, agents, worst, skippedInput };
}

export function renderScanJson(report: ScanReport): string {
  return `${JSON.stringify(report, null, 2)}\n`;
}

/** The scan's counts in one sentence, as scan.md and the command's summary line say them. */
export function scanHeadline(summary: ScanReport['summary']): string {
  return `${summary.traces} traces: ${summary.clean} clean, ${summary.withErrors} with an error violation, ${summary.withWarnings} with a warning`;
}

/** scan.md: the summary, violations per check, per agent, and the worst traces with their reasons. Pure. */
export function renderScanMarkdown(report: ScanReport): string {
  const { summary } = report;
  const lines = [
    '# Trace scan against policies',
    '',
    `**${scanHeadline(summary)}.**`,
    '',
    '## Violations per check',
    '',
    '| check | severity | violations | passed | skipped |',
    '|---|---|---:|---:|---:|',
    ...report.checks.map((check) =>
      tableRow([check.check, check.severity, String(check.violations), String(check.passed), String(check.skipped)]),
    ),
    '',
  ];
  if (report.agents.length > 0) {
    lines.push('## Per agent', '', '| agent | traces | with violations |', '|---|---:|---:|');
    for (const agent of report.agents)
      lines.push(tableRow([agent.agent, String(agent.traces), String(agent.withViolations)]));
    lines.push('');
  }
  lines.push(`## Worst traces (${report.worst.length})`, '');
  if (report.worst.length === 0) lines.push('No trace violates a policy.', '');
  else {
    lines.push('| trace | errors | warnings | violations |', '|---|---:|---:|---|');
    for (const offender of report.worst) {
      const reasons = offender.violations.map(
        (violation) => `${violation.check} (${violation.severity}): ${violation.message}`,
      );
      lines.push(tableRow([offender.trace, String(offender.errors), String(offender.warnings), reasons.join('\n')]));
    }
    lines.push('');
  }
  if (report.skippedInput.length > 0) {
    lines.push('## Skipped input', '', ...report.skippedInput.map((problem) => `- ${markdownText(problem)}`), '');
  }
  return lines.join('\n');
}

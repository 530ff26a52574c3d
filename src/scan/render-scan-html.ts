import { htmlText } from '../view/html-text.js';
import { code, num, staticPage, summaryCards, table } from '../view/static-page.js';
import type { ScanReport } from './render-scan.js';

/**
 * scan.html: scan.md as one self-contained page in the style of report.html, with no script.
 * Pure: the same report gives the same bytes; every text from the traces is escaped.
 */
export function renderScanHtml(report: ScanReport): string {
  const { summary } = report;
  const cards: [string, string][] = [
    ['traces', String(summary.traces)],
    ['clean', String(summary.clean)],
    ['with an error violation', String(summary.withErrors)],
    ['with a warning', String(summary.withWarnings)],
  ];
  if (summary.skippedInput > 0) cards.push(['input skipped', String(summary.skippedInput)]);
  return staticPage('diag-eval scan', 'traces against policies', [
    ...summaryCards(cards),
    '<h2>Violations per check</h2>',
    table(
      ['check', 'severity', 'violations', 'passed', 'skipped'],
      report.checks.map((check) => [
        code(check.check),
        htmlText(check.severity),
        num(check.violations),
        num(check.passed),
        num(check.skipped),
      ]),
    ),
    ...(report.agents.length === 0
      ? []
      : [
          '<h2>Per agent</h2>',
          table(
            ['agent', 'traces', 'with violations'],
            report.agents.map((agent) => [htmlText(agent.agent), num(agent.traces), num(agent.withViolations)]),
          ),
        ]),
    `<h2>Worst traces (${report.worst.length})</h2>`,
    table(
      ['trace', 'errors', 'warnings', 'violations'],
      report.worst.map((offender) => [
        code(offender.trace),
        num(offender.errors),
        num(offender.warnings),
        offender.violations
          .map(
            (violation) => `${code(violation.check)} (${htmlText(violation.severity)}): ${htmlText(violation.message)}`,
          )
          .join('<br>'),
      ]),
      'No trace violates a policy.',
    ),
    ...(report.skippedInput.length === 0
      ? []
      : [
          '<h2>Skipped input</h2>',
          `<ul>${report.skippedInput.map((problem) => `<li>${htmlText(problem)}</li>`).join('')}</ul>`,
        ]),
  ]);
}

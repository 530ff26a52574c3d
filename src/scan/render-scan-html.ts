import { htmlText } from '../view/html-text.js';
import { card, code, num, staticPage, table } from '../view/static-page.js';
import type { ScanReport } from './render-scan.js';

/**
 * scan.html: scan.md as one self-contained page in the style of report.html, with no script.
 * Pure: the same report gives the same bytes; every text from the traces is escaped.
 */
export function renderScanHtml(report: ScanReport): string {
  const { summary } = report;
  const cards = [
    card('traces', String(summary.traces)),
    card('clean', String(summary.clean)),
    card('with an error violation', String(summary.withErrors)),
    card('with a warning', String(summary.withWarnings)),
  ];
  if (summary.skippedInput > 0) cards.push(card('input skipped', String(summary.skippedInput)));
  return staticPage('diag-eval scan', 'traces against policies', [
    '<h2>Summary</h2>',
    `<div class="cards">${cards.join('')}</div>`,
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
    report.worst.length === 0
      ? '<p class="empty">No trace violates a policy.</p>'
      : table(
          ['trace', 'errors', 'warnings', 'violations'],
          report.worst.map((offender) => [
            code(offender.trace),
            num(offender.errors),
            num(offender.warnings),
            offender.violations
              .map(
                (violation) =>
                  `${code(violation.check)} (${htmlText(violation.severity)}): ${htmlText(violation.message)}`,
              )
              .join('<br>'),
          ]),
        ),
    ...(report.skippedInput.length === 0
      ? []
      : [
          '<h2>Skipped input</h2>',
          `<ul>${report.skippedInput.map((problem) => `<li>${htmlText(problem)}</li>`).join('')}</ul>`,
        ]),
  ]);
}

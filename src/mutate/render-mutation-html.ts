import { htmlText } from '../view/html-text.js';
import { card, code, num, percent, staticPage, table } from '../view/static-page.js';
import type { MutationReport } from './mutation-types.js';

/**
 * mutation.html: the mutation report as one self-contained page in the style of report.html (the
 * same stylesheet, inlined). Everything is drawn here, so the page needs no script at all: its
 * Content-Security-Policy allows inline styles and nothing else. Pure: the same report gives the
 * same bytes; every text taken from the report is escaped.
 */
export function renderMutationHtml(report: MutationReport, caseFile: string | null): string {
  const { summary } = report;
  const cards = [
    card('mutation score', percent(summary.score)),
    card('mutants', String(summary.mutants)),
    card('killed', String(summary.killed)),
    card('survived', String(summary.survived)),
    card('cases mutated', `${summary.mutatedCases} of ${summary.cases}`),
    card('fragile variants', `${summary.fragileVariants} of ${summary.variants}`),
  ];
  if (summary.minScore !== null) cards.push(card('minimum score', percent(summary.minScore)));
  return staticPage('diag-eval mutate', caseFile === null ? '' : `cases: ${caseFile}`, [
    '<h2>Summary</h2>',
    `<div class="cards">${cards.join('')}</div>`,
    '<h2>Per operator</h2>',
    table(
      ['operator', 'mutants', 'killed', 'survived', 'score', 'what it does'],
      report.operators.map((operator) => [
        code(operator.operator),
        num(operator.mutants),
        num(operator.killed),
        num(operator.survived),
        num(percent(operator.score)),
        htmlText(operator.description),
      ]),
    ),
    '<h2>Per case</h2>',
    table(
      ['case', 'mutants', 'killed', 'survived', 'score', 'note'],
      report.cases.map((score) => [
        code(score.caseId),
        num(score.mutants),
        num(score.killed),
        num(score.survived),
        num(percent(score.score)),
        htmlText(score.reason ?? ''),
      ]),
    ),
    '<h2>Surviving regressions and what would catch them</h2>',
    report.survivors.length === 0
      ? '<p class="empty">Every regressed trace failed its case.</p>'
      : table(
          ['case', 'operator', 'mutant', 'suggestion'],
          report.survivors.map((survivor) => [
            code(survivor.caseId),
            code(survivor.operator),
            htmlText(survivor.label),
            htmlText(survivor.suggestion),
          ]),
        ),
    '<h2>Fragile cases (a meaning-preserving variant failed)</h2>',
    report.fragile.length === 0
      ? '<p class="empty">None: every meaning-preserving variant passed its case.</p>'
      : table(
          ['case', 'rewrite', 'variant', 'failing checks'],
          report.fragile.map((variant) => [
            code(variant.caseId),
            code(variant.rewrite),
            htmlText(variant.label),
            variant.failedChecks.map((failed) => `${code(failed.check)} ${htmlText(failed.message)}`).join('<br>'),
          ]),
        ),
  ]);
}

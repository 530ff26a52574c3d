import { htmlText } from '../view/html-text.js';
import { code, num, percent, staticPage, summaryCards, table } from '../view/static-page.js';
import type { MutationReport } from './mutation-types.js';
import { countCells } from './render-mutation.js';

/**
 * mutation.html: the mutation report as one self-contained page in the style of report.html (the
 * same stylesheet, inlined). Everything is drawn here, so the page needs no script at all: its
 * Content-Security-Policy allows inline styles and nothing else. Pure: the same report gives the
 * same bytes; every text taken from the report is escaped.
 */
export function renderMutationHtml(report: MutationReport, caseFile: string | null): string {
  const { summary } = report;
  const cards: [string, string][] = [
    ['mutation score', percent(summary.score)],
    ['mutants', String(summary.mutants)],
    ['killed', String(summary.killed)],
    ['survived', String(summary.survived)],
    ['cases mutated', `${summary.mutatedCases} of ${summary.cases}`],
    ['fragile variants', `${summary.fragileVariants} of ${summary.variants}`],
  ];
  if (summary.minScore !== null) cards.push(['minimum score', percent(summary.minScore)]);
  return staticPage('diag-eval mutate', caseFile === null ? '' : `cases: ${caseFile}`, [
    ...summaryCards(cards),
    '<h2>Per operator</h2>',
    table(
      ['operator', 'mutants', 'killed', 'survived', 'score', 'what it does'],
      report.operators.map((operator) => [
        code(operator.operator),
        ...countCells(operator).map(num),
        htmlText(operator.description),
      ]),
    ),
    '<h2>Per case</h2>',
    table(
      ['case', 'mutants', 'killed', 'survived', 'score', 'note'],
      report.cases.map((score) => [code(score.caseId), ...countCells(score).map(num), htmlText(score.reason ?? '')]),
    ),
    '<h2>Surviving regressions and what would catch them</h2>',
    table(
      ['case', 'operator', 'mutant', 'suggestion'],
      report.survivors.map((survivor) => [
        code(survivor.caseId),
        code(survivor.operator),
        htmlText(survivor.label),
        htmlText(survivor.suggestion),
      ]),
      'Every regressed trace failed its case.',
    ),
    '<h2>Fragile cases (a meaning-preserving variant failed)</h2>',
    table(
      ['case', 'rewrite', 'variant', 'failing checks'],
      report.fragile.map((variant) => [
        code(variant.caseId),
        code(variant.rewrite),
        htmlText(variant.label),
        variant.failedChecks.map((failed) => `${code(failed.check)} ${htmlText(failed.message)}`).join('<br>'),
      ]),
      'None: every meaning-preserving variant passed its case.',
    ),
  ]);
}

import { problemAt, type StructuredFile } from '../io/structured-file.js';
import { isRecord } from '../io/validation/is-record.js';

/**
 * A report of repeated runs (summary.repeat K) gives each case K runs, or one when its fixture
 * folder held only its plain fixture (S75). A case with another number of runs would make its
 * pass counts incomparable with the other cases' (S77): it is refused, naming the case.
 */
export function runCountProblems(file: StructuredFile): string[] {
  const data = file.value;
  if (!isRecord(data) || !isRecord(data['summary']) || !Array.isArray(data['cases'])) return [];
  const repeat = data['summary']['repeat'];
  // Not a whole number ≥ 0: the schema names it, and no case's runs could be measured against it.
  if (typeof repeat !== 'number' || !Number.isSafeInteger(repeat) || repeat < 0) return [];
  // The schema lets a count be 0, but no run asks each case zero times.
  if (repeat === 0)
    return [
      problemAt(file, ['summary', 'repeat'], 'found 0, expected the runs per case (--repeat K), a whole number from 1'),
    ];
  const problems: string[] = [];
  data['cases'].forEach((caseResult: unknown, index: number) => {
    if (!isRecord(caseResult) || !Array.isArray(caseResult['runs'])) return;
    const runs = caseResult['runs'].length;
    if (runs === repeat || runs === 1) return;
    problems.push(
      problemAt(
        file,
        ['cases', index, 'runs'],
        `found ${runs} runs of case ${JSON.stringify(caseResult['caseId'])}; expected ${repeat} (summary.repeat) or 1, the same runs per case`,
      ),
    );
  });
  return problems;
}

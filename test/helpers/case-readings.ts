import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { type LocatedCases, loadCaseSequence, loadLocatedCaseFile } from '../../src/cases/case-lines.js';
import { CasesReadOneAtATime } from '../../src/cases/json-cases-one-at-a-time.js';
import { DEFAULT_CONTRACT } from '../../src/config/contract.js';
import { InputError } from '../../src/io/errors.js';

/**
 * A run reads a valid JSON case file a case at a time (loadCaseSequence), and anything else
 * whole (loadLocatedCaseFile): either way it must get the same cases, in the same order, with
 * the same lines, or the same problems, every one at once.
 */
type Outcome = { cases: unknown[]; lines: (number | null)[] } | { problems: string[] };

async function outcome(load: () => Promise<{ cases: Iterable<unknown> } & Lines>): Promise<Outcome> {
  try {
    const located = await load();
    const cases = Array.from(located.cases);
    return { cases, lines: cases.map((evalCase) => located.line((evalCase as { id: string }).id)) };
  } catch (error) {
    if (!(error instanceof InputError)) throw error;
    return { problems: error.problems };
  }
}

interface Lines {
  line(caseId: string): number | null;
}

function wholeLines(located: LocatedCases): Lines {
  return { line: (caseId) => located.lineOf(located.cases.findIndex((evalCase) => evalCase.id === caseId)) };
}

/** Both readings of a file of the text `text` in a new temporary folder: the outcome of each, and whether the run's read it a case at a time. */
export function readingsIn(tempDir: () => string) {
  return async function bothReadings(text: string | Buffer, severities: Record<string, 'warn'> = {}) {
    const path = join(tempDir(), 'cases.json');
    writeFileSync(path, text);
    let oneAtATime = false;
    const run = await outcome(async () => {
      // Read a case at a time from any size on, so that small files show what a large one gets.
      const located = await loadCaseSequence(path, 'cases.json', DEFAULT_CONTRACT, true, severities, 0);
      oneAtATime = located.cases instanceof CasesReadOneAtATime;
      return { cases: located.cases, line: (caseId: string) => located.lineOfCase(caseId) };
    });
    const whole = await outcome(async () => {
      const located = await loadLocatedCaseFile(path, 'cases.json', DEFAULT_CONTRACT, true, severities);
      return { cases: located.cases, ...wholeLines(located) };
    });
    return { run, whole, oneAtATime };
  };
}

/** A case file as indented JSON. */
export const indented = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;

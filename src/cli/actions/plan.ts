import { loadReportFile } from '../../diff/load-report.js';
import { planRuns } from '../../diff/plan-runs.js';
import { DEFAULT_ALPHA, PLAN_POWER } from '../../diff/significance.js';
import { InputError } from '../../io/errors.js';
import { displayPath } from '../../io/files/display-path.js';
import { noPositionals, numberFlag, type ParsedValues, pathFlag } from '../args.js';
import type { CliIo } from '../io.js';

/** S78: the runs per case a drop of `--detect` needs to be told from noise, from the baseline's run pass rates. */
export async function planCommand(values: ParsedValues, positionals: string[], io: CliIo): Promise<number> {
  noPositionals('plan', positionals);
  const path = pathFlag(values, 'baseline', io.cwd);
  if (path === null)
    throw new InputError('diag-eval plan: found no --baseline; expected --baseline REPORT (a report.json)');
  const detect = numberFlag('plan', values, 'detect');
  if (detect === null)
    throw new InputError('diag-eval plan: found no --detect; expected --detect D, 0 < D < 1 (e.g. 0.2)');
  const power = numberFlag('plan', values, 'power') ?? PLAN_POWER;
  const alpha = numberFlag('plan', values, 'alpha') ?? DEFAULT_ALPHA;
  const baseline = await loadReportFile(path, displayPath(path, io.cwd));
  const lines = planRuns(baseline, { detect, alpha, power });
  for (const line of values['quiet'] === true ? lines.slice(-1) : lines) io.stdout(`${line}\n`);
  return 0;
}

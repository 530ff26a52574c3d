import { existsSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { plural } from '../../checks/support.js';
import { InputError } from '../../io/errors.js';
import { displayPath } from '../../io/files/display-path.js';
import { readStructuredFile, type StructuredFile } from '../../io/structured-file.js';
import { isRecord } from '../../io/validation/is-record.js';
import { resolvePolicies } from '../../scan/policies.js';
import { buildScanReport, renderScanJson, renderScanMarkdown } from '../../scan/render-scan.js';
import { renderScanHtml } from '../../scan/render-scan-html.js';
import { scanExports, scanFixtureDir } from '../../scan/scan-traces.js';
import { formatsFlag, listFlag, noPositionals, numberFlag, type ParsedValues, stringFlag } from '../args.js';
import { parseFromFlag } from '../from-flag.js';
import type { CliIo } from '../io.js';
import { printed } from '../printable.js';
import { resolveSettings } from '../settings.js';
import { printWritten } from '../summary.js';
import { writeAll } from '../write-outputs.js';

const MAX_TOP = 1000;

/**
 * `diag-eval scan`: every trace of a folder (or of export files) judged by the policies, the
 * checks that need no per-case expectation. Writes scan.json / scan.md. Exit 1 when a trace
 * violates an `error` policy, 0 otherwise, 2 when the input cannot be used.
 */
export async function scanCommand(values: ParsedValues, positionals: string[], io: CliIo): Promise<number> {
  const settings = await resolveSettings(io.cwd, values);
  const traceFiles = [...listFlag(values, 'traces'), ...(values['traces'] === undefined ? [] : positionals)];
  if (values['traces'] === undefined) noPositionals('scan', positionals);
  if (traceFiles.length > 0 && values['fixtures'] !== undefined)
    throw new InputError(
      'diag-eval scan: --fixtures and --traces are two different trace sources; expected one of them',
    );
  if (values['from'] !== undefined && traceFiles.length === 0)
    throw new InputError('diag-eval scan: --from needs --traces FILE…');
  const formats = formatsFlag('scan', values, ['json', 'md', 'html']);
  const top = numberFlag('scan', values, 'top', { min: 0, max: MAX_TOP, integer: true }) ?? 20;

  const policiesFlag = stringFlag(values, 'policies');
  const policyFile =
    policiesFlag !== null
      ? await readStructuredFile(resolve(io.cwd, policiesFlag), displayPath(resolve(io.cwd, policiesFlag), io.cwd))
      : ((await caseFileWithPolicies(settings.cases, io.cwd)) ??
        (settings.config.file !== null
          ? await readStructuredFile(settings.config.file, displayPath(settings.config.file, io.cwd))
          : null));
  const policies = resolvePolicies(policyFile, ['policies'], settings.config.contract);
  const policyBlockFound =
    policyFile !== null && isRecord(policyFile.value) && policyFile.value['policies'] !== undefined;

  const options = { policies, contract: settings.config.contract, top, cwd: io.cwd };
  let skippedInput: string[] = [];
  let tally: Awaited<ReturnType<typeof scanExports>>['tally'];
  if (traceFiles.length > 0) {
    const scanned = await scanExports(traceFiles, parseFromFlag('scan', stringFlag(values, 'from') ?? 'auto'), options);
    tally = scanned.tally;
    skippedInput = scanned.skipped;
  } else {
    const scanned = await scanFixtureDir(await existingFolder(settings.fixtures, io.cwd), options);
    tally = scanned.tally;
    skippedInput = scanned.skipped;
  }
  const report = buildScanReport(tally, policies.checks, skippedInput);

  const files: [string, string][] = [];
  if (formats.includes('json')) files.push([join(settings.out, 'scan.json'), renderScanJson(report)]);
  if (formats.includes('md')) files.push([join(settings.out, 'scan.md'), renderScanMarkdown(report)]);
  if (formats.includes('html')) files.push([join(settings.out, 'scan.html'), renderScanHtml(report)]);
  // Written together, or not at all: no error path leaves a temporary file behind.
  await writeAll(files.map(([path, content]) => [path, () => content]));

  for (const problem of skippedInput) io.stderr(printed`skipped: ${problem}\n`);
  if (values['quiet'] !== true) {
    const { summary } = report;
    io.stdout(
      printed`diag-eval scan: ${summary.traces} traces: ${summary.clean} clean, ${summary.withErrors} with an error violation, ${summary.withWarnings} with a warning\n`,
    );
    for (const check of report.checks)
      if (check.violations > 0)
        io.stdout(printed`  ${check.check} (${check.severity}): ${plural(check.violations, 'violation')}\n`);
    // Without policies most checks have nothing to judge against: say so, rather than look thorough.
    const idle = report.checks.filter((check) => check.violations === 0 && check.passed === 0);
    if (!policyBlockFound && summary.traces > 0 && idle.length > 0) {
      io.stderr(
        printed`note: no policies found (--policies FILE, or a policies: block in the case file or the config file): ${idle.length} of ${plural(report.checks.length, 'check')} skipped every trace, having no value to judge by (${idle.map((check) => check.check).join(', ')})\n`,
      );
    }
    printWritten(
      io,
      files.map(([path]) => path),
    );
  }
  return report.summary.withErrors > 0 ? 1 : 0;
}

async function existingFolder(folder: string, cwd: string): Promise<string> {
  try {
    if ((await stat(folder)).isDirectory()) return folder;
  } catch {
    // named below
  }
  throw new InputError(
    `${displayPath(folder, cwd)}: no such folder; expected a folder of trace fixtures (--fixtures DIR) or export files (--traces FILE…)`,
  );
}

/**
 * The case file, when it exists and declares a `policies:` block: the policies then live beside
 * the cases they grew from. A case file without one leaves the choice to the config file.
 */
async function caseFileWithPolicies(casesPath: string, cwd: string): Promise<StructuredFile | null> {
  if (!existsSync(casesPath)) return null;
  const file = await readStructuredFile(casesPath, displayPath(casesPath, cwd));
  return isRecord(file.value) && file.value['policies'] !== undefined ? file : null;
}

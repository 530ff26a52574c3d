import { existsSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import { plural } from '../../checks/support.js';
import { InputError } from '../../io/errors.js';
import { displayPath } from '../../io/files/display-path.js';
import { readStructuredFile, type StructuredFile } from '../../io/structured-file.js';
import { isRecord } from '../../io/validation/is-record.js';
import { resolvePolicies } from '../../scan/policies.js';
import { buildScanReport, renderScanJson, renderScanMarkdown, scanHeadline } from '../../scan/render-scan.js';
import { renderScanHtml } from '../../scan/render-scan-html.js';
import { scanExports, scanFixtureDir } from '../../scan/scan-traces.js';
import { formatsFlag, fromFlag, numberFlag, type ParsedValues, pathFlag, traceFilesFlag } from '../args.js';
import type { CliIo } from '../io.js';
import { checkOutputFolder } from '../output-folder.js';
import { printed } from '../printable.js';
import { folderSettingName, resolveSettings, type Settings } from '../settings.js';
import { printWarnings, printWritten } from '../summary.js';
import { formatFiles, writeAll } from '../write-outputs.js';

export async function scanCommand(values: ParsedValues, positionals: string[], io: CliIo): Promise<number> {
  const settings = await resolveSettings(io.cwd, values);
  const traceFiles = traceFilesFlag('scan', values, positionals);
  if (traceFiles.length > 0 && values['fixtures'] !== undefined)
    throw new InputError(
      'diag-eval scan: --fixtures and --traces are two different trace sources; expected one of them',
    );
  if (values['from'] !== undefined && traceFiles.length === 0)
    throw new InputError('diag-eval scan: --from needs --traces FILE…');
  const formats = formatsFlag('scan', values, ['json', 'md', 'html']);
  // A folder that cannot be written is named before any trace is read, not after.
  checkOutputFolder('scan', folderSettingName(values, settings, 'out', io.cwd), settings.out, io.cwd, null);
  const top = numberFlag('scan', values, 'top') ?? 20;

  const policyFile = await policyFileOf(pathFlag(values, 'policies', io.cwd), settings, io.cwd);
  const policies = resolvePolicies(policyFile, ['policies'], settings.config.contract);

  const options = { policies, contract: settings.config.contract, top, cwd: io.cwd };
  const scanned =
    traceFiles.length > 0
      ? await scanExports(traceFiles, fromFlag('scan', values), options)
      : await scanFixtureDir(await existingFolder(settings.fixtures, io.cwd), options);
  const report = buildScanReport(scanned.tally, policies.checks, scanned.skipped);

  // Written together, or not at all: no error path leaves a temporary file behind.
  const written = await writeAll(
    formatFiles(settings.out, formats, {
      json: ['scan.json', () => renderScanJson(report)],
      md: ['scan.md', () => renderScanMarkdown(report)],
      html: ['scan.html', () => renderScanHtml(report)],
    }),
  );

  for (const problem of scanned.skipped) io.stderr(printed`skipped: ${problem}\n`);
  if (values['quiet'] !== true) {
    printWarnings(io, scanned.warnings);
    const { summary } = report;
    io.stdout(printed`diag-eval scan: ${scanHeadline(summary)}\n`);
    for (const check of report.checks)
      if (check.violations > 0)
        io.stdout(printed`  ${check.check} (${check.severity}): ${plural(check.violations, 'violation')}\n`);
    // Without policies most checks have nothing to judge against: say so, rather than look thorough.
    const idle = report.checks.filter((check) => check.violations === 0 && check.passed === 0);
    if (!(policyFile !== null && hasPolicies(policyFile)) && summary.traces > 0 && idle.length > 0) {
      io.stderr(
        printed`note: no policies found (--policies FILE, or a policies: block in the case file or the config file): ${idle.length} of ${plural(report.checks.length, 'check')} skipped every trace, having no value to judge by (${idle.map((check) => check.check).join(', ')})\n`,
      );
    }
    printWritten(io, written);
  }
  return report.summary.withErrors > 0 ? 1 : 0;
}

async function existingFolder(folder: string, cwd: string): Promise<string> {
  if ((await stat(folder).catch(() => null))?.isDirectory() === true) return folder;
  throw new InputError(
    `${displayPath(folder, cwd)}: no such folder; expected a folder of trace fixtures (--fixtures DIR) or export files (--traces FILE…)`,
  );
}

/**
 * --policies FILE; else the case file, when it exists and declares a `policies:` block (the
 * policies then live beside the cases they grew from); else the config file.
 */
async function policyFileOf(
  policiesFlag: string | null,
  settings: Settings,
  cwd: string,
): Promise<StructuredFile | null> {
  const read = (path: string): Promise<StructuredFile> => readStructuredFile(path, displayPath(path, cwd));
  if (policiesFlag !== null) return read(policiesFlag);
  const caseFile = existsSync(settings.cases) ? await read(settings.cases) : null;
  if (caseFile !== null && hasPolicies(caseFile)) return caseFile;
  return settings.config.file === null ? null : read(settings.config.file);
}

function hasPolicies(file: StructuredFile): boolean {
  return isRecord(file.value) && file.value['policies'] !== undefined;
}

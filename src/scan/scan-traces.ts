import { opendir } from 'node:fs/promises';
import { EvaluationSession } from '../checks/session.js';
import type { ContractValues } from '../config/contract.js';
import { evaluateRun } from '../evaluate/evaluate.js';
import type { ImportFormatOption } from '../import/format.js';
import { importTraces } from '../import/import-traces.js';
import { displayPath } from '../io/files/display-path.js';
import { fixtureFolder, readFixture } from '../sources/fixture-dir.js';
import type { TraceRunInput } from '../sources/types.js';
import type { Policies } from './policies.js';
import { createScanTally, type ScanTally } from './scan-tally.js';

export interface ScanOptions {
  policies: Policies;
  contract: ContractValues;
  /** How many of the worst traces to keep. */
  top: number;
  cwd: string;
  onTrace?: (scanned: number) => void;
}

/** The record `diag-eval pull` keeps beside the traces; not a trace. */
const PULL_MANIFEST = 'manifest.json';

/**
 * Every `*.json` file directly in `fixturesDir`, judged by the policies. The folder is read as a
 * stream of entries and each trace is dropped once judged, so memory does not grow with the
 * number of traces (the tally keeps counts and the worst few).
 */
export async function scanFixtureDir(
  fixturesDir: string,
  options: ScanOptions,
): Promise<{ tally: ScanTally; skipped: string[] }> {
  const tally = createScanTally(options.policies.checks, options.top);
  // One session for the whole scan: its answer-reading rules are compiled once, not per trace.
  const session = new EvaluationSession(options.contract);
  const fixtures = fixtureFolder(fixturesDir, options.cwd);
  let scanned = 0;
  // A `*.json` entry that is not a regular file (a symbolic link, a folder, a pipe) is not read,
  // and named: no trace is left out without a word.
  const skippedNames: string[] = [];
  for await (const entry of await opendir(fixturesDir, { bufferSize: 256 })) {
    if (!entry.name.toLowerCase().endsWith('.json') || entry.name === PULL_MANIFEST) continue;
    if (!entry.isFile()) {
      skippedNames.push(`${entry.name}: ${entry.isSymbolicLink() ? 'a symbolic link' : 'not a regular file'}`);
      continue;
    }
    const policyCase = {
      ...options.policies.policyCase,
      id: entry.name.slice(0, -'.json'.length),
      traceFixture: entry.name,
    };
    const input = readFixture(fixtures, policyCase);
    judge(tally, session, input.traceFixture ?? entry.name, input, options);
    options.onTrace?.((scanned += 1));
  }
  const folder = displayPath(fixturesDir, options.cwd);
  const skipped = skippedNames
    .sort()
    .slice(0, MAX_SKIPPED_LISTED)
    .map((name) => `${folder}/${name}; expected a regular file (scan follows no link)`);
  if (skippedNames.length > MAX_SKIPPED_LISTED)
    skipped.push(`${folder}: ${skippedNames.length - MAX_SKIPPED_LISTED} more entries that are not regular files`);
  return { tally: tally.result(), skipped };
}

/** Skipped entries named one by one; the rest are counted in one line. */
const MAX_SKIPPED_LISTED = 1000;

/**
 * The traces of OpenTelemetry, Jaeger or Tempo export files, converted as `import` converts them.
 * The importer holds an export's traces until it has read the whole file (a trace's spans may be
 * anywhere in it), so memory here grows with the export files, not with the scan.
 */
export async function scanExports(
  files: readonly string[],
  from: ImportFormatOption,
  options: ScanOptions,
): Promise<{ tally: ScanTally; skipped: string[] }> {
  const tally = createScanTally(options.policies.checks, options.top);
  // One session for the whole scan: its answer-reading rules are compiled once, not per trace.
  const session = new EvaluationSession(options.contract);
  const imported = await importTraces(files, from, options.cwd);
  let scanned = 0;
  for (const trace of imported.traces) {
    const name = `${trace.file}#${trace.traceId}`;
    judge(
      tally,
      session,
      name,
      { kind: 'document', document: trace.document, traceFixture: name, sessionId: null },
      options,
    );
    options.onTrace?.((scanned += 1));
  }
  const { formatImportProblem } = await import('../import/problems.js');
  return { tally: tally.result(), skipped: imported.skipped.map(formatImportProblem) };
}

function judge(
  tally: ReturnType<typeof createScanTally>,
  session: EvaluationSession,
  name: string,
  input: TraceRunInput,
  options: ScanOptions,
): void {
  const result = evaluateRun(options.policies.policyCase, input, options.contract, session);
  tally.add(name, result, input.kind === 'document' ? agentNames(input.document) : []);
}

/** The agents that took a step in the trace (`agentSteps[].agentName`, either spelling), for the per-agent counts. */
function agentNames(document: unknown): string[] {
  if (typeof document !== 'object' || document === null) return [];
  const record = document as Record<string, unknown>;
  const data =
    typeof record['data'] === 'object' && record['data'] !== null && !('finalAnswer' in record)
      ? (record['data'] as Record<string, unknown>)
      : record;
  const steps = data['agentSteps'] ?? data['agent_steps'];
  if (!Array.isArray(steps)) return [];
  const names: string[] = [];
  for (const step of steps) {
    const name =
      typeof step === 'object' && step !== null
        ? ((step as Record<string, unknown>)['agentName'] ?? (step as Record<string, unknown>)['agent_name'])
        : undefined;
    if (typeof name === 'string' && name !== '') names.push(name.length > 100 ? name.slice(0, 100) : name);
  }
  return names;
}

import { opendir } from 'node:fs/promises';
import { EvaluationSession } from '../checks/session.js';
import type { ContractValues } from '../config/contract.js';
import { evaluateRun } from '../evaluate/evaluate.js';
import type { ImportFormatOption } from '../import/format.js';
import { importTraces } from '../import/import-traces.js';
import { displayPath } from '../io/files/display-path.js';
import { isRecord } from '../io/validation/is-record.js';
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

/** A scan's tally, the input it could not read (skipped), and what it read but warns of. */
export interface ScannedTraces {
  tally: ScanTally;
  skipped: string[];
  warnings: string[];
}

/**
 * Every `*.json` file directly in `fixturesDir`, judged by the policies. The folder is read as a
 * stream of entries and each trace is dropped once judged, so memory does not grow with the
 * number of traces (the tally keeps counts and the worst few).
 */
export async function scanFixtureDir(fixturesDir: string, options: ScanOptions): Promise<ScannedTraces> {
  const scan = createScan(options);
  const fixtures = fixtureFolder(fixturesDir, options.cwd);
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
    scan.judge(input.traceFixture ?? entry.name, input);
  }
  const folder = displayPath(fixturesDir, options.cwd);
  const skipped = skippedNames
    .sort()
    .slice(0, MAX_SKIPPED_LISTED)
    .map((name) => `${folder}/${name}; expected a regular file (scan follows no link)`);
  if (skippedNames.length > MAX_SKIPPED_LISTED)
    skipped.push(`${folder}: ${skippedNames.length - MAX_SKIPPED_LISTED} more entries that are not regular files`);
  return { tally: scan.tally.result(), skipped, warnings: [] };
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
): Promise<ScannedTraces> {
  const scan = createScan(options);
  const imported = await importTraces(files, from, options.cwd);
  for (const trace of imported.traces) {
    const name = `${trace.file}#${trace.traceId}`;
    scan.judge(name, { kind: 'document', document: trace.document, traceFixture: name, sessionId: null });
  }
  const { formatImportProblem } = await import('../import/problems.js');
  return {
    tally: scan.tally.result(),
    skipped: imported.skipped.map(formatImportProblem),
    // Scanned all the same, from what the root span gives, as `run --traces` warns of them.
    warnings: imported.unrecognised.map((problem) => `not recognised: ${formatImportProblem(problem)}`),
  };
}

/** Judges traces one by one into a tally, in one session for the whole scan: its answer-reading rules are compiled once, not per trace. */
function createScan(options: ScanOptions) {
  const tally = createScanTally(options.policies.checks, options.top);
  const session = new EvaluationSession(options.contract);
  let scanned = 0;
  return {
    tally,
    judge(name: string, input: TraceRunInput): void {
      const result = evaluateRun(options.policies.policyCase, input, options.contract, session);
      tally.add(name, result, input.kind === 'document' ? agentNames(input.document) : []);
      options.onTrace?.((scanned += 1));
    },
  };
}

/** The agents that took a step in the trace (`agentSteps[].agentName`, either spelling), for the per-agent counts. */
function agentNames(document: unknown): string[] {
  if (!isRecord(document)) return [];
  const inner = document['data'];
  const data = typeof inner === 'object' && inner !== null && !('finalAnswer' in document) ? inner : document;
  const steps = (data as Record<string, unknown>)['agentSteps'] ?? (data as Record<string, unknown>)['agent_steps'];
  if (!Array.isArray(steps)) return [];
  return steps.flatMap((step) => {
    const name = isRecord(step) ? (step['agentName'] ?? step['agent_name']) : undefined;
    return typeof name === 'string' && name !== '' ? [name.slice(0, 100)] : [];
  });
}

import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { formatTraceJson, traceFileName } from '../import/trace-json.js';
import { InputError, isStackOverflow } from '../io/errors.js';
import { writeFileAtomic } from '../io/files/atomic-write.js';
import { compareText } from '../model/text-order.js';
import { describeOutcome, type HttpClient, safeUrl } from '../sources/live/http-client.js';
import { createLimiter } from '../sources/live/limiter.js';
import type { Redactor } from '../sources/live/redactor.js';
import { convertTrace } from './convert-trace.js';
import { unusableTraceId } from './fixture-name.js';
import { parseJsonBody } from './json-body.js';
import { MANIFEST_FILE, type ManifestSkip, type ManifestTrace, type PullManifest, readManifest } from './manifest.js';
import { searchWindows } from './search-windows.js';
import { isoSeconds } from './time-spec.js';
import { cutWindows } from './time-window.js';
import type { TraceStore } from './trace-store.js';

export interface PullOptions {
  store: TraceStore;
  client: HttpClient;
  /** Takes every `--header` value and URL credential out of what is written (fixtures, manifest) and printed. */
  redactor: Redactor;
  /** The store's address; only scheme, host, port and path are written. */
  url: URL;
  query: string;
  since: number;
  until: number;
  windowSeconds: number;
  limit: number;
  outDir: string;
  /** How the out folder is named in messages. */
  outLabel: string;
  /** Trace fetches started at once (the client bounds requests in flight as well). */
  concurrency: number;
  onProgress?: (progress: { done: number; total: number; skipped: number }) => void;
}

export interface PullOutcome {
  manifest: PullManifest;
  /** Fixture paths written by this pull, absolute, sorted. */
  written: string[];
}

/**
 * `diag-eval pull`: search the store window by window, fetch each trace the folder does not
 * have yet, convert it with the importer and write it as a fixture, then write the manifest.
 * A trace already in the folder (its fixture exists) is not fetched again, so a pull that was
 * interrupted, or one over a later time range, only fetches what is new.
 */
export async function pullTraces(options: PullOptions): Promise<PullOutcome> {
  const manifestPath = join(options.outDir, MANIFEST_FILE);
  const earlier = await readManifest(manifestPath, `${options.outLabel}/${MANIFEST_FILE}`);
  const url = safeUrl(options.url);
  if (
    earlier !== null &&
    (earlier.source !== options.store.name || earlier.url !== url || earlier.query !== options.query)
  ) {
    throw new InputError(
      `${options.outLabel}/${MANIFEST_FILE}: the folder holds a pull from ${earlier.source} ${earlier.url} with query ${JSON.stringify(earlier.query)}; ` +
        `expected the same --from, --url and --query to resume it (or pull into another folder)`,
    );
  }
  // The store's first answer comes before the folder is made: a store that does not answer
  // (the client rejects, docs/contract.md §1) leaves no folder, fixture or manifest behind.
  const search = await searchWindows(
    options.store,
    options.client,
    cutWindows(options.since, options.until, options.windowSeconds),
    options.limit,
  );
  await mkdir(options.outDir, { recursive: true });
  const skipped: ManifestSkip[] = search.problems.map((problem) => ({
    traceId: null,
    window: problem.window,
    reason: options.redactor.text(problem.reason),
  }));
  // An id that cannot be a URL segment or a name ("." or "..", control characters, over-long) is
  // skipped on its own; the other traces are pulled.
  const usableIds: string[] = [];
  for (const traceId of search.traceIds) {
    const unusable = unusableTraceId(traceId);
    if (unusable === null) usableIds.push(traceId);
    else skipped.push({ traceId: traceId.slice(0, 200), window: null, reason: unusable });
  }
  const toFetch = usableIds.filter((traceId) => !existsSync(join(options.outDir, traceFileName(traceId))));
  const alreadyPresent = usableIds.length - toFetch.length;
  const written: string[] = [];
  let fetchSkips = 0;
  let done = 0;
  const limiter = createLimiter(options.concurrency);
  const fetchAndCount = async (traceId: string): Promise<void> => {
    const problem = await fetchOne(options, traceId, written);
    if (problem !== null) {
      fetchSkips += 1;
      skipped.push({ traceId, window: null, reason: options.redactor.text(problem) });
    }
    done += 1;
    options.onProgress?.({ done, total: toFetch.length, skipped: skipped.length });
  };
  await Promise.all(toFetch.map((traceId) => limiter.run(() => fetchAndCount(traceId))));

  const traces = new Map<string, ManifestTrace>();
  for (const trace of earlier?.traces ?? [])
    if (existsSync(join(options.outDir, trace.fixture))) traces.set(trace.traceId, trace);
  const skippedIds = new Set(skipped.map((skip) => skip.traceId));
  for (const traceId of usableIds)
    if (!skippedIds.has(traceId)) traces.set(traceId, { traceId, fixture: traceFileName(traceId) });
  const manifest: PullManifest = {
    manifestVersion: 1,
    source: options.store.name,
    url,
    query: options.query,
    since: isoSeconds(options.since),
    until: isoSeconds(options.until),
    windowSeconds: options.windowSeconds,
    limit: options.limit,
    counts: {
      windows: search.windows.length,
      found: search.traceIds.length,
      fetched: toFetch.length - fetchSkips,
      alreadyPresent,
      skipped: skipped.length,
      fixtures: traces.size,
    },
    windows: search.windows,
    traces: [...traces.values()].sort((a, b) => compareText(a.traceId, b.traceId)),
    skipped: skipped.sort(
      (a, b) => compareText(a.traceId ?? '', b.traceId ?? '') || compareText(a.window ?? '', b.window ?? ''),
    ),
  };
  await writeFileAtomic(manifestPath, `${JSON.stringify(manifest, null, 2)}\n`);
  return { manifest, written: written.sort() };
}

/** Fetches, converts and writes one trace; returns why it was skipped, or null. */
async function fetchOne(options: PullOptions, traceId: string, written: string[]): Promise<string | null> {
  const request = { method: 'GET' as const, url: options.store.traceUrl(traceId) };
  const outcome = await options.client.send(request);
  if (outcome.kind === 'failure' || outcome.status < 200 || outcome.status >= 300)
    return describeOutcome(request, outcome);
  const json = parseJsonBody(outcome.body);
  if (json === null)
    return describeOutcome(request, outcome, `the body is not JSON (${Buffer.byteLength(outcome.body, 'utf8')} bytes)`);
  let text: string;
  try {
    const conversion = await convertTrace(traceId, options.store.traceDocument(json));
    if (!conversion.ok) return `not converted: ${conversion.problem}`;
    // A store that echoes the request's headers into the trace: their values never reach a fixture.
    text = formatTraceJson(options.redactor.json(conversion.document).value as typeof conversion.document);
  } catch (error) {
    // A body nested thousands of levels deep is the store's problem: that trace is skipped.
    if (isStackOverflow(error))
      return 'the trace is nested too deeply to read (thousands of levels); expected a trace export';
    throw error;
  }
  const path = join(options.outDir, traceFileName(traceId));
  await writeFileAtomic(path, text);
  written.push(path);
  return null;
}

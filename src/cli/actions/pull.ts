import { resolve } from 'node:path';
import { plural } from '../../checks/support.js';
import { InputError } from '../../io/errors.js';
import { consolePath, displayPath } from '../../io/files/display-path.js';
import { MAX_FIXTURE_BYTES } from '../../io/files/input-limits.js';
import { createJaegerStore } from '../../pull/jaeger-store.js';
import { MANIFEST_FILE } from '../../pull/manifest.js';
import { pullTraces } from '../../pull/pull-traces.js';
import { createTempoStore } from '../../pull/tempo-store.js';
import { parseDuration, parseTimeFlag } from '../../pull/time-spec.js';
import { MAX_WINDOWS } from '../../pull/time-window.js';
import { contactAddress } from '../../sources/live/first-contact.js';
import { createHttpClient } from '../../sources/live/http-client.js';
import { createRedactor } from '../../sources/live/redactor.js';
import { urlCredentials } from '../../sources/live/service-api.js';
import { headersFlag, noPositionals, numberFlag, oneOf, type ParsedValues, stringFlag } from '../args.js';
import type { CliIo } from '../io.js';
import { checkOutputFolder } from '../output-folder.js';
import { printed } from '../printable.js';
import { createProgressLine } from '../progress.js';
import { printWritten } from '../summary.js';

export async function pullCommand(values: ParsedValues, positionals: string[], io: CliIo): Promise<number> {
  noPositionals('pull', positionals);
  const required = (name: string): string => {
    const value = stringFlag(values, name);
    if (value === null || value.trim() === '')
      throw new InputError(`diag-eval pull: --${name} is required; see \`diag-eval pull --help\``);
    return value;
  };
  const from = oneOf('pull', 'from', required('from'), ['tempo', 'jaeger']);
  // Credentials in the URL (http://user:pw@host) go as Basic authorisation, as in live mode, and
  // like every --header value never reach a fixture, the manifest or a message.
  const { url, headers: urlHeaders, secrets } = urlCredentials(parseUrl(required('url')));
  const query = required('query');
  const out = required('out');
  // The clock is read once, and only to resolve relative times; the manifest records the absolute bounds.
  const now = Math.floor(Date.now() / 1000);
  const since = parseTimeFlag('pull', 'since', required('since'), now);
  const until = parseTimeFlag('pull', 'until', stringFlag(values, 'until') ?? 'now', now);
  if (until <= since)
    throw new InputError(
      `diag-eval pull: --since/--until: the range is empty (since ${since}, until ${until} in epoch seconds); expected since before until`,
    );
  const windowText = stringFlag(values, 'window') ?? '15m';
  const windowSeconds = parseDuration(windowText);
  if (windowSeconds === null || windowSeconds < 1)
    throw new InputError(
      `diag-eval pull: --window: found "${windowText}", expected a duration such as 90s, 15m, 1h or 1d`,
    );
  if (Math.ceil((until - since) / windowSeconds) > MAX_WINDOWS) {
    throw new InputError(
      `diag-eval pull: --window ${windowText} cuts the range into more than ${MAX_WINDOWS} windows; expected a longer --window or a shorter range`,
    );
  }
  const limit = numberFlag('pull', values, 'limit') ?? 20;
  const given = headersFlag('pull', values);
  const named = new Set(given.map(([name]) => name.toLowerCase()));
  const headers = [...given, ...urlHeaders.filter(([name]) => !named.has(name.toLowerCase()))];
  const concurrency = numberFlag('pull', values, 'concurrency') ?? 4;
  const client = createHttpClient({
    timeoutMs: numberFlag('pull', values, 'timeout-ms') ?? 30_000,
    concurrency,
    headers,
    maxBodyBytes: MAX_FIXTURE_BYTES,
    firstContact: {
      address: contactAddress(url),
      expected: from === 'tempo' ? 'a Tempo query API' : 'a Jaeger query API (api_v3)',
    },
  });
  const store = from === 'tempo' ? createTempoStore(url, query) : createJaegerStore(url, query, 'pull');
  const outDir = resolve(io.cwd, out);
  // A folder that cannot be written is named before the store is searched, not after.
  checkOutputFolder('pull', '--out', outDir, io.cwd, null);
  const quiet = values['quiet'] === true;
  const progress = createProgressLine<{ done: number; total: number; skipped: number }>(
    io,
    quiet,
    ({ done, total, skipped }) => `${done}/${total} traces fetched, ${skipped} skipped`,
  );
  const { manifest, written } = await pullTraces({
    store,
    client,
    redactor: createRedactor([...headers.map(([, value]) => value), ...secrets]),
    url,
    query,
    since,
    until,
    windowSeconds,
    limit,
    outDir,
    outLabel: displayPath(outDir, io.cwd),
    concurrency,
    onProgress: progress.update,
  });
  progress.clear();
  const { counts } = manifest;
  // Skips decide the exit code, so they are reported even with --quiet.
  for (const skip of manifest.skipped)
    io.stderr(
      printed`skipped: ${skip.traceId === null ? `window ${skip.window}` : `trace ${skip.traceId}`}: ${skip.reason}\n`,
    );
  if (!quiet) {
    io.stdout(
      printed`diag-eval pull: ${plural(counts.found, 'trace')} found in ${plural(counts.windows, 'window')}: ${counts.fetched} fetched, ${counts.alreadyPresent} already present, ${counts.skipped} skipped\n`,
    );
    printWritten(io, written);
    io.stdout(printed`wrote ${consolePath(resolve(outDir, MANIFEST_FILE), io.cwd)}\n`);
  }
  return counts.skipped > 0 ? 1 : 0;
}

function parseUrl(text: string): URL {
  const url = URL.canParse(text) ? new URL(text) : null;
  if (url === null || (url.protocol !== 'http:' && url.protocol !== 'https:')) {
    // Not echoed: a URL may carry credentials.
    throw new InputError(
      'diag-eval pull: --url: expected an http:// or https:// address of the trace store (the value is not shown)',
    );
  }
  return url;
}

import { defineCommand, repeatedFlag, switchFlag, valueFlag } from '../command.js';
import { HELP } from './shared-flags.js';

export const command = defineCommand({
  summary: 'fetch traces from Grafana Tempo or Jaeger into a fixture folder, window by window',
  usage: `diag-eval pull --from tempo|jaeger --url URL --query Q --since T [--until T]
                      [--window D] [--limit N] [--header "Name: value"]… --out DIR`,
  about: `Searches a trace store window by window and writes every trace found, converted as
\`diag-eval import\` converts it, to DIR/<trace id>.json, with DIR/manifest.json recording the
source, query, time bounds, windows, trace ids, counts and skips. A second pull into the same
folder fetches only the traces it does not have. Exit 0 when every trace found is in DIR, 1
when a trace or a search window was skipped (each is named), 2 when a flag or DIR's manifest
cannot be used.`,
  flags: {
    from: valueFlag(
      'STORE',
      'tempo (GET /api/search, then /api/v2/traces/{id}) or',
      'jaeger (GET /api/v3/traces, then /api/v3/traces/{id})',
    ),
    url: valueFlag('URL', "the store's HTTP address, e.g. http://tempo:3200"),
    query: valueFlag(
      'Q',
      'Tempo: a TraceQL query, e.g. \'{ resource.service.name = "diagnosis" }\';',
      'Jaeger: search parameters, e.g. service_name=diagnosis&operation_name=chat',
    ),
    since: valueFlag(
      'T',
      'start: a duration back from now (90s, 15m, 24h, 7d), epoch seconds or',
      'an RFC 3339 time (2026-05-01T10:00:00Z)',
    ),
    until: valueFlag('T', 'end, the same forms or now (default now)'),
    window: valueFlag(
      'D',
      'search window (default 15m); a window that returns --limit traces is',
      'split in halves, down to one second',
    ),
    limit: valueFlag('N', 'traces per search (default 20, at most 10000)'),
    header: repeatedFlag(
      '"Name: value"',
      'request header, repeatable (e.g. X-Scope-OrgID for a Tempo tenant);',
      'values are never printed or written',
    ),
    out: valueFlag('DIR', 'where to write the fixtures and manifest.json (required)'),
    concurrency: valueFlag('N', 'requests in flight at most (default 4)'),
    'timeout-ms': valueFlag('MS', 'per-request timeout (default 30000)'),
    quiet: switchFlag('print nothing but skips and errors'),
    help: HELP,
  },
  action: async () => (await import('../actions/pull.js')).pullCommand,
});

import { defineCommand, switchFlag, valueFlag } from '../command.js';
import { GENERAL_FLAGS } from './shared-flags.js';

export const command = defineCommand({
  summary: 'convert OpenTelemetry (OTLP/JSON, SDK spans), Jaeger or Tempo exports into trace fixtures',
  usage: 'diag-eval import FILE… --out DIR [--from FORMAT] [--cases FILE] [--config FILE] [--strict] [--quiet]',
  about: `Converts OpenTelemetry OTLP/JSON (one document or JSON Lines), Jaeger query-API JSON,
Grafana Tempo exports and OpenTelemetry SDK span dictionaries (ConsoleSpanExporter output)
into trace fixtures. With --cases, a trace matching a case (by sessionId, else by question)
is written as DIR/<case id>.json; others as DIR/<trace id>.json. Exit 0 when every trace
converted, 1 when some input was skipped, a trace had nothing recognised or a case matched no
trace, 2 when a file is unusable (or, with --strict, on anything that gives 1).`,
  flags: {
    ...GENERAL_FLAGS,
    out: valueFlag('DIR', 'where to write the fixtures (required)'),
    from: valueFlag('FORMAT', 'auto (default), otlp, jaeger, tempo or spans'),
    cases: valueFlag('FILE', 'match traces to the cases of this case file'),
    config: valueFlag('FILE', 'config file whose contract the case file is read with (with --cases)'),
    strict: switchFlag('write nothing and exit 2 when some input would not be converted'),
  },
  action: async () => (await import('../actions/import.js')).importAction,
});

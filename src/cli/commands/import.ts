import { resolve } from 'node:path';
import type { EvalCase } from '../../cases/types.js';
import { InputError } from '../../io/errors.js';
import type { ImportCommandOptions } from '../actions/import.js';
import { stringFlag } from '../args.js';
import type { Command } from '../command.js';
import { parseFromFlag } from '../from-flag.js';
import type { CliIo } from '../io.js';
import { HELP, QUIET } from './shared-flags.js';

export const command: Command = {
  summary: 'convert OpenTelemetry (OTLP/JSON, SDK spans), Jaeger or Tempo exports into trace fixtures',
  usage: 'diag-eval import FILE… --out DIR [--from FORMAT] [--cases FILE] [--config FILE] [--strict] [--quiet]',
  about: `Converts OpenTelemetry OTLP/JSON (one document or JSON Lines), Jaeger query-API JSON,
Grafana Tempo exports and OpenTelemetry SDK span dictionaries (ConsoleSpanExporter output)
into trace fixtures. With --cases, a trace matching a case (by sessionId, else by question)
is written as DIR/<case id>.json; others as DIR/<trace id>.json. Exit 0 when every trace
converted, 1 when some input was skipped, a trace had nothing recognised or a case matched no
trace, 2 when a file is unusable (or, with --strict, on anything that gives 1).`,
  flags: {
    quiet: QUIET,
    help: HELP,
    out: { type: 'string', value: 'DIR', help: ['where to write the fixtures (required)'] },
    from: { type: 'string', value: 'FORMAT', help: ['auto (default), otlp, jaeger, tempo or spans'] },
    cases: { type: 'string', value: 'FILE', help: ['match traces to the cases of this case file'] },
    config: {
      type: 'string',
      value: 'FILE',
      help: ['config file whose contract the case file is read with (with --cases)'],
    },
    strict: { type: 'boolean', help: ['write nothing and exit 2 when some input would not be converted'] },
  },
  sections: [{ flags: ['out', 'from', 'cases', 'config', 'strict', 'quiet', 'help'] }],
  async run(values, positionals, io) {
    const out = stringFlag(values, 'out');
    if (positionals.length === 0)
      throw new InputError('diag-eval import: found no export file; expected at least one FILE to import');
    if (out === null)
      throw new InputError('diag-eval import: found no --out; expected --out DIR (where to write the fixtures)');
    const from = parseFromFlag('import', stringFlag(values, 'from') ?? 'auto');
    let cases: EvalCase[] | null = null;
    if (stringFlag(values, 'cases') !== null) {
      const { loadCommandCases } = await import('../load-settings-cases.js');
      cases = await loadCommandCases(values, io.cwd);
    }
    const { importExports } = await import('../actions/import.js');
    const files = positionals.map((file) => resolve(io.cwd, file));
    return importExports(
      {
        files,
        from,
        outDir: resolve(io.cwd, out),
        cases,
        quiet: values['quiet'] === true,
        strict: values['strict'] === true,
      },
      io,
    );
  },
};

/** `diag-eval import` with its flags read, `from` as given (see actions/import.ts). */
export async function importCommand(options: ImportCommandOptions, io: CliIo): Promise<number> {
  const action = await import('../actions/import.js');
  return action.importCommand(options, io);
}

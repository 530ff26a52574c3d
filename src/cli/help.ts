/** `--help` text for each command: what it does, every flag with its default, exit codes. */

const GENERAL = `diag-eval — deterministic offline regression checks for an LLM root-cause diagnosis agent

Usage: diag-eval <command> [options]

Commands:
  run        evaluate every case's trace and write report.json / report.md
  baseline   run, writing the report into the baseline folder (commit it)
  diff       compare two report.json files: regressions, improvements, changes
  check      run + diff against the committed baseline: the CI gate
  validate   check that the case file is valid and every fixture loads as a trace
  import     convert OpenTelemetry (OTLP/JSON), Jaeger or Tempo exports into trace fixtures
  serve      serve a fixture folder on the diagnosis trace API (for trying live mode)

Run \`diag-eval <command> --help\` for a command's options.

Exit codes: 0 success; 1 a case failed or was not run (run), a regression (diff, check),
a fixture missing or not loadable (validate); 2 the input could not be used (bad flag,
case file, config or report file).`;

const SHARED_CASE_OPTIONS = `  --cases FILE        case file, YAML or JSON (default eval/cases.yaml)
  --fixtures DIR      trace fixture folder (default: the case file's folder + fixtures/)
  --config FILE       config file (default diag-eval.config.yaml or .json in the working directory,
                      if present); it may set cases, fixtures, out, baselineDir, contract and checks
  --quiet             print nothing but errors
  -h, --help          show this help`;

const LIVE_OPTIONS = `Live mode (evaluate a running diagnosis service instead of fixtures):
  --api URL           fetch each case's trace from GET URL/api/diagnosis/{sessionId}/trace
  --sessions FILE     JSON object {"caseId": "sessionId"}; else the case's sessionId field
  --ask               ask each case's question (POST URL/api/chat) and poll the trace to completion
  --repeat K          with --ask: ask each case K times; a case passes only when all K runs pass
  --record DIR        write every fetched trace to DIR as a fixture
  --concurrency N     requests in flight at most (default 4)
  --timeout-ms MS     per-request timeout (default 30000)
  --poll-timeout-ms MS  give up polling a trace after MS (default 600000)
  --header "Name: value"  extra request header, repeatable; values are never printed or written

Imported traces (OpenTelemetry, Jaeger, Tempo exports; see docs/import.md):
  --traces FILE…      evaluate the traces in these export files instead of fixtures
  --from FORMAT       auto (default), otlp, jaeger or tempo`;

const COMMAND_HELP: Record<string, string> = {
  run: `Usage: diag-eval run [options]

Evaluates every case in the case file against its saved trace and writes OUT/report.json
and OUT/report.md. Exit 0 when every case passed, 1 when a case failed or was not run.

Options:
${SHARED_CASE_OPTIONS}
  --out DIR           where to write the reports (default eval-out)
  --format LIST       json, md or json,md (default json,md)

${LIVE_OPTIONS}`,
  baseline: `Usage: diag-eval baseline [options]

Runs the cases and writes report.json and report.md into the baseline folder, to be committed
and reviewed. Exit 0 once written, even when some cases fail (known failures are recorded).

Options:
${SHARED_CASE_OPTIONS}
  --baseline-dir DIR  where to write (default docs/eval/baseline)
  --format LIST       json, md or json,md (default json,md)`,
  diff: `Usage: diag-eval diff BASELINE_JSON CURRENT_JSON [options]

Compares two report.json files case by case and writes OUT/diff.json and OUT/diff.md:
pass rate, cost (average tool calls, average duration), verdicts, case status, each check,
each required evidence tool, missing and new cases. Exit 1 on any regression, else 0.

Options:
  --out DIR             where to write the diff (default eval-out)
  --format LIST         json, md or json,md (default json,md)
  --cost-tolerance F    an increase of average tool calls or duration by more than
                        F × baseline (e.g. 0.2) is a regression; without it, a change
  --quiet               print nothing but errors
  -h, --help            show this help`,
  check: `Usage: diag-eval check [options]

The CI gate: runs the cases, then diffs the report against the committed baseline, writing
report.json, report.md, diff.json and diff.md into OUT. Exit 1 only on a regression against
the baseline; failures the baseline already records do not fail the gate.

Options:
${SHARED_CASE_OPTIONS}
  --baseline FILE     baseline report (default docs/eval/baseline/report.json, or
                      <baselineDir>/report.json when the config sets baselineDir)
  --out DIR           where to write (default eval-out)
  --format LIST       json, md or json,md (default json,md)
  --cost-tolerance F  see \`diag-eval diff --help\``,
  validate: `Usage: diag-eval validate [options]

Checks that the case file is valid and that every case's fixture exists and loads as a
diagnosis trace; evaluates nothing. Lists every problem. Exit 1 when a fixture is missing
or not loadable, 2 when the case file itself is invalid.

Options:
${SHARED_CASE_OPTIONS}`,
  import: `Usage: diag-eval import FILE… --out DIR [--from FORMAT] [--cases FILE] [--quiet]

Converts OpenTelemetry OTLP/JSON (one document or JSON Lines), Jaeger query-API JSON and
Grafana Tempo exports into trace fixtures. With --cases, a trace matching a case (by
sessionId, else by question) is written as DIR/<case id>.json; others as DIR/<trace id>.json.
Exit 0 when every trace converted, 1 when some input was skipped, 2 when a file is unusable.

Options:
  --out DIR           where to write the fixtures (required)
  --from FORMAT       auto (default), otlp, jaeger or tempo
  --cases FILE        match traces to the cases of this case file
  --quiet             print nothing but errors
  -h, --help          show this help`,
  serve: `Usage: diag-eval serve [--fixtures DIR] [--port N] [--host H] [--quiet]

Serves a fixture folder on the diagnosis trace API, GET /api/diagnosis/{id}/trace, where id
is a fixture's sessionId or its file name without .json, so live mode can be tried
(diag-eval run --api URL) and the service's own team can test against it. Stops on Ctrl-C.

Options:
  --fixtures DIR      fixture folder (default eval/fixtures)
  --port N            port (default 8787; 0 picks a free one)
  --host H            address to bind (default 127.0.0.1)
  --quiet             print nothing but errors
  -h, --help          show this help`,
};

export function generalHelp(): string {
  return `${GENERAL}\n`;
}

export function commandHelp(command: string): string {
  return `${COMMAND_HELP[command] ?? GENERAL}\n`;
}

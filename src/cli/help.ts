/** `--help` text for each command: what it does, every flag with its default, exit codes. */

import { CHECK_LIST_HELP } from './check-list.generated.js';

const GENERAL = `diag-eval — deterministic offline regression checks for an LLM root-cause diagnosis agent

Usage: diag-eval <command> [options]

Commands:
  run        evaluate every case's trace and write report.json / report.md
  baseline   run, writing the report into the baseline folder (commit it)
  diff       compare two report.json files: regressions, improvements, changes
  check      run + diff against the committed baseline: the CI gate
  validate   check that the case file is valid and every fixture loads as a trace
  import     convert OpenTelemetry (OTLP/JSON, SDK spans), Jaeger or Tempo exports into trace fixtures
  serve      serve a fixture folder on the diagnosis trace API (for trying live mode)
  merge      merge the reports of a sharded run (run --shard i/n) into the whole run's report
  pull       fetch traces from Grafana Tempo or Jaeger into a fixture folder, window by window
  scan       judge every trace of a folder (or export) against policies; scan.json / scan.md
  mutate     regress every passing trace on purpose and report which regressions no case notices
  init       write a starter suite: eval/cases.yaml, a fixture and diag-eval.config.yaml

Run \`diag-eval <command> --help\` for a command's options.

Exit codes: 0 success; 1 a case failed or was not run (run), a regression (diff, check),
a fixture missing or not loadable (validate), a trace or window skipped (pull), an error
policy violated (scan), a mutation score below --min-score (mutate); 2 the input could not
be used (bad flag, case file, config or report file, shards that do not make one run).`;

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
  --repeat K          with --ask: ask each case K times (1 to 1000); a case passes only when all K runs pass
  --record DIR        write every fetched trace to DIR as a fixture (a folder, not a file)
  --concurrency N     requests in flight at most (default 4, 1 to 64)
  --timeout-ms MS     per-request timeout (default 30000, at most 3600000)
  --poll-timeout-ms MS  give up polling a trace after MS (default 600000, at most 86400000)
  --max-body-mb N     the largest response body read, in MiB (default 64, 1 to 256)
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
  --out DIR           where to write the reports (default eval-out; not the baseline folder)
  --format LIST       comma-separated: json, md, junit (report.junit.xml), html (report.html)
                      (default json,md)
  --shard i/n         evaluate only shard i of n (1 ≤ i ≤ n): the cases are ordered by the
                      SHA-256 of their id and cut into n slices of equal size (±1); the report
                      records the shard for \`diag-eval merge\`
  --no-annotations    inside GitHub Actions, print no ::error/::warning annotations
                      (the step summary is still written); config: annotations: false

${LIVE_OPTIONS}

Checks, in the order of every case's rows in the report (docs/contract.md §4):
${CHECK_LIST_HELP}`,
  baseline: `Usage: diag-eval baseline [options]

Runs the cases and writes report.json and report.md into the baseline folder, to be committed
and reviewed. Exit 0 once written, even when some cases fail (known failures are recorded).

Options:
${SHARED_CASE_OPTIONS}
  --baseline-dir DIR  where to write (default docs/eval/baseline)
  --format LIST       comma-separated: json, md, junit (report.junit.xml), html (report.html)
                      (default json,md)`,
  diff: `Usage: diag-eval diff BASELINE_JSON CURRENT_JSON [options]

Compares two report.json files case by case and writes OUT/diff.json and OUT/diff.md:
pass rate, cost (average tool calls, average duration), verdicts, case status, each check,
each required evidence tool, missing and new cases. Exit 1 on any regression, else 0.

Options:
  --out DIR             where to write the diff (default eval-out)
  --format LIST         comma-separated: json, md, html (diff.html) (default json,md)
  --cost-tolerance F    an increase of average tool calls or duration by more than
                        F × baseline (e.g. 0.2; 0 to 100) is a regression; without it, a change
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
  --out DIR           where to write (default eval-out; not the baseline folder)
  --format LIST       comma-separated: json, md, junit (report.junit.xml), html (report.html)
                      (default json,md)
                      with html, report.html also holds the diff, on its own tab
  --cost-tolerance F  see \`diag-eval diff --help\`
  --report FILE       gate this report (e.g. merged from shards) instead of running the cases;
                      writes only diff.json and diff.md (diff.html with html)
  --no-annotations    inside GitHub Actions, print no ::error/::warning annotations

${LIVE_OPTIONS}

In GitHub Actions (GITHUB_ACTIONS=true), run and check append their Markdown summary (check:
the diff first) to $GITHUB_STEP_SUMMARY and annotate the case file at failing or regressed cases.`,
  validate: `Usage: diag-eval validate [options]

Checks that the case file is valid and that every case's fixture exists and loads as a
diagnosis trace; evaluates nothing. Lists every problem. Exit 1 when a fixture is missing
or not loadable, 2 when the case file itself is invalid.

Options:
${SHARED_CASE_OPTIONS}`,
  import: `Usage: diag-eval import FILE… --out DIR [--from FORMAT] [--cases FILE] [--config FILE] [--strict] [--quiet]

Converts OpenTelemetry OTLP/JSON (one document or JSON Lines), Jaeger query-API JSON,
Grafana Tempo exports and OpenTelemetry SDK span dictionaries (ConsoleSpanExporter output)
into trace fixtures. With --cases, a trace matching a case (by sessionId, else by question)
is written as DIR/<case id>.json; others as DIR/<trace id>.json. Exit 0 when every trace
converted, 1 when some input was skipped, a trace had nothing recognised or a case matched no
trace, 2 when a file is unusable (or, with --strict, on anything that gives 1).

Options:
  --out DIR           where to write the fixtures (required)
  --from FORMAT       auto (default), otlp, jaeger, tempo or spans
  --cases FILE        match traces to the cases of this case file
  --config FILE       config file whose contract the case file is read with (with --cases)
  --strict            write nothing and exit 2 when some input would not be converted
  --quiet             print nothing but errors
  -h, --help          show this help`,
  merge: `Usage: diag-eval merge REPORT… [--out DIR] [--format LIST] [--quiet]

Merges the report.json of every shard of one sharded run (diag-eval run --shard i/n) into
OUT/report.json and OUT/report.md, byte-identical to the report of the same run unsharded,
whatever the order of the inputs. Refuses (exit 2, naming the files) reports of different case
files, shard counts, --repeat or schema versions, a shard missing or given twice. Exit 0 once
written; gate the merged report with \`diag-eval check --report OUT/report.json\`.

Options:
  --out DIR           where to write (default eval-out)
  --format LIST       comma-separated: json, md, junit (report.junit.xml), html (report.html)
                      (default json,md)
  --quiet             print nothing but errors
  -h, --help          show this help`,
  pull: `Usage: diag-eval pull --from tempo|jaeger --url URL --query Q --since T [--until T]
                      [--window D] [--limit N] [--header "Name: value"]… --out DIR

Searches a trace store window by window and writes every trace found, converted as
\`diag-eval import\` converts it, to DIR/<trace id>.json, with DIR/manifest.json recording the
source, query, time bounds, windows, trace ids, counts and skips. A second pull into the same
folder fetches only the traces it does not have. Exit 0 when every trace found is in DIR, 1
when a trace or a search window was skipped (each is named), 2 when a flag or DIR's manifest
cannot be used.

Options:
  --from STORE        tempo (GET /api/search, then /api/v2/traces/{id}) or
                      jaeger (GET /api/v3/traces, then /api/v3/traces/{id})
  --url URL           the store's HTTP address, e.g. http://tempo:3200
  --query Q           Tempo: a TraceQL query, e.g. '{ resource.service.name = "diagnosis" }';
                      Jaeger: search parameters, e.g. service_name=diagnosis&operation_name=chat
  --since T           start: a duration back from now (90s, 15m, 24h, 7d), epoch seconds or
                      an RFC 3339 time (2026-05-01T10:00:00Z)
  --until T           end, the same forms or now (default now)
  --window D          search window (default 15m); a window that returns --limit traces is
                      split in halves, down to one second
  --limit N           traces per search (default 20, at most 10000)
  --header "Name: value"  request header, repeatable (e.g. X-Scope-OrgID for a Tempo tenant);
                      values are never printed or written
  --out DIR           where to write the fixtures and manifest.json (required)
  --concurrency N     requests in flight at most (default 4)
  --timeout-ms MS     per-request timeout (default 30000)
  --quiet             print nothing but skips and errors
  -h, --help          show this help`,
  scan: `Usage: diag-eval scan [--fixtures DIR | --traces FILE… [--from FORMAT]] [--policies FILE]
                      [--out DIR] [--format LIST] [--top N] [--config FILE] [--quiet]

Judges every trace of a folder (default: the fixtures folder), or of export files, against
policies: the checks that need no per-case expectation (a trace loads, degraded output,
gatekeeper consistency, forbidden answer keywords and confirmed claims, protocol leaks,
budgets, and any check named in policies.checks). Policies come from the \`policies:\` block of
--policies FILE, else of the case file, else of the config file. Writes OUT/scan.json and
OUT/scan.md: violations per check, counts per agent, the worst traces with their reasons.
Memory stays flat in the number of traces of a folder. Exit 1 when a trace violates an error policy, 0 otherwise, 2 when the
input cannot be used.

Options:
  --fixtures DIR      folder of trace fixtures (e.g. one written by diag-eval pull)
  --traces FILE…      OpenTelemetry, Jaeger or Tempo export files instead
  --from FORMAT       with --traces: auto (default), otlp, jaeger or tempo
  --policies FILE     YAML or JSON file with a policies: block
  --out DIR           where to write (default eval-out)
  --format LIST       comma-separated: json, md, html (scan.html) (default json,md)
  --top N             how many of the worst traces to list (default 20, at most 1000)
  --config FILE       config file (its policies: block, contract values)
  --quiet             print nothing but errors
  -h, --help          show this help`,
  mutate: `Usage: diag-eval mutate [--cases FILE] [--fixtures DIR] [--config FILE] [--operators LIST]
                      [--out DIR] [--min-score F] [--format LIST] [--keep-mutants DIR] [--quiet]

Measures how strong the case suite is. Every case whose trace passes today is regressed on
purpose by each regression operator (a required tool dropped, failed or empty; a disallowed
verdict; a root-cause concept deleted, negated, hedged or replaced; forbidden text, executor
JSON, a figure no tool returned or an uncalled tool in the answer; doubled cost; a repeated
call; the verdict before the evidence; an audit field dropped; a claim check emptied; a failed
run) and each regressed trace is evaluated in memory. A mutant is killed when its case fails.
Meaning-preserving variants (white space, letter case, full-width forms, synonyms from the case,
reordered calls, snake_case keys, the envelope) are evaluated too; one that fails its case is
listed as fragile. Writes OUT/mutation.json and OUT/mutation.md (and, with html, mutation.html):
the mutation score overall, per operator and per case, and a suggestion for every surviving
mutant. Cases that fail or are not run today are listed and skipped. Exit 0 when the score is at least --min-score (or no
--min-score is given), 1 below it, 2 when the input cannot be used.

Options:
  --cases FILE        case file, YAML or JSON (default eval/cases.yaml)
  --fixtures DIR      trace fixture folder (default: the case file's folder + fixtures/)
  --config FILE       config file (its contract values, cases, fixtures and out)
  --operators LIST    comma-separated operator ids (default: all of them)
  --out DIR           where to write (default eval-out)
  --min-score F       the lowest acceptable score, 0 to 1 (default: no gate)
  --format LIST       comma-separated: json, md, html (mutation.html) (default json,md)
  --keep-mutants DIR  also write every mutant as a fixture, DIR/<case>/<operator>-<n>.json
  --quiet             print nothing but errors
  -h, --help          show this help`,
  init: `Usage: diag-eval init [--force] [--quiet]

Writes a starter suite into the working directory: eval/cases.yaml (one commented example
case), eval/fixtures/checkout-timeout-db-pool.json (a trace that passes it) and
diag-eval.config.yaml, then prints the next commands (run, baseline, check). Refuses, with
exit 2 naming them, when any of these files exists, unless --force.

Options:
  --force             overwrite the starter files that exist
  --quiet             print nothing but errors
  -h, --help          show this help`,
  serve: `Usage: diag-eval serve [--fixtures DIR] [--port N] [--host H] [--quiet]

Serves a fixture folder on the diagnosis trace API, GET /api/diagnosis/{id}/trace, where id
is a fixture's sessionId or its file name without .json, so live mode can be tried
(diag-eval run --api URL) and the service's own team can test against it. Stops on Ctrl-C.

Options:
  --fixtures DIR      fixture folder (default eval/fixtures)
  --port N            port (default 8787; 0 picks a free one; at most 65535)
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

/** The page's stylesheet, inlined: the report opens from file:// with no network access. */
export const STYLES = `
:root { --pass: #1a7f37; --fail: #cf222e; --warn: #bf8700; --skip: #8c959f; --other: #8250df; --accent: #0969da; --line: #d0d7de; --soft: #f6f8fa; }
* { box-sizing: border-box; }
body { font: 14px/1.45 system-ui, -apple-system, "Segoe UI", "Noto Sans", "PingFang SC", sans-serif; margin: 0; color: #1f2328; background: #fff; }
header { padding: 16px 24px 0; border-bottom: 1px solid var(--line); }
h1 { font-size: 20px; margin: 0 0 4px; }
h2 { font-size: 16px; margin: 20px 0 8px; }
h3 { font-size: 14px; margin: 14px 0 6px; }
main { padding: 0 24px 32px; }
.muted { color: #656d76; }
.tabs { display: flex; gap: 4px; margin-top: 12px; }
.tabs button { border: 1px solid var(--line); border-bottom: none; background: var(--soft); padding: 6px 14px; border-radius: 6px 6px 0 0; cursor: pointer; font: inherit; }
.tabs button[aria-selected="true"] { background: #fff; font-weight: 600; }
.cards { display: flex; flex-wrap: wrap; gap: 12px; margin: 16px 0; }
.card { border: 1px solid var(--line); border-radius: 8px; padding: 10px 14px; min-width: 130px; }
.card .value { font-size: 22px; font-weight: 600; }
.card .label { color: #656d76; font-size: 12px; }
.charts { display: flex; flex-wrap: wrap; gap: 24px; align-items: flex-end; max-width: 100%; overflow-x: auto; }
.charts svg, .case-details svg { flex: none; max-width: none; }
.timeline-box { max-width: 100%; overflow-x: auto; }
/* A details row is one cell of the case table, which grows with its content: bound it by the screen instead. */
.case-details .details-grid, .case-details .answer { max-width: calc(100vw - 48px); }
.case-details .details-grid > div { min-width: 0; }
.attention { margin: 12px 0 4px; }
.attention h2 { margin-top: 12px; }
ul.attention-cases { padding-left: 0; list-style: none; margin: 4px 0; }
ul.attention-cases li { margin: 3px 0; overflow-wrap: anywhere; }
.attention-diff { font-weight: 600; overflow-wrap: anywhere; }
.chart-label { font-size: 12px; fill: #1f2328; }
.chart-value, .chart-note { font-size: 11px; fill: #656d76; }
.bar-pass { fill: var(--pass); } .bar-fail { fill: var(--fail); } .bar-warn { fill: var(--warn); } .bar-skip { fill: var(--skip); } .bar-other { fill: var(--other); } .bar-hist { fill: var(--accent); }
.controls { display: flex; gap: 12px; align-items: center; margin: 8px 0; flex-wrap: wrap; }
.controls input[type="search"] { padding: 5px 8px; min-width: 260px; border: 1px solid var(--line); border-radius: 6px; font: inherit; }
.controls select { padding: 5px 8px; border: 1px solid var(--line); border-radius: 6px; font: inherit; }
table { border-collapse: collapse; width: 100%; }
th, td { text-align: left; padding: 6px 8px; border-bottom: 1px solid var(--line); vertical-align: top; }
td { overflow-wrap: anywhere; }
th { background: var(--soft); font-weight: 600; }
tr.case-row { cursor: pointer; }
tr.case-row:hover { background: #f3f8ff; }
td.num, th.num { text-align: right; font-variant-numeric: tabular-nums; }
.status { display: inline-block; padding: 1px 8px; border-radius: 10px; font-size: 12px; font-weight: 600; color: #fff; background: var(--other); white-space: nowrap; }
.status-passed, .status-pass, .status-improvement { background: var(--pass); }
.status-failed, .status-fail, .status-regression { background: var(--fail); }
.status-not_run, .status-skip, .status-change { background: var(--skip); }
.status-warn { background: var(--warn); }
button.expand { border: none; background: none; cursor: pointer; font: inherit; padding: 0 4px 0 0; }
.case-details > td { background: #fbfcfd; padding: 4px 16px 16px; }
.details-grid { display: grid; grid-template-columns: repeat(auto-fit, minmax(min(320px, 100%), 1fr)); gap: 0 28px; }
ul.checks { padding-left: 18px; margin: 4px 0; }
li.check-fail::marker { color: var(--fail); } li.check-warn::marker { color: var(--warn); }
code, .mono { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; font-size: 12.5px; }
.answer { white-space: pre-wrap; word-break: break-word; border: 1px solid var(--line); border-radius: 6px; padding: 10px; background: #fff; max-height: 360px; overflow: auto; }
mark { background: #fff3b0; padding: 0 1px; border-radius: 2px; }
.covered { color: var(--pass); font-weight: 600; } .missing { color: var(--fail); font-weight: 600; }
svg.timeline rect.call { fill: var(--accent); } svg.timeline rect.call-failed { fill: var(--fail); } svg.timeline rect.call-no_evidence { fill: var(--warn); }
svg.timeline text { font-size: 11px; fill: #1f2328; }
.empty { padding: 16px; color: #656d76; }
table.metrics { width: auto; min-width: min(480px, 100%); margin-bottom: 20px; }
/* A phone: narrower margins, the case table without its figure columns (the details show them), ids wrap. */
@media (max-width: 640px) {
  header { padding: 12px 12px 0; }
  main { padding: 0 12px 24px; }
  .controls input[type="search"] { min-width: 0; flex: 1 1 160px; }
  table.cases th.num, table.cases td.num { display: none; }
  .case-details > td { padding: 4px 6px 12px; }
  .card { min-width: 0; flex: 1 1 100px; }
}
/* Paper: every panel and every case, no controls; colours kept for the status badges. */
@media print {
  .tabs, .controls, button.expand, noscript { display: none; }
  section[data-panel][hidden] { display: block; }
  tr.case-row[hidden] { display: table-row; }
  .charts { overflow: visible; }
  .charts svg { max-width: 100%; height: auto; }
  tr, li, .card { break-inside: avoid; }
  .status { -webkit-print-color-adjust: exact; print-color-adjust: exact; }
  .answer { max-height: none; overflow: visible; }
  a { color: inherit; text-decoration: none; }
}
table.metrics th:first-child { background: none; }
`;

/**
 * The page's script, inlined (no network): it reads the embedded JSON and builds the case table,
 * the expandable case details and the diff view. Every value from the data is put on the page
 * with textContent or setAttribute, never parsed as HTML, so text from a trace stays text.
 * Plain ES2017 in one function; no template literals, so it can live in this string.
 */
export const BROWSER_SCRIPT = String.raw`(function () {
'use strict';
var data = JSON.parse(document.getElementById('diag-eval-data').textContent);
var SVG = 'http://www.w3.org/2000/svg';

function text(value) {
  if (value === null || value === undefined) return '\u2013';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  try { return JSON.stringify(value); } catch (error) { return String(value); }
}
function el(tag, attributes, children) {
  var node = document.createElement(tag);
  var names = attributes ? Object.keys(attributes) : [];
  for (var i = 0; i < names.length; i++) node.setAttribute(names[i], String(attributes[names[i]]));
  append(node, children);
  return node;
}
function svgEl(tag, attributes, children) {
  var node = document.createElementNS(SVG, tag);
  var names = attributes ? Object.keys(attributes) : [];
  for (var i = 0; i < names.length; i++) node.setAttribute(names[i], String(attributes[names[i]]));
  append(node, children);
  return node;
}
function append(node, children) {
  if (children === undefined || children === null) return;
  if (!Array.isArray(children)) children = [children];
  for (var i = 0; i < children.length; i++) {
    var child = children[i];
    if (child === null || child === undefined) continue;
    node.appendChild(typeof child === 'object' && child.nodeType ? child : document.createTextNode(text(child)));
  }
}
function badge(value) {
  var name = text(value);
  return el('span', { 'class': 'status status-' + name.replace(/[^a-z_]/g, '') }, name.replace('_', ' '));
}
function ms(value) {
  if (typeof value !== 'number' || !isFinite(value)) return text(value);
  return Math.abs(value) < 1000 ? Math.round(value) + ' ms' : (Math.round(value / 100) / 10) + ' s';
}
function percent(ratio) { return typeof ratio === 'number' && isFinite(ratio) ? (Math.round(ratio * 1000) / 10) + '%' : text(ratio); }
function list(values) { return Array.isArray(values) ? values : []; }
function outcomeOf(row) { return typeof row.outcome === 'string' ? row.outcome : text(row.outcome); }

var report = data.report;
var details = Object.create(null);
list(data.details).forEach(function (detail) { if (detail && typeof detail.caseId === 'string') details[detail.caseId] = detail; });

/* ---- tabs ---- */
var tabs = document.querySelectorAll('.tabs button');
function showTab(name) {
  for (var i = 0; i < tabs.length; i++) tabs[i].setAttribute('aria-selected', tabs[i].getAttribute('data-tab') === name ? 'true' : 'false');
  var panels = document.querySelectorAll('section[data-panel]');
  for (var j = 0; j < panels.length; j++) panels[j].hidden = panels[j].getAttribute('data-panel') !== name;
}
for (var t = 0; t < tabs.length; t++) tabs[t].addEventListener('click', function (event) {
  var name = event.currentTarget.getAttribute('data-tab');
  showTab(name);
  // The address names the tab, so that it can be shared, and a link to #diff always changes it.
  if (history.replaceState) history.replaceState(null, '', name === 'diff' ? '#diff' : location.pathname + location.search);
});

/* ---- case table ---- */
function hasWarning(result) { return list(result.checks).some(function (row) { return outcomeOf(row) === 'warn'; }); }
function failing(result) { return list(result.failedChecks).map(function (failed) { return text(failed.check); }); }

function buildCaseTable() {
  var body = document.getElementById('case-rows');
  if (!body || !report) return;
  // Failures first (failed, not run, passed with warnings, passed), each group in file order.
  var rank = function (result) { var status = text(result.status); return status === 'failed' ? 0 : status === 'not_run' ? 1 : hasWarning(result) ? 2 : 3; };
  list(report.cases).map(function (result, index) { return [rank(result), index, result]; })
    .sort(function (a, b) { return a[0] - b[0] || a[1] - b[1]; })
    .forEach(function (entry) {
    var result = entry[2];
    var caseId = text(result.caseId);
    var status = text(result.status);
    var button = el('button', { 'class': 'expand', 'aria-expanded': 'false', 'aria-label': 'show details of ' + caseId }, '\u25B8');
    var notes = failing(result).join(', ');
    if (status === 'not_run') notes = text(result.reason);
    var row = el('tr', { 'class': 'case-row', id: 'case-' + caseId, 'data-case-id': caseId, 'data-status': status, 'data-warn': hasWarning(result) ? 'true' : 'false' }, [
      el('td', null, [button, badge(status), hasWarning(result) ? ' ' : null, hasWarning(result) ? badge('warn') : null]),
      el('td', { 'class': 'mono' }, caseId),
      el('td', null, text(result.verdict)),
      el('td', null, notes),
      el('td', { 'class': 'num' }, text(result.toolCallCount)),
      el('td', { 'class': 'num' }, ms(result.durationMs))
    ]);
    row.setAttribute('data-search', [caseId, status, text(result.verdict), notes].join(' ').toLowerCase());
    var detailRow = null;
    row.addEventListener('click', function () {
      if (detailRow === null) {
        detailRow = el('tr', { 'class': 'case-details', 'data-case-id': caseId }, el('td', { colspan: 6 }, caseDetails(result, details[caseId])));
        row.parentNode.insertBefore(detailRow, row.nextSibling);
        button.setAttribute('aria-expanded', 'true');
        button.textContent = '\u25BE';
        return;
      }
      var open = detailRow.hidden;
      detailRow.hidden = !open;
      button.setAttribute('aria-expanded', open ? 'true' : 'false');
      button.textContent = open ? '\u25BE' : '\u25B8';
    });
    body.appendChild(row);
  });
  var filter = document.getElementById('status-filter');
  var search = document.getElementById('search');
  function apply() {
    var wanted = filter.value;
    var query = search.value.trim().toLowerCase();
    var shown = 0;
    var rows = body.querySelectorAll('tr.case-row');
    for (var i = 0; i < rows.length; i++) {
      var row = rows[i];
      var statusOk = wanted === 'all' || row.getAttribute('data-status') === wanted || (wanted === 'warn' && row.getAttribute('data-warn') === 'true');
      var visible = statusOk && (query === '' || row.getAttribute('data-search').indexOf(query) !== -1);
      row.hidden = !visible;
      var next = row.nextSibling;
      if (next && next.classList && next.classList.contains('case-details') && !visible) next.hidden = true;
      if (visible) shown++;
    }
    document.getElementById('case-count').textContent = shown + ' of ' + rows.length + ' cases shown';
  }
  filter.addEventListener('change', apply);
  search.addEventListener('input', apply);
  apply();
}

function caseDetails(result, detail) {
  var left = [];
  var right = [];
  if (detail) left.push(el('p', { 'class': 'question' }, [el('b', null, 'Question: '), text(detail.question)]));
  if (detail && typeof detail.caseLine === 'number' && typeof data.caseFile === 'string') left.push(el('p', { 'class': 'muted case-source' }, 'Defined at ' + data.caseFile + ':' + detail.caseLine));
  if (text(result.status) === 'not_run') left.push(el('p', null, ['Not run: ', text(result.reason)]));
  var notable = list(result.checks).filter(function (row) { var outcome = outcomeOf(row); return outcome !== 'pass' && outcome !== 'skip'; });
  left.push(el('h3', null, 'Failing and warning checks'));
  if (notable.length === 0) left.push(el('p', { 'class': 'muted' }, 'none'));
  else left.push(el('ul', { 'class': 'checks' }, notable.map(function (row) {
    var outcome = outcomeOf(row);
    return el('li', { 'class': 'check-' + outcome.replace(/[^a-z_]/g, ''), 'data-check': text(row.check) }, [badge(outcome), ' ', el('code', null, text(row.check)), ': ', text(row.message)]);
  })));
  var evidence = result.evidenceCoverage;
  if (evidence && list(evidence.required).length > 0) {
    left.push(el('h3', null, 'Evidence coverage'));
    left.push(el('ul', { 'class': 'evidence' }, list(evidence.required).map(function (tool) {
      var covered = list(evidence.covered).indexOf(tool) !== -1;
      return el('li', null, [el('span', { 'class': covered ? 'covered' : 'missing' }, covered ? '\u2713 ' : '\u2717 '), el('code', null, text(tool)), covered ? ' covered' : ' not covered']);
    })));
  }
  if (detail && list(detail.keywords).length > 0) {
    var coverage = result.keywordCoverage || {};
    left.push(el('h3', null, ['Keyword coverage ', el('span', { 'class': 'muted' }, '(' + text(coverage.covered) + ' of ' + text(coverage.concepts) + ', min ' + percent(coverage.min) + ')')]));
    left.push(el('ul', { 'class': 'keywords' }, list(detail.keywords).map(function (keyword) {
      var matched = keyword.matched;
      // A concept the answer mentions only negated, hedged or as a question is not covered (S33): say how and where.
      var synonyms = list(keyword.synonyms).map(text).join(' / ');
      var unasserted = unassertedMention(coverage, keyword);
      if (unasserted) {
        return el('li', null, [
          el('span', { 'class': 'missing' }, '\u2717 '),
          synonyms,
          ' \u2014 only mentioned ' + text(unasserted.kind) + ': ',
          el('q', null, text(unasserted.clause))
        ]);
      }
      return el('li', null, [
        el('span', { 'class': matched === null ? 'missing' : 'covered' }, matched === null ? '\u2717 ' : '\u2713 '),
        synonyms,
        matched === null ? ' \u2014 not in the answer' : [' \u2014 matched ', el('mark', null, text(matched))]
      ].reduce(function (all, part) { return all.concat(part); }, []));
    })));
  }
  if (detail) {
    right.push(el('h3', null, 'Tool calls'));
    right.push(timeline(detail));
    right.push(el('h3', null, 'Verdict and audit chain'));
    right.push(auditChain(result, detail.audit));
  }
  var blocks = [el('div', { 'class': 'details-grid' }, [el('div', null, left), el('div', null, right)])];
  if (detail) {
    blocks.push(el('h3', null, ['Final answer', detail.answerTruncated ? el('span', { 'class': 'muted' }, ' (cut)') : null]));
    var shownCoverage = result.keywordCoverage || {};
    // Only asserted mentions are highlighted: a culprit named only to deny it is no match.
    blocks.push(el('div', { 'class': 'answer' }, highlighted(detail.finalAnswer, list(detail.keywords).map(function (keyword) {
      return unassertedMention(shownCoverage, keyword) ? null : keyword.matched;
    }))));
  } else if (!data.details) {
    blocks.push(el('p', { 'class': 'muted' }, 'Tool calls, audit chain and answer are shown when the report is written by run, baseline or check.'));
  }
  return blocks;
}

function timeline(detail) {
  var calls = list(detail.toolCalls);
  if (calls.length === 0) return el('p', { 'class': 'muted' }, 'no tool calls');
  var byStart = calls.every(function (call) { return typeof call.startOffsetMs === 'number'; });
  var starts = [];
  var cursor = 0;
  calls.forEach(function (call) {
    var duration = typeof call.durationMs === 'number' ? call.durationMs : 0;
    starts.push(byStart ? call.startOffsetMs : cursor);
    cursor += duration;
  });
  var end = 1;
  calls.forEach(function (call, index) { end = Math.max(end, starts[index] + (typeof call.durationMs === 'number' ? call.durationMs : 0)); });
  var label = 150, width = 300, row = 18;
  var height = calls.length * row + 18;
  var svg = svgEl('svg', { 'class': 'timeline', width: label + width + 70, height: height, viewBox: '0 0 ' + (label + width + 70) + ' ' + height, role: 'img', 'aria-label': 'tool-call timeline' });
  calls.forEach(function (call, index) {
    var y = index * row;
    var duration = typeof call.durationMs === 'number' ? call.durationMs : 0;
    var x = label + (starts[index] / end) * width;
    var w = Math.max(2, (duration / end) * width);
    var status = call.evidenceStatus === null || call.evidenceStatus === undefined ? '' : text(call.evidenceStatus);
    svg.appendChild(svgEl('text', { x: label - 6, y: y + 13, 'text-anchor': 'end' }, text(call.name)));
    svg.appendChild(svgEl('rect', { 'class': 'call call-' + status.replace(/[^a-z_]/g, ''), x: x.toFixed(1), y: y + 3, width: w.toFixed(1), height: row - 6 },
      svgEl('title', null, text(call.name) + ': ' + ms(call.durationMs) + (status ? ', ' + status : '') + (call.error ? ', error: ' + text(call.error) : ''))));
    svg.appendChild(svgEl('text', { x: label + width + 6, y: y + 13 }, ms(call.durationMs)));
  });
  svg.appendChild(svgEl('text', { x: label, y: height - 3 }, byStart ? 'by start time' : 'one after another (the trace records no start times)'));
  var parts = [el('div', { 'class': 'timeline-box' }, svg)];
  if (detail.toolCallsOmitted > 0) parts.push(el('p', { 'class': 'muted' }, detail.toolCallsOmitted + ' more tool calls not shown'));
  return el('div', null, parts);
}

function auditChain(result, audit) {
  var rows = [['verdict', text(result.verdict)]];
  if (audit) {
    rows.push(['reason', text(audit.reason)]);
    rows.push(['gatekeeper', text(audit.gatekeeperStatus) + (list(audit.gatekeeperViolations).length > 0 ? ' \u2014 ' + list(audit.gatekeeperViolations).map(text).join('; ') : '')]);
    rows.push(['composer mode', text(audit.composerMode)]);
  } else {
    rows.push(['audit chain', 'none in the trace']);
  }
  var parts = [el('table', { 'class': 'audit' }, rows.map(function (pair) { return el('tr', null, [el('th', null, pair[0]), el('td', null, pair[1])]); }))];
  if (audit && Array.isArray(audit.claimChecks)) {
    parts.push(el('table', { 'class': 'claims' }, [el('tr', null, [el('th', null, 'claim'), el('th', null, 'verification'), el('th', null, 'detail')])].concat(
      audit.claimChecks.map(function (claim) { return el('tr', null, [el('td', { 'class': 'mono' }, text(claim.claimId)), el('td', null, text(claim.verification)), el('td', null, text(claim.detail))]); }))));
  }
  return el('div', null, parts);
}

/* The report's record of a concept the answer mentions only negated, hedged or as a question, if any. */
function unassertedMention(coverage, keyword) {
  var synonyms = list(keyword.synonyms).map(text).join(' / ');
  return list(coverage.unasserted).filter(function (entry) { return list(entry.concept).map(text).join(' / ') === synonyms; })[0];
}

/* The answer as text nodes, with each matched keyword wrapped in <mark>: found case-insensitively in the text as written. */
function highlighted(answer, keywords) {
  if (answer === null || answer === undefined) return el('span', { 'class': 'muted' }, 'no final answer');
  var source = text(answer);
  var lower = source.toLowerCase();
  var marks = [];
  if (lower.length === source.length) {
    keywords.forEach(function (keyword) {
      if (typeof keyword !== 'string' || keyword === '') return;
      var needle = keyword.toLowerCase();
      for (var at = lower.indexOf(needle); at !== -1; at = lower.indexOf(needle, at + needle.length)) marks.push([at, at + needle.length]);
    });
  }
  marks.sort(function (a, b) { return a[0] - b[0] || b[1] - a[1]; });
  var nodes = [];
  var position = 0;
  marks.forEach(function (mark) {
    if (mark[0] < position) return;
    nodes.push(source.slice(position, mark[0]));
    nodes.push(el('mark', null, source.slice(mark[0], mark[1])));
    position = mark[1];
  });
  nodes.push(source.slice(position));
  return el('span', null, nodes);
}

/* ---- diff ---- */
function buildDiff() {
  var holder = document.getElementById('diff-view');
  if (!holder || !data.diff) return;
  var diff = data.diff;
  var order = { regression: 0, improvement: 1, change: 2 };
  var items = list(diff.items).slice().sort(function (a, b) { return (order[a.kind] === undefined ? 3 : order[a.kind]) - (order[b.kind] === undefined ? 3 : order[b.kind]); });
  holder.appendChild(el('table', { 'class': 'diff-items' }, [el('tr', null, [el('th', null, 'kind'), el('th', null, 'case'), el('th', null, 'what'), el('th', null, 'message')])].concat(
    items.length === 0 ? [el('tr', null, el('td', { colspan: 4, 'class': 'empty' }, 'No differences.'))] :
    items.map(function (item) {
      return el('tr', { 'class': 'diff-item', 'data-kind': text(item.kind) }, [el('td', null, badge(item.kind)), el('td', { 'class': 'mono' }, text(item.caseId)), el('td', null, text(item.scope) + ' ' + text(item.metric) + (item.tool ? ' ' + text(item.tool) : '')), el('td', null, text(item.message))]);
    }))));
  var before = Object.create(null);
  list(diff.baselineCases).forEach(function (row) { before[row.caseId] = row; });
  var after = Object.create(null);
  list(report ? report.cases : []).forEach(function (row) { after[row.caseId] = row; });
  var regressed = [], rest = [], seen = Object.create(null);
  list(diff.items).forEach(function (item) {
    if (item.caseId === null || seen[item.caseId]) return;
    seen[item.caseId] = true;
    (list(diff.items).some(function (other) { return other.caseId === item.caseId && other.kind === 'regression'; }) ? regressed : rest).push(item.caseId);
  });
  var changed = regressed.concat(rest);
  if (changed.length === 0) return;
  holder.appendChild(el('h2', null, 'Cases before and after'));
  function side(row) {
    if (!row) return [el('span', { 'class': 'muted' }, 'absent')];
    var failed = list(row.failedChecks).map(function (failedCheck) { return typeof failedCheck === 'string' ? failedCheck : text(failedCheck.check); });
    return [badge(row.status), ' ', text(row.verdict), failed.length > 0 ? ' \u2014 ' + failed.join(', ') : ''];
  }
  holder.appendChild(el('table', { 'class': 'before-after' }, [el('tr', null, [el('th', null, 'case'), el('th', null, 'baseline'), el('th', null, 'current')])].concat(
    changed.map(function (caseId) { return el('tr', { 'data-case-id': text(caseId) }, [el('td', { 'class': 'mono' }, text(caseId)), el('td', null, side(before[caseId])), el('td', null, side(after[caseId]))]); }))));
}

/* ---- links: #diff opens the diff tab, #case-<id> the case's row, expanded ---- */
function openLinked() {
  var target = location.hash ? decodeURIComponent(location.hash.slice(1)) : '';
  if (target === 'diff' && document.getElementById('diff-view')) { showTab('diff'); return true; }
  var row = target.indexOf('case-') === 0 ? document.getElementById(target) : null;
  if (!row || !row.classList.contains('case-row')) return false;
  showTab('cases');
  if (row.hidden) {
    document.getElementById('status-filter').value = 'all';
    document.getElementById('search').value = '';
    document.getElementById('status-filter').dispatchEvent(new Event('change'));
  }
  if (row.querySelector('button.expand').getAttribute('aria-expanded') !== 'true') row.click();
  row.scrollIntoView();
  return true;
}
window.addEventListener('hashchange', openLinked);
// A link to the address already shown changes nothing, so no hashchange: open its target all the same.
document.addEventListener('click', function (event) {
  var link = event.target && event.target.closest ? event.target.closest('a[href^="#"]') : null;
  if (link && link.getAttribute('href') === location.hash) openLinked();
});

buildCaseTable();
buildDiff();
// check's page opens on its diff when the gate failed: the regressions are what it is read for.
var regressed = data.diff && data.diff.summary && data.diff.summary.regressions > 0;
if (!openLinked()) showTab(regressed ? 'diff' : data.initialTab);
document.documentElement.setAttribute('data-ready', 'true');
})();
`;

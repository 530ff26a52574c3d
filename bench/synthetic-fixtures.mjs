import { appendFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse as parseYaml } from 'yaml';
import { createRng } from './prng.mjs';

/**
 * Synthetic fixture sets: a case file and one trace per case, made by varying the bundled
 * example cases and fixtures (eval/cases.yaml, eval/fixtures/*.json) with a seeded PRNG, so
 * the traces have the real shape and size (~5 KB) and the same set is produced on every run.
 *
 * Variation per case: digits in all texts permuted, answer lines dropped or a note added, tool
 * calls dropped, retried or failed, verdict sometimes changed, durations drawn at random, and
 * the accepted variants of docs/contract.md §3 (envelope, snake_case keys, selfEvaluation as a string),
 * indented or compact JSON.
 * A few fixtures are missing (not_run) or truncated (trace-loadable fails), as in real sets.
 */

const PROJECT_ROOT = fileURLToPath(new URL('..', import.meta.url));

const NOTES = [
  'Confidence is high; the timeline and the metrics agree.',
  'Other services in the same cluster were checked and show no anomaly in the window.',
  'No deploy or config change other than the one named above happened in the window.',
  'The on-call engineer confirmed the symptom from the dashboard.',
  '同一时间段内其他服务的指标没有异常。',
  '以上结论基于本次会话中查询到的证据，时间线与指标一致。',
  '建议在修复后继续观察 30 分钟，确认指标恢复到基线水平。',
];

const RETRY_ERRORS = [
  'upstream timed out after 10000ms',
  'rate limited by the query backend (429), retried',
  'connection reset by peer',
];

/** The bundled cases and fixtures, in the plain trace form (camelCase, no envelope, selfEvaluation an object). */
export function loadTemplates(projectRoot = PROJECT_ROOT) {
  const caseFile = parseYaml(readFileSync(join(projectRoot, 'eval/cases.yaml'), 'utf8'));
  const fixturesDir = join(projectRoot, 'eval/fixtures');
  const templates = caseFile.cases.map((entry) => {
    const document = JSON.parse(readFileSync(join(fixturesDir, entry.traceFixture ?? `${entry.id}.json`), 'utf8'));
    return { entry, trace: toPlainTrace(document) };
  });
  return { defaults: caseFile.defaults ?? null, templates };
}

/**
 * Writes `<dir>/fixtures/<id>.json` for `count` cases, and the same cases twice: `cases.yaml`
 * (the bundled format) and `cases.json` (what a generator of thousands of cases would write).
 * Returns the fixture paths in case-file order (for the read+parse floor) and size figures.
 */
export function generateFixtureSet(dir, count, seed, templateSet = loadTemplates()) {
  const rng = createRng(seed);
  const fixturesDir = join(dir, 'fixtures');
  mkdirSync(fixturesDir, { recursive: true });
  const caseLines = ['# Synthetic bench cases, generated from eval/cases.yaml', 'version: 1'];
  if (templateSet.defaults !== null) caseLines.push(`defaults: ${JSON.stringify(templateSet.defaults)}`);
  caseLines.push('cases:');
  const entries = [];
  const fixturePaths = [];
  let bytes = 0;
  let written = 0;
  for (let index = 0; index < count; index += 1) {
    const template = rng.pick(templateSet.templates);
    const id = `${template.entry.id}-${String(index).padStart(5, '0')}`;
    const sessionId = `bench-${String(index).padStart(5, '0')}`;
    const entry = { ...template.entry, id, sessionId };
    entries.push(entry);
    caseLines.push(...caseYaml(entry));
    const path = join(fixturesDir, `${id}.json`);
    fixturePaths.push(path);
    if (rng.chance(0.003)) continue; // missing fixture: the case is not_run
    let text = renderTrace(varyTrace(template, sessionId, rng), rng);
    if (rng.chance(0.002)) text = text.slice(0, Math.floor(text.length * 0.6)); // cut short: not valid JSON
    writeFileSync(path, text);
    bytes += Buffer.byteLength(text);
    written += 1;
  }
  const casesPaths = { yaml: join(dir, 'cases.yaml'), json: join(dir, 'cases.json') };
  writeFileSync(casesPaths.yaml, `${caseLines.join('\n')}\n`);
  const caseFile =
    templateSet.defaults === null
      ? { version: 1, cases: entries }
      : { version: 1, defaults: templateSet.defaults, cases: entries };
  writeFileSync(casesPaths.json, `${JSON.stringify(caseFile, null, 2)}\n`);
  return { dir, casesPaths, fixturesDir, fixturePaths, count, written, bytes, averageBytes: bytes / written };
}

/**
 * The set's case files with one mistake in the last case (an unknown key, the mistake the error-path
 * rows of the bench time), written beside them: the same set with those case files, whose case-file
 * floor is still the valid JSON file.
 */
export function withMistakeInLastCase(set) {
  const casesPaths = { json: join(set.dir, 'cases-error-at-end.json'), yaml: join(set.dir, 'cases-error-at-end.yaml') };
  const json = JSON.parse(readFileSync(set.casesPaths.json, 'utf8'));
  json.cases[json.cases.length - 1].requiredEvidenceTool = ['queryLogs'];
  writeFileSync(casesPaths.json, `${JSON.stringify(json, null, 2)}\n`);
  writeFileSync(casesPaths.yaml, readFileSync(set.casesPaths.yaml, 'utf8'));
  // The last case's keys are indented four spaces in the generated file.
  appendFileSync(casesPaths.yaml, '    requiredEvidenceTool: [queryLogs]\n');
  return { ...set, casesPaths, casesFloorPath: set.casesPaths.json };
}

/**
 * One case as YAML, in the style of eval/cases.yaml: plain scalars where YAML allows them,
 * flow collections for lists; other values are written as JSON, which YAML reads as well.
 */
function caseYaml(entry) {
  const lines = [];
  for (const [key, value] of Object.entries(entry)) {
    lines.push(`${lines.length === 0 ? '  - ' : '    '}${key}: ${yamlValue(value)}`);
  }
  return lines;
}

function yamlValue(value) {
  if (Array.isArray(value)) return `[${value.map(yamlValue).join(', ')}]`;
  if (
    typeof value === 'string' &&
    /^[A-Za-z][A-Za-z0-9._-]*$/.test(value) &&
    !/^(true|false|null|yes|no|on|off)$/i.test(value)
  )
    return value;
  return JSON.stringify(value);
}

function varyTrace(template, sessionId, rng) {
  const digits = rng.shuffle([...'0123456789']);
  const swap = (text) => text.replace(/\d/g, (digit) => digits[Number(digit)]);
  const trace = mapStrings(structuredClone(template.trace), swap);
  trace.sessionId = sessionId;
  trace.question = template.trace.question;

  // The answer: the conclusion stays; later lines are sometimes dropped; sometimes a note is added.
  const lines = template.trace.finalAnswer.split('\n');
  const kept = lines.filter((line, position) => position === 0 || line.trim() === '' || !rng.chance(0.2));
  if (rng.chance(0.3)) kept.push('', rng.pick(NOTES));
  const forbidden = template.entry.forbiddenAnswerKeywords ?? [];
  if (forbidden.length > 0 && rng.chance(0.03))
    kept.push(`An earlier hypothesis (${rng.pick(forbidden)}) was considered.`);
  trace.finalAnswer = swap(kept.join('\n'));

  // Tool calls: one sometimes dropped, one sometimes retried after a failure, durations drawn.
  let invocations = trace.toolInvocations;
  if (invocations.length > 2 && rng.chance(0.1)) invocations.splice(rng.int(0, invocations.length - 1), 1);
  if (rng.chance(0.15)) {
    const at = rng.int(0, invocations.length - 1);
    const failed = {
      ...invocations[at],
      evidenceStatus: 'failed',
      resultSummary: null,
      errorMessage: rng.pick(RETRY_ERRORS),
    };
    invocations = [...invocations.slice(0, at), failed, ...invocations.slice(at)];
  }
  for (const invocation of invocations) invocation.durationMs = rng.int(30, 3000);
  trace.toolInvocations = invocations;
  trace.toolCallCount = invocations.length;

  const verifier = trace.selfEvaluation?.verifier_evaluation;
  if (verifier && rng.chance(0.08)) verifier.verdict = rng.pick(['PASS', 'REVISE', 'REJECT']);
  for (const step of trace.agentSteps) step.durationMs = rng.int(20, 18000);
  trace.durationMs = rng.chance(0.04) ? rng.int(60001, 90000) : rng.int(8000, 44000);
  return trace;
}

/** The accepted variants of docs/contract.md §3, in the shares a mixed fleet of services might produce. */
function renderTrace(trace, rng) {
  let document = trace;
  if (rng.chance(0.1)) document = { ...document, selfEvaluation: JSON.stringify(document.selfEvaluation) };
  if (rng.chance(0.1)) {
    document = snakeKeys(document);
    document.tool_invocations = document.tool_invocations.map(snakeKeys);
    document.agent_steps = document.agent_steps.map(snakeKeys);
  }
  if (rng.chance(0.1)) document = { code: 0, message: 'ok', data: document };
  // Saved by hand or by --record: indented; straight from the service's API: compact.
  return rng.chance(0.5) ? `${JSON.stringify(document, null, 2)}\n` : JSON.stringify(document);
}

function toPlainTrace(document) {
  const wrapped =
    isObject(document.data) &&
    !['finalAnswer', 'final_answer', 'toolInvocations', 'tool_invocations'].some((key) => key in document);
  const trace = camelKeys(wrapped ? document.data : document);
  if (typeof trace.selfEvaluation === 'string') trace.selfEvaluation = JSON.parse(trace.selfEvaluation);
  trace.toolInvocations = (trace.toolInvocations ?? []).map(camelKeys);
  trace.agentSteps = (trace.agentSteps ?? []).map(camelKeys);
  return trace;
}

function mapStrings(value, map) {
  if (typeof value === 'string') return map(value);
  if (Array.isArray(value)) return value.map((item) => mapStrings(item, map));
  if (isObject(value))
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, mapStrings(item, map)]));
  return value;
}

function camelKeys(object) {
  return Object.fromEntries(
    Object.entries(object).map(([key, value]) => [
      key.replace(/_([a-z])/g, (_, letter) => letter.toUpperCase()),
      value,
    ]),
  );
}

function snakeKeys(object) {
  return Object.fromEntries(
    Object.entries(object).map(([key, value]) => [
      key.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`),
      value,
    ]),
  );
}

function isObject(value) {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

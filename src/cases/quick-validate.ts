import { CASE_ID_PATTERN, type CaseFileInput } from './schema.js';

/**
 * The case file's value as the case-file schema (schema.ts) would return it, checked by plain
 * code instead of by zod, or null when this check is not sure the value is valid. zod costs tens
 * of microseconds per case, which for a file of 10,000 cases is more than reading and parsing
 * it; this check costs about one. It is only a shortcut: on null the loader asks zod, which
 * decides and names every problem in its words, so messages never come from here.
 *
 * It must never accept what the schema refuses, nor return other data than it would: strings of
 * `text` fields trimmed (the schema's `z.trim()`), new objects and lists, and a key absent where
 * it is absent. Whatever it is unsure of (an `undefined` value, an object that is not a plain
 * one, a `__proto__` or `constructor` key) it leaves to zod. A test compares the two on tables
 * of valid and invalid files and on many random mutations of the bundled case file.
 */
export function validCaseFileQuickly(value: unknown): CaseFileInput | null {
  try {
    return readCaseFile(value);
  } catch (error) {
    if (error === UNSURE) return null;
    throw error;
  }
}

/** Thrown from deep inside to leave the check in one step; never escapes this module. */
const UNSURE = Symbol('unsure');

function unsure(): never {
  // eslint-disable-next-line @typescript-eslint/only-throw-error -- a private sentinel, caught above
  throw UNSURE;
}

type Plain = Record<string, unknown>;

/** A plain object (made by JSON.parse, a YAML parser or an object literal); anything else is left to zod. */
function plainObject(value: unknown): Plain {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) unsure();
  const prototype: unknown = Object.getPrototypeOf(value);
  if (prototype !== Object.prototype && prototype !== null) unsure();
  return value as Plain;
}

/** The object's own keys, each one of `allowed`, with no undefined value (which zod keeps as a key). */
function checkKeys(object: Plain, allowed: ReadonlySet<string>): void {
  for (const key of Object.keys(object)) {
    if (!allowed.has(key) || object[key] === undefined) unsure();
  }
}

function list(value: unknown): unknown[] {
  if (!Array.isArray(value)) unsure();
  return value;
}

/** `text`: a string, trimmed, not empty once trimmed. */
function text(value: unknown): string {
  if (typeof value !== 'string') unsure();
  const trimmed = value.trim();
  if (trimmed.length === 0) unsure();
  return trimmed;
}

function textList(value: unknown, minimum = 0): string[] {
  const items = list(value);
  if (items.length < minimum) unsure();
  const out = new Array<string>(items.length);
  for (let index = 0; index < items.length; index += 1) out[index] = text(items[index]);
  return out;
}

function boolean(value: unknown): boolean {
  if (typeof value !== 'boolean') unsure();
  return value;
}

/** z.number with gte(0) (and lte when given): a finite number. */
function number(value: unknown, maximum = Infinity): number {
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0 || value > maximum) unsure();
  return value;
}

/** z.int with gte(0): a safe integer. */
function wholeNumber(value: unknown): number {
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0) unsure();
  return value;
}

const CONCEPT_KEYS = new Set(['any', 'required']);

/** keywordConcept: a keyword, a list of synonyms, or { any, required }. */
function keywordConcept(value: unknown): string | string[] | { any: string[]; required?: boolean } {
  if (typeof value === 'string') return text(value);
  if (Array.isArray(value)) return textList(value, 1);
  const object = plainObject(value);
  checkKeys(object, CONCEPT_KEYS);
  const concept: { any: string[]; required?: boolean } = { any: textList(object['any'], 1) };
  if (Object.hasOwn(object, 'required')) concept.required = boolean(object['required']);
  return concept;
}

const AUDIT_KEYS = new Set(['v2', 'claimChecks', 'composerOutput']);
const BUDGET_KEYS = new Set(['maxToolCalls', 'maxDurationMs', 'maxTokens', 'maxRepeatedCalls']);

function audit(value: unknown): Plain {
  const object = plainObject(value);
  checkKeys(object, AUDIT_KEYS);
  const out: Plain = {};
  for (const key of Object.keys(object)) out[key] = boolean(object[key]);
  return out;
}

function budget(value: unknown): Plain {
  const object = plainObject(value);
  checkKeys(object, BUDGET_KEYS);
  const out: Plain = {};
  for (const key of Object.keys(object)) out[key] = key === 'maxDurationMs' ? number(object[key]) : wholeNumber(object[key]);
  return out;
}

/** `checks:`, a record whose values the loader checks: a shallow copy, as zod's record makes. */
function checkSeverities(value: unknown): Plain {
  const object = plainObject(value);
  const out: Plain = {};
  for (const key of Object.keys(object)) {
    if (key === '__proto__' || key === 'constructor' || object[key] === undefined) unsure();
    out[key] = object[key];
  }
  return out;
}

/** The fields `defaults` may set, each read into `out` when the object has it. */
function readDefaultable(object: Plain, key: string, out: Plain): boolean {
  const value = object[key];
  switch (key) {
    case 'rootCauseKeywords': {
      const items = list(value);
      const concepts = new Array<unknown>(items.length);
      for (let index = 0; index < items.length; index += 1) concepts[index] = keywordConcept(items[index]);
      out[key] = concepts;
      return true;
    }
    case 'minKeywordCoverage':
      out[key] = number(value, 1);
      return true;
    case 'allowedVerdicts':
      out[key] = textList(value, 1);
      return true;
    case 'requiredEvidenceTools':
    case 'forbiddenAnswerKeywords':
    case 'forbiddenVerdicts':
    case 'forbiddenConfirmedClaims':
    case 'tags':
      out[key] = textList(value);
      return true;
    case 'audit':
      out[key] = audit(value);
      return true;
    case 'budget':
      out[key] = budget(value);
      return true;
    case 'checks':
      out[key] = checkSeverities(value);
      return true;
    default:
      return false;
  }
}

function defaults(value: unknown): Plain {
  const object = plainObject(value);
  const out: Plain = {};
  for (const key of Object.keys(object)) {
    if (object[key] === undefined || !readDefaultable(object, key, out)) unsure();
  }
  return out;
}

function caseEntry(value: unknown): Plain {
  const object = plainObject(value);
  const id = object['id'];
  if (typeof id !== 'string' || !CASE_ID_PATTERN.test(id)) unsure();
  const out: Plain = { id, question: text(object['question']) };
  for (const key of Object.keys(object)) {
    if (object[key] === undefined) unsure();
    if (key === 'id' || key === 'question') continue;
    if (key === 'traceFixture' || key === 'sessionId') out[key] = text(object[key]);
    else if (!readDefaultable(object, key, out)) unsure();
  }
  return out;
}

const FILE_KEYS = new Set(['$schema', 'version', 'defaults', 'policies', 'cases']);

function readCaseFile(value: unknown): CaseFileInput {
  const object = plainObject(value);
  checkKeys(object, FILE_KEYS);
  if (object['version'] !== 1) unsure();
  const entries = list(object['cases']);
  if (entries.length === 0) unsure();
  const out: Plain = { version: 1 };
  if (Object.hasOwn(object, '$schema')) {
    if (typeof object['$schema'] !== 'string') unsure();
    out['$schema'] = object['$schema'];
  }
  if (Object.hasOwn(object, 'defaults')) out['defaults'] = defaults(object['defaults']);
  if (Object.hasOwn(object, 'policies')) out['policies'] = object['policies'];
  const cases = new Array<Plain>(entries.length);
  for (let index = 0; index < entries.length; index += 1) cases[index] = caseEntry(entries[index]);
  out['cases'] = cases;
  return out as unknown as CaseFileInput;
}

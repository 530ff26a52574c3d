import { type Plain, plainObject, severityBlock, sure, unsure } from '../quick-check.js';
import { isWhiteSpaceCode } from '../text/normalize.js';
import type { CaseFileInput } from './schema.js';

/**
 * The case file's value itself, when the case-file schema (schema.ts) would return exactly that
 * value, checked by plain code instead of by zod; else null. zod costs tens of microseconds per
 * case and copies every object and list, which for a file of 10,000 cases is more than reading
 * and parsing it; this check costs about one and copies nothing. It is only a shortcut: on null
 * the loader asks zod, which decides and names every problem in its words, so messages never
 * come from here.
 *
 * It must never accept what the schema refuses, nor a value whose data would differ from it:
 * a text with white space around it (the schema trims it) is left to zod, as is whatever this
 * check is unsure of (an `undefined` value, an object that is not a plain one, a `__proto__` or
 * `constructor` key). A test compares the two on tables of valid and invalid files and on many
 * random changes to the bundled case file.
 */
export function validCaseFileQuickly(value: unknown): CaseFileInput | null {
  const check = checkCaseFileQuickly(value);
  return check?.topLevelSure && check.unsureCases.length === 0 ? (value as CaseFileInput) : null;
}

/** What the quick check is sure of in a case file whose top level is an object with a non-empty list of cases. */
export interface QuickCheck {
  /** Whether everything but the cases (version, defaults, ...) is exactly the schema's data. */
  topLevelSure: boolean;
  /** The indexes of the cases that are not sure to be exactly the schema's data, in order. */
  unsureCases: number[];
}

/**
 * The quick check, case by case, so that zod needs to read only the cases it is unsure of: a
 * file with one mistake in its last case costs one case of zod, not the whole file. Null when
 * the top level is not a plain object with a non-empty list of cases (zod then reads it all).
 */
export function checkCaseFileQuickly(value: unknown): QuickCheck | null {
  if (typeof value !== 'object' || value === null || Object.getPrototypeOf(value) !== Object.prototype) return null;
  const root = value as Plain;
  const entries = root['cases'];
  if (!Array.isArray(entries) || entries.length === 0) return null;
  const topLevelSure = sure(checkTopLevel, root);
  const unsureCases: number[] = [];
  for (let index = 0; index < entries.length; index += 1) {
    if (!sure(checkCaseEntry, entries[index])) unsureCases.push(index);
  }
  return { topLevelSure, unsureCases };
}

/** The quick check of one case entry on its own (for a case file read a case at a time): what checkCaseFileQuickly asks of each. */
export function caseEntryIsSure(value: unknown): boolean {
  return sure(checkCaseEntry, value);
}

/** The quick check of everything but the cases, on a plain object: topLevelSure of checkCaseFileQuickly. */
export function topLevelIsSure(root: Plain): boolean {
  return sure(checkTopLevel, root);
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

/** `text`: a string, not empty, with no white space around it (the schema would trim it). */
function text(value: unknown): void {
  if (
    typeof value !== 'string' ||
    value.length === 0 ||
    isWhiteSpaceCode(value.charCodeAt(0)) ||
    isWhiteSpaceCode(value.charCodeAt(value.length - 1))
  )
    unsure();
}

function textList(value: unknown, minimum = 0): void {
  const items = list(value);
  if (items.length < minimum) unsure();
  for (let index = 0; index < items.length; index += 1) text(items[index]);
}

function boolean(value: unknown): void {
  if (typeof value !== 'boolean') unsure();
}

/** z.number with gte(0) (and lte when given): a finite number. */
function number(value: unknown, maximum = Infinity): void {
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0 || value > maximum) unsure();
}

/** z.int with gte(0): a safe integer. */
function wholeNumber(value: unknown): void {
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0) unsure();
}

const CONCEPT_KEYS = new Set(['any', 'required']);

/** keywordConcept: a keyword, a list of synonyms, or { any, required }. */
function keywordConcept(value: unknown): void {
  if (typeof value === 'string') {
    text(value);
    return;
  }
  if (Array.isArray(value)) {
    textList(value, 1);
    return;
  }
  const object = plainObject(value);
  checkKeys(object, CONCEPT_KEYS);
  textList(object['any'], 1);
  if (Object.hasOwn(object, 'required')) boolean(object['required']);
}

const AUDIT_KEYS = new Set(['v2', 'claimChecks', 'composerOutput']);
const BUDGET_KEYS = new Set(['maxToolCalls', 'maxDurationMs', 'maxTokens', 'maxRepeatedCalls']);

function audit(value: unknown): void {
  const object = plainObject(value);
  checkKeys(object, AUDIT_KEYS);
  for (const key of Object.keys(object)) boolean(object[key]);
}

function budget(value: unknown): void {
  const object = plainObject(value);
  checkKeys(object, BUDGET_KEYS);
  for (const key of Object.keys(object)) {
    if (key === 'maxDurationMs') number(object[key]);
    else wholeNumber(object[key]);
  }
}

/** Checks a field `defaults` may set; false for a key that is not one. */
function checkDefaultable(key: string, value: unknown): boolean {
  switch (key) {
    case 'rootCauseKeywords': {
      const items = list(value);
      for (let index = 0; index < items.length; index += 1) keywordConcept(items[index]);
      return true;
    }
    case 'minKeywordCoverage':
      number(value, 1);
      return true;
    case 'maxCandidateCauses':
      wholeNumber(value);
      return true;
    case 'allowedVerdicts':
      textList(value, 1);
      return true;
    case 'requiredEvidenceTools':
    case 'forbiddenAnswerKeywords':
    case 'forbiddenVerdicts':
    case 'forbiddenConfirmedClaims':
    case 'tags':
      textList(value);
      return true;
    case 'audit':
      audit(value);
      return true;
    case 'budget':
      budget(value);
      return true;
    case 'checks':
      severityBlock(value);
      return true;
    default:
      return false;
  }
}

function checkDefaults(value: unknown): void {
  const object = plainObject(value);
  for (const key of Object.keys(object)) {
    const field = object[key];
    if (field === undefined || !checkDefaultable(key, field)) unsure();
  }
}

function checkCaseEntry(value: unknown): void {
  const object = plainObject(value);
  const id = object['id'];
  if (typeof id !== 'string' || !ASCII_CASE_ID.test(id)) unsure();
  text(object['question']);
  for (const key of Object.keys(object)) {
    const field = object[key];
    if (field === undefined) unsure();
    if (key === 'id' || key === 'question') continue;
    if (key === 'traceFixture' || key === 'sessionId') text(field);
    else if (!checkDefaultable(key, field)) unsure();
  }
}

/**
 * The schema's CASE_ID_PATTERN (schema.ts) without the `u` flag, which only slows it: its classes
 * are ASCII, so it matches the same ids. Written out rather than imported, so that the quick
 * check loads without the schemas (and zod); a test holds the two to the same source.
 */
export const ASCII_CASE_ID = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;

const FILE_KEYS = new Set(['$schema', 'version', 'defaults', 'policies', 'cases']);

/** Everything but the cases. */
function checkTopLevel(object: Plain): void {
  checkKeys(object, FILE_KEYS);
  if (object['version'] !== 1) unsure();
  if (Object.hasOwn(object, '$schema') && typeof object['$schema'] !== 'string') unsure();
  if (Object.hasOwn(object, 'defaults')) checkDefaults(object['defaults']);
}

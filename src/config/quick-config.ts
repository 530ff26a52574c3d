import { plainObject, severityBlock, sure, unsure } from '../quick-check.js';
import type { ConfigInput } from './config-schema.js';

/**
 * The config file's value itself, when the config schema (config-schema.ts) would accept it and
 * return the same data, checked by plain code; else null, and the loader asks zod, which decides
 * and words every problem. Loading zod and building the schema cost more than a whole small run
 * does, and most config files are valid. Like the case files' quick check (quick-validate.ts)
 * it must never accept what the schema refuses: what it is unsure of (an `undefined` value, an
 * object that is not a plain one, a `__proto__` or `constructor` key) is left to zod. A test
 * holds the two to the same verdicts on tables of valid and invalid config files.
 */
export function validConfigQuickly(value: unknown): ConfigInput | null {
  return sure(checkConfig, value) ? (value as ConfigInput) : null;
}

/** Text of at least `minimum` characters (the schemas check the length and do not trim). */
function text(value: unknown, minimum = 1): void {
  if (typeof value !== 'string' || value.length < minimum) unsure();
}

function textList(value: unknown, minimumItems = 0): void {
  if (!Array.isArray(value) || value.length < minimumItems) unsure();
  for (let index = 0; index < value.length; index += 1) text(value[index]);
}

const CONFIG_KEYS = new Set([
  '$schema',
  'cases',
  'fixtures',
  'out',
  'baselineDir',
  'annotations',
  'contract',
  'policies',
  'checks',
]);

function checkConfig(value: unknown): void {
  const object = plainObject(value);
  for (const key of Object.keys(object)) {
    const field = object[key];
    if (!CONFIG_KEYS.has(key) || field === undefined) unsure();
    switch (key) {
      case '$schema':
        text(field, 0);
        break;
      case 'annotations':
        if (typeof field !== 'boolean') unsure();
        break;
      case 'contract':
        checkContract(field);
        break;
      case 'policies':
        // Any value: scan validates it.
        break;
      case 'checks':
        severityBlock(field);
        break;
      default:
        // cases, fixtures, out, baselineDir: a non-empty path.
        text(field);
    }
  }
}

/** The `contract:` block's lists and the least number of items each must have. */
const CONTRACT_LISTS: ReadonlyMap<string, number> = new Map([
  ['verdicts', 1],
  ['claimVerifications', 1],
  ['protocolMarkers', 0],
  ['negationTriggers', 0],
  ['hedgeTriggers', 0],
  ['completedStatuses', 1],
  ['gatekeeperStatuses', 1],
  ['emptyResultMarkers', 0],
  ['toolNames', 0],
]);

function checkContract(value: unknown): void {
  const object = plainObject(value);
  for (const key of Object.keys(object)) {
    const field = object[key];
    if (field === undefined) unsure();
    const minimumItems = CONTRACT_LISTS.get(key);
    if (minimumItems !== undefined) textList(field, minimumItems);
    else if (key === 'passVerdict' || key === 'rejectVerdict') text(field);
    else if (key === 'degradedOutput') checkDegradedOutput(field);
    else unsure();
  }
}

function checkDegradedOutput(value: unknown): void {
  const object = plainObject(value);
  for (const key of Object.keys(object)) {
    const field = object[key];
    if (key === 'markers') textList(field, 1);
    else if (key === 'maxDraftOverlap') {
      if (typeof field !== 'number' || !Number.isFinite(field) || field < 0 || field > 1) unsure();
    } else unsure();
  }
}

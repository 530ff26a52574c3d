import { createAttributes, type AttributeValue, type Attributes } from './span.js';
import { isRecord } from '../io/is-record.js';


/**
 * OTLP `AnyValue` and `KeyValue` lists flattened to plain JSON values. Values a JSON file cannot
 * hold exactly stay text: an int64 beyond 2^53 becomes its decimal string, a non-finite double
 * its name, bytes their base64.
 */
export function flattenKeyValues(list: unknown, keep: (key: string) => boolean = () => true): Attributes {
  const attributes = createAttributes();
  if (!Array.isArray(list)) return attributes;
  for (const entry of list) {
    if (!isRecord(entry) || typeof entry.key !== 'string' || !keep(entry.key)) continue;
    attributes[entry.key] = flattenAnyValue(entry.value);
  }
  return attributes;
}

export function flattenAnyValue(value: unknown): AttributeValue {
  if (!isRecord(value)) return toAttributeValue(value);
  if ('stringValue' in value) return typeof value.stringValue === 'string' ? value.stringValue : toAttributeValue(value.stringValue);
  if ('boolValue' in value) return value.boolValue === true || value.boolValue === 'true';
  if ('intValue' in value) return integerValue(value.intValue);
  if ('doubleValue' in value) return doubleValue(value.doubleValue);
  if ('bytesValue' in value) return typeof value.bytesValue === 'string' ? value.bytesValue : null;
  if ('arrayValue' in value) {
    const values = isRecord(value.arrayValue) ? value.arrayValue.values : undefined;
    return Array.isArray(values) ? values.map(flattenAnyValue) : [];
  }
  if ('kvlistValue' in value) {
    const values = isRecord(value.kvlistValue) ? value.kvlistValue.values : undefined;
    return flattenKeyValues(values);
  }
  return null;
}

/** A JS number when exact, else the decimal text. */
export function integerValue(value: unknown): AttributeValue {
  if (typeof value === 'bigint') return Number.isSafeInteger(Number(value)) ? Number(value) : value.toString();
  if (typeof value === 'number') return Number.isFinite(value) ? value : String(value);
  if (typeof value === 'string' && /^-?\d+$/u.test(value.trim())) {
    const number = Number(value);
    return Number.isSafeInteger(number) ? number : BigInt(value.trim()).toString();
  }
  return toAttributeValue(value);
}

export function doubleValue(value: unknown): AttributeValue {
  if (typeof value === 'bigint') return Number(value);
  if (typeof value === 'number') return Number.isFinite(value) ? value : String(value);
  if (typeof value === 'string') {
    const number = Number(value);
    return value.trim() !== '' && Number.isFinite(number) ? number : value;
  }
  return toAttributeValue(value);
}

/** Any parsed JSON value made safe for a JSON file (no bigint). */
export function toAttributeValue(value: unknown): AttributeValue {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string' || typeof value === 'boolean') return value;
  if (typeof value === 'number') return Number.isFinite(value) ? value : String(value);
  if (typeof value === 'bigint') return integerValue(value);
  if (Array.isArray(value)) return value.map(toAttributeValue);
  if (typeof value === 'object') {
    const record = createAttributes();
    for (const [key, entry] of Object.entries(value)) record[key] = toAttributeValue(entry);
    return record;
  }
  return null;
}


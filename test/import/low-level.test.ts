import { describe, expect, it } from 'vitest';
import { isoTime } from '../../src/import/map/iso-time.js';
import {
  flattenAnyValue,
  flattenKeyValues,
  normalizeId,
  parseSpanKind,
  parseStatusCode,
  spanDurationMs,
  toNanoseconds,
} from '../../src/import/read/values.js';
import { parseEmbeddedJson, parseLosslessJson as parseJson } from '../../src/io/json/parse-json.js';

describe('normalizeId: every id as lowercase hex', () => {
  it.each([
    ['OTLP hex, upper case', '5B8EFFF798038103D269B633813FC60C', 'trace', '5b8efff798038103d269b633813fc60c'],
    ['16-digit hex span id', 'EEE19B7EC3C1B174', 'span', 'eee19b7ec3c1b174'],
    ['16 decimal digits are hex, as OTLP writes them', '1234567890123456', 'span', '1234567890123456'],
    ['base64 trace id (Tempo API)', 'W47/95gDgQPSabYzgT/GDA==', 'trace', '5b8efff798038103d269b633813fc60c'],
    ['base64 span id', '7uGbfsPBsXQ=', 'span', 'eee19b7ec3c1b174'],
    ['decimal string', '9295669169508793927', 'span', '8100d9dbee1f3e47'],
    ['decimal number', 255, 'span', '00000000000000ff'],
    [
      'decimal bigint beyond 2^64',
      100927429609276267646756448943279827607n,
      'trace',
      '4bedea77bb33b9c5f280371eae21ea97',
    ],
    ['short hex is padded', 'abc', 'trace', '00000000000000000000000000000abc'],
  ] as const)('%s', (_label, value, kind, expected) => {
    expect(normalizeId(value, kind)).toBe(expected);
  });

  it.each([[''], ['0000000000000000'], [null], [undefined], [{}], [-1]])('%j is no id', (value) => {
    expect(normalizeId(value, 'span')).toBeNull();
  });
});

describe('timestamps: integer nanoseconds end to end', () => {
  it.each([
    ['string beyond 2^53', '1777555053780274701', 'ns', 1777555053780274701n],
    ['bigint from a lossless parse', 1777555053780274701n, 'ns', 1777555053780274701n],
    ['safe number', 1544712660000000, 'ns', 1544712660000000n],
    ['Jaeger microseconds', 1771237534578946, 'us', 1771237534578946000n],
    ['Jaeger microseconds as a string', '1771237534578946', 'us', 1771237534578946000n],
  ] as const)('%s', (_label, value, unit, expected) => {
    expect(toNanoseconds(value, unit)).toBe(expected);
  });

  it.each([[0], ['0'], [''], [null], ['soon'], [-5]])('%j is unset', (value) => {
    expect(toNanoseconds(value, 'ns')).toBeNull();
  });

  it.each([
    [4_650_224_102n, 4650.224102],
    [1_000_001n, 1.000001],
    [998n, 0.000998],
    [18_423_000_000n, 18423],
    [0n, 0],
    [9_007_199_254_740_991n, Number('9007199254.740991')],
    [9_007_199_254_740_993n, 9007199254.740993],
    [18_446_744_073_709_551_615n, Number('18446744073709.551615')],
  ])('%s ns = %s ms, exactly', (nanoseconds, milliseconds) => {
    expect(spanDurationMs(1_000n, 1_000n + nanoseconds)).toBe(milliseconds);
  });

  it('gives no duration for a span that ends before it starts or has no end', () => {
    expect(spanDurationMs(10n, 5n)).toBeNull();
    expect(spanDurationMs(10n, null)).toBeNull();
  });
});

describe('isoTime: a span time as toISOString writes it, to the millisecond', () => {
  it.each([
    [1n, '1970-01-01T00:00:00.000Z'],
    [1_000_000n, '1970-01-01T00:00:00.001Z'],
    [1_777_555_053_769_345_800n, '2026-04-30T13:17:33.769Z'],
    [1_777_593_599_999_999_999n, '2026-04-30T23:59:59.999Z'],
    [1_777_593_600_000_000_000n, '2026-05-01T00:00:00.000Z'],
    [2n ** 64n, '2554-07-21T23:34:33.709Z'],
    [253_402_300_800_000_000_000n, '+010000-01-01T00:00:00.000Z'],
    [8_640_000_000_000_001_000_000n, null],
  ])('%s ns is %s', (nanoseconds, text) => {
    expect(isoTime(nanoseconds)).toBe(text);
    if (text !== null) expect(isoTime(nanoseconds)).toBe(new Date(Number(nanoseconds / 1_000_000n)).toISOString());
  });
});

describe('parseJson: no digit lost', () => {
  it('keeps integers beyond 2^53 exact and leaves safe numbers as numbers', () => {
    const parsed = parseJson('{"start": 1777555053780274701, "count": 3, "ratio": 0.5, "text": "1777555053780274701"}');
    expect(parsed).toEqual({
      ok: true,
      value: { start: 1777555053780274701n, count: 3, ratio: 0.5, text: '1777555053780274701' },
    });
  });

  it.each([
    ['2^53 exactly', '{"n": 9007199254740992}', { n: 9007199254740992n }],
    ['2^53 - 1, the largest safe integer', '{"n": 9007199254740991}', { n: 9007199254740991 }],
    ['a negative long integer in a list', '[1, -12345678901234567890]', [1, -12345678901234567890n]],
    [
      'a long integer deep inside',
      '{"a": [{"b": {"c": [18446744073709551615]}}]}',
      { a: [{ b: { c: [18446744073709551615n] } }] },
    ],
    ['a large double written with an exponent', '{"n": 1.5e20}', { n: 1.5e20 }],
    ['a number too large for a double', '{"n": 1e400}', { n: Number.POSITIVE_INFINITY }],
    ['long digits only inside a string', '{"s": "at: 1234567890123456789"}', { s: 'at: 1234567890123456789' }],
  ])('reads %s as the lossless parser does', (_name, text, value) => {
    expect(parseJson(text)).toEqual({ ok: true, value });
  });

  it('keeps the last of duplicate keys, as JSON.parse does', () => {
    expect(parseJson('{"a": 12345678901234567, "a": 2}')).toEqual({ ok: true, value: { a: 2 } });
  });

  it('says where the syntax breaks, by line and column', () => {
    const parsed = parseJson('{\n  "a": tru\n}');
    expect(parsed.ok).toBe(false);
    expect(parsed.ok ? '' : parsed.message).toMatch(/at line 2, column \d+$/u);
  });

  it('parses embedded JSON objects and arrays only, and not when a long integer would be rounded', () => {
    expect(parseEmbeddedJson('{"service": "payment"}')).toEqual({ service: 'payment' });
    expect(parseEmbeddedJson(' [1, 2]')).toEqual([1, 2]);
    expect(parseEmbeddedJson('42')).toBeUndefined();
    expect(parseEmbeddedJson('{not json')).toBeUndefined();
    expect(parseEmbeddedJson('{"id": 12345678901234567890}')).toBeUndefined();
  });
});

describe('flattenAnyValue: every OTLP attribute type', () => {
  it.each([
    ['stringValue', { stringValue: 'x' }, 'x'],
    ['boolValue', { boolValue: true }, true],
    ['intValue as a string', { intValue: '-7' }, -7],
    ['intValue as a number', { intValue: 7 }, 7],
    ['intValue beyond 2^53 as a number', { intValue: 9007199254740993n }, '9007199254740993'],
    ['intValue beyond 2^53 as a string', { intValue: '18446744073709551615' }, '18446744073709551615'],
    ['doubleValue', { doubleValue: 0.25 }, 0.25],
    ['doubleValue NaN', { doubleValue: 'NaN' }, 'NaN'],
    ['doubleValue given as a string', { doubleValue: '2.5' }, 2.5],
    ['bytesValue stays base64', { bytesValue: 'AAEC/w==' }, 'AAEC/w=='],
    ['arrayValue', { arrayValue: { values: [{ stringValue: 'a' }, { intValue: '1' }] } }, ['a', 1]],
    ['empty arrayValue', { arrayValue: {} }, []],
    ['kvlistValue', { kvlistValue: { values: [{ key: 'k', value: { boolValue: false } }] } }, { k: false }],
    ['empty value', {}, null],
    ['unknown value type', { quantumValue: 1 }, null],
  ] as const)('%s', (_label, value, expected) => {
    expect(flattenAnyValue(value)).toEqual(expected);
  });

  it('stores a __proto__ key like any other', () => {
    const attributes = flattenKeyValues([{ key: '__proto__', value: { stringValue: 'x' } }]);
    expect(Object.keys(attributes)).toEqual(['__proto__']);
    expect(JSON.stringify(attributes)).toBe('{"__proto__":"x"}');
  });
});

describe('enums: numbers, proto names and plain words', () => {
  it.each([
    [2, 'server'],
    ['SPAN_KIND_SERVER', 'server'],
    ['SPAN_KIND_CLIENT', 'client'],
    ['client', 'client'],
    ['3', 'client'],
    [9, 'unspecified'],
    [undefined, 'unspecified'],
  ])('span kind %j → %s', (value, expected) => {
    expect(parseSpanKind(value)).toBe(expected);
  });

  it.each([
    [2, 'error'],
    ['STATUS_CODE_ERROR', 'error'],
    ['ERROR', 'error'],
    ['Ok', 'ok'],
    [1, 'ok'],
    [0, 'unset'],
    ['STATUS_CODE_UNSET', 'unset'],
    [undefined, 'unset'],
  ])('status %j → %s', (value, expected) => {
    expect(parseStatusCode(value)).toBe(expected);
  });
});

import { describeValue } from '../../io/validation/describe-value.js';
import { isRecord } from '../../io/validation/is-record.js';

/**
 * The message for a part of an export that is not of the type its format gives it (a `null`, a
 * number or a string left in a list of spans; spans that are not a list): it is skipped, and
 * named by its path in the document, so that no part of the input is left out without a word.
 */
export function notAnObject(path: string, value: unknown, expected: string): string {
  return `${path}: found ${describeValue(value)}; expected ${expected}; skipped`;
}

/**
 * The objects of a list of an export, each with its path (`path` names the list; `expected` says
 * what the list and each entry should have been). A list left out or `null` is empty, as protobuf
 * JSON writes it; a list that is not one, and an entry that is not an object, are skipped and
 * named (notAnObject). Paths are made only for a message.
 */
export function* objectsIn(
  list: unknown,
  path: () => string,
  expected: { list: string; entry: string },
  skip: (message: string) => void,
): Generator<[entry: Record<string, unknown>, entryPath: () => string]> {
  if (list === undefined || list === null) return;
  if (!Array.isArray(list)) {
    skip(notAnObject(path(), list, expected.list));
    return;
  }
  for (let index = 0; index < list.length; index += 1) {
    const entry: unknown = list[index];
    const entryPath = (): string => `${path()}[${index}]`;
    if (isRecord(entry)) yield [entry, entryPath];
    else skip(notAnObject(entryPath(), entry, expected.entry));
  }
}

/** What a list of spans and each of its entries should be, in OTLP and Jaeger alike. */
export const SPANS = { list: 'a list of spans', entry: 'a span object' };

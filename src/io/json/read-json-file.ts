import { type BoundedRead, type BoundedReadOptions, readBoundedFileSync } from '../files/bounded-read.js';
import { type DecodedText, decodeUtf8, withoutByteOrderMark } from '../files/decode-text.js';
import { type ParsedJson, parseJson, parseLosslessJson } from './parse-json.js';

type Failed<T> = Extract<T, { ok: false }>;

/**
 * A JSON file read whole (bounded), decoded and parsed, with what stopped it at each stage, so
 * that each reader can word its message as its command documents it (a fixture's reason, a
 * report's error, a replayed file's warning, an export's problem). The bytes are handed back
 * with the value: the replay server serves them unchanged.
 */
export type JsonFileRead =
  | { ok: true; value: unknown; text: string; bytes: Buffer }
  | { ok: false; stage: 'read'; read: Failed<BoundedRead> }
  | { ok: false; stage: 'decode'; problem: string; bytes: Buffer }
  | { ok: false; stage: 'parse'; parsed: Failed<ParsedJson>; text: string; bytes: Buffer };

export interface JsonFileOptions extends BoundedReadOptions {
  /** Integers beyond 2^53 kept exact as bigint (trace exports); default false, JSON.parse's numbers. */
  lossless?: boolean;
  /**
   * Bytes that are not UTF-8 replaced rather than refused (trace exports, whose attribute values
   * are the exporter's to get right); default false: a replaced character could make a check
   * pass or fail for the wrong reason.
   */
  replaceInvalidUtf8?: boolean;
}

export function readJsonFile(path: string, limitBytes: number, options: JsonFileOptions = {}): JsonFileRead {
  const read = readBoundedFileSync(path, limitBytes, options);
  if (!read.ok) return { ok: false, stage: 'read', read };
  const { bytes } = read;
  const decoded: DecodedText =
    options.replaceInvalidUtf8 === true
      ? { ok: true, text: withoutByteOrderMark(bytes.toString('utf8')) }
      : decodeUtf8(bytes);
  if (!decoded.ok) return { ok: false, stage: 'decode', problem: decoded.problem, bytes };
  const { text } = decoded;
  const parsed = options.lossless === true ? parseLosslessJson(text) : parseJson(text);
  if (!parsed.ok) return { ok: false, stage: 'parse', parsed, text, bytes };
  return { ok: true, value: parsed.value, text, bytes };
}

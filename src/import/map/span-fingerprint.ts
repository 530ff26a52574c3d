import type { ImportedSpan } from '../read/span.js';
import { canonicalJson } from './canonical-json.js';
import type { SpanFacts } from './span-facts.js';

/**
 * What tells two spans of one span id apart, as text: what the mapping reads of a span, but for
 * its resource (never read) and the tool responses its messages repeat, which a compacted span
 * keeps only when no span read before it did (RepeatedToolResponses). So the same span given
 * twice (the same export read twice, overlapping exports) has one fingerprint whatever was read
 * before it; two different spans under one id (which differ in their times, names or attributes
 * too) have two, and the smaller is the one kept, so that which one a trace keeps does not depend
 * on the order of the input. Made only when a span id comes again.
 */
export function spanFingerprint(span: ImportedSpan & { facts?: SpanFacts }): string {
  const { resource: _unread, facts, ...read } = span;
  return canonicalJson(facts === undefined ? read : { ...read, facts: { ...facts, toolResponses: [] } });
}

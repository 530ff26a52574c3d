import { escapeRegExp } from './escape-regexp.js';
import { normalizeText } from './normalize.js';

/** A protocol marker and the pattern that finds it in a normalised answer in another spelling. */
export interface MarkerPattern {
  readonly marker: string;
  readonly pattern: RegExp;
}

/**
 * Each marker as a pattern that accepts `_`, `-`, spaces or nothing between its words
 * (`evidence_bindings`, `evidence-bindings`, `Evidence Bindings`, `evidenceBindings`), as a whole
 * word; none for a marker of no word.
 */
export function compileMarkerPatterns(markers: readonly string[]): readonly MarkerPattern[] {
  return markers.flatMap((marker) => {
    const words = normalizeText(marker)
      .split(/[-_\s]+/u)
      .filter((word) => word !== '');
    if (words.length === 0) return [];
    const body = words.map(escapeRegExp).join('[-_\\s]*');
    return [{ marker, pattern: new RegExp(`(?<![a-z0-9_])${body}(?![a-z0-9_])`, 'u') }];
  });
}

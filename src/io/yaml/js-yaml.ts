import { createRequire } from 'node:module';
import type * as JsYaml from 'js-yaml';
import { type CasePieces, readCasesInPieces } from './yaml-in-pieces.js';

/**
 * A YAML text's value by js-yaml (YAML 1.2 core schema: `yes`, `no`, `on` are text; duplicate
 * keys refused), or null when the yaml package must read it (yaml-document.ts): a file js-yaml
 * refuses (the yaml package then names the problem in its words, or reads what js-yaml leaves to
 * it: an empty file, an unknown tag), a file with aliases (their expansion limit is the yaml
 * package's), a file with a directive (`%YAML 1.1` changes the schema). `pieces` says where the
 * cases stand when their list was read in pieces (yaml-in-pieces.ts), else null.
 */
export function loadYaml(text: string, maxDepth: number): { value: unknown; pieces: CasePieces | null } | null {
  // A `%` at a line start is a directive, or text inside a block scalar: either way the yaml package decides.
  if (DIRECTIVE.test(text)) return null;
  try {
    // Required on first use, not imported: a start of the CLI that reads no YAML does not load it,
    // and require takes js-yaml's CommonJS build, which reads a case list in pieces several times
    // faster than the ES module build an import (or the CLI's bundle) would take (CHANGELOG.md).
    const { CORE_SCHEMA, load } = createRequire(import.meta.url)('js-yaml') as typeof JsYaml;
    const read = (piece: string, depth: number) =>
      load(piece, { schema: CORE_SCHEMA, maxAliases: 0, maxDepth: maxDepth - depth });
    try {
      const inPieces = readCasesInPieces(text, read);
      if (inPieces !== null) return inPieces;
    } catch {
      // A piece that does not read: the whole file decides.
    }
    return { value: read(text, 0), pieces: null };
  } catch {
    return null;
  }
}

const DIRECTIVE = /^%/mu;

import { type PathSegment, problemAt, type StructuredFile } from '../io/structured-file.js';
import { closestKey } from '../io/validation/closest-key.js';
import { isRecord } from '../io/validation/is-record.js';
import { CHECK_IDS } from '../model/check-ids.generated.js';
import { ERROR_ONLY_CHECKS, SEVERITIES, type Severity } from './severity.js';

/**
 * A `checks:` block (config file, case file `defaults`, a case): check id → severity. The ids
 * are read from the check registry, so a check is configurable as soon as it is registered.
 * Every problem is returned, each naming the file, line, field, what was found and what was expected.
 */
export function severityBlockProblems(file: StructuredFile, path: readonly PathSegment[], block: unknown): string[] {
  if (!isRecord(block)) return [];
  const knownIds: readonly string[] = CHECK_IDS;
  const problems: string[] = [];
  for (const [id, severity] of Object.entries(block)) {
    if (!knownIds.includes(id)) {
      const suggestion = closestKey(id, knownIds);
      problems.push(
        problemAt(
          file,
          [...path, id],
          `found unknown check id "${id}"${suggestion === null ? '' : ` (did you mean "${suggestion}"?)`}, expected one of ${knownIds.join(', ')}`,
        ),
      );
      continue;
    }
    const allowed: readonly string[] = ERROR_ONLY_CHECKS.has(id) ? ['error'] : SEVERITIES;
    if (typeof severity !== 'string' || !allowed.includes(severity)) {
      // "warning" and "err" are common slips that the edit distance alone finds too far.
      const suggestion =
        typeof severity === 'string'
          ? (closestKey(severity, allowed) ??
            allowed.find(
              (known) => severity.toLowerCase().startsWith(known) || known.startsWith(severity.toLowerCase()),
            ) ??
            null)
          : null;
      const found = typeof severity === 'string' ? `"${severity}"` : (JSON.stringify(severity) ?? String(severity));
      const why = ERROR_ONLY_CHECKS.has(id)
        ? ` (a trace that does not load cannot be judged, so ${id} always fails the case)`
        : '';
      problems.push(
        problemAt(
          file,
          [...path, id],
          `found severity ${found}${suggestion === null || suggestion === severity ? '' : ` (did you mean "${suggestion}"?)`}, expected ${allowed.join(', ')}${why}`,
        ),
      );
    }
  }
  return problems;
}

/** The block once validated: only entries with a known id and severity are kept. */
export function readSeverityBlock(block: unknown): Record<string, Severity> {
  const severities: Record<string, Severity> = {};
  if (!isRecord(block)) return severities;
  for (const [id, severity] of Object.entries(block)) {
    if ((SEVERITIES as readonly unknown[]).includes(severity)) severities[id] = severity as Severity;
  }
  return severities;
}

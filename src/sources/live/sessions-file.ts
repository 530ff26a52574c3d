import { InputError } from '../../io/errors.js';
import { problemAt, readStructuredFile } from '../../io/structured-file.js';
import { describeValue } from '../../io/validation/describe-value.js';
import { isRecord } from '../../io/validation/is-record.js';

/**
 * `--sessions FILE`: a JSON object mapping case ids to the service's session ids (docs/contract.md §8).
 * Every bad entry is reported with its line, not only the first. The map has no prototype, so a
 * case named `constructor` does not find a function.
 */
export async function loadSessionsFile(path: string, displayName: string): Promise<Record<string, string>> {
  const file = await readStructuredFile(path, displayName);
  const value = file.value;
  if (!isRecord(value)) {
    throw new InputError(
      problemAt(file, [], `found ${describeValue(value)}; expected a JSON object of case id → session id`),
    );
  }
  const problems: string[] = [];
  const sessions: Record<string, string> = Object.create(null) as Record<string, string>;
  for (const [caseId, sessionId] of Object.entries(value)) {
    if (typeof sessionId === 'string' && sessionId.trim() !== '') sessions[caseId] = sessionId;
    else
      problems.push(
        problemAt(file, [caseId], `found ${describeValue(sessionId)}; expected a non-empty session id string`),
      );
  }
  if (problems.length > 0) throw new InputError(problems);
  return sessions;
}

/**
 * Rows by id, the first row of each id kept. The loader rejects repeated ids (of cases, of a
 * case's checks); a report built in code that repeats one is read by its first entry, by every
 * part of the diff alike.
 */
export function firstById<T>(rows: readonly T[], idOf: (row: T) => string): Map<string, T> {
  const byId = new Map<string, T>();
  for (const row of rows) {
    if (!byId.has(idOf(row))) byId.set(idOf(row), row);
  }
  return byId;
}

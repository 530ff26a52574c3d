/**
 * A part of the input that an import left out (a JSON Lines line that is not JSON, a trace
 * without spans, a span without ids). The rest is still imported; the command then exits 1.
 */
export interface ImportProblem {
  /** The export file as displayed: relative to the working directory, with `/`. */
  file: string;
  /** 1-based line of a JSON Lines file; null for a whole document. */
  line: number | null;
  message: string;
}

export function formatImportProblem(problem: ImportProblem): string {
  return `${problem.file}${problem.line === null ? '' : `:${problem.line}`}: ${problem.message}`;
}

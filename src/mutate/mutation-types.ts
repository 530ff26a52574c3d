/** `mutation.json` (docs/contract.md §1, `mutate`): plain data, rendered to JSON and Markdown. */
export interface MutationReport {
  mutationVersion: 1;
  summary: MutationSummary;
  operators: OperatorScore[];
  cases: CaseScore[];
  /** Every surviving mutant with what to change, in case order then operator order. */
  survivors: Survivor[];
  /** Every mutant, in case order then operator order: killed or not, and by which checks. */
  mutants: MutantResult[];
  /** Meaning-preserving variants that failed their case: fragile cases that would raise false alarms. */
  fragile: FragileVariant[];
}

export interface MutationSummary {
  cases: number;
  /** Cases whose trace passes today: the ones mutated. */
  mutatedCases: number;
  skippedCases: number;
  mutants: number;
  killed: number;
  survived: number;
  /** killed / mutants, rounded to 4 places; null when there was no mutant. */
  score: number | null;
  minScore: number | null;
  /** Meaning-preserving variants evaluated, and how many of them failed their case. */
  variants: number;
  fragileVariants: number;
}

/** The mutants of an operator or a case and how many were killed; `score` is killed / mutants, null when none. */
export interface MutantCounts {
  mutants: number;
  killed: number;
  survived: number;
  score: number | null;
}

export interface OperatorScore extends MutantCounts {
  operator: string;
  description: string;
}

export interface CaseScore extends MutantCounts {
  caseId: string;
  /** `mutated`, or `skipped` with the reason (the case fails today, or its trace could not be had). */
  status: 'mutated' | 'skipped';
  reason: string | null;
}

/** One mutant: the case it regresses, the operator that made it, and its label among that operator's mutants of the case. */
interface MutantName {
  caseId: string;
  operator: string;
  label: string;
}

export interface Survivor extends MutantName {
  suggestion: string;
}

export interface MutantResult extends MutantName {
  killed: boolean;
  /** The checks that failed on the mutant, in registry order. */
  killedBy: string[];
}

export interface FragileVariant {
  caseId: string;
  rewrite: string;
  label: string;
  failedChecks: { check: string; message: string }[];
}

/** The report schema version this version writes (docs/contract.md §6); kept apart from the schema so that writing a report loads no zod. */
export const REPORT_SCHEMA_VERSION = 2;

/**
 * The report schema versions this version reads: version 2 added the repeated-run statistics
 * (S76), all optional, so a report of version 1 is still a baseline to compare against.
 */
export const READABLE_REPORT_SCHEMA_VERSIONS: readonly number[] = [1, 2];

/**
 * The most bytes the harness reads from one input, by kind (docs/contract.md §1, "Limits").
 * A larger input is refused with a message before it is read, so that no file, pipe or device
 * can exhaust memory. Whole files are decoded into one string, and V8 strings stop at about
 * 512 MiB, so no limit goes beyond that.
 */
export const MIB = 1024 * 1024;

/** One trace fixture (and one trace fetched in live mode, by default: `--max-body-mb`). */
export const MAX_FIXTURE_BYTES = 64 * MIB;
/** A case file, a config file, a `--sessions` file. */
export const MAX_CASE_FILE_BYTES = 256 * MIB;
/** A report.json read by `diff` and `check` (a run of a hundred thousand cases writes a few hundred MiB). */
export const MAX_REPORT_BYTES = 500 * MIB;
/** An export read by `import` / `--traces` as one JSON document. */
export const MAX_EXPORT_DOCUMENT_BYTES = 256 * MIB;
/** One line of a JSON Lines export; a longer line is skipped, the rest of the file is read. */
export const MAX_EXPORT_LINE_BYTES = 64 * MIB;
/** Default and upper bound of `--max-body-mb`, a response body in live mode. */
export const DEFAULT_MAX_BODY_MB = 64;
export const MAX_BODY_MB_LIMIT = 256;

/** `64 MiB`, `1.5 MiB`, `512 KiB` */
export function formatBytes(bytes: number): string {
  if (bytes >= MIB) return `${Number((bytes / MIB).toFixed(1))} MiB`;
  if (bytes >= 1024) return `${Number((bytes / 1024).toFixed(1))} KiB`;
  return `${bytes} bytes`;
}

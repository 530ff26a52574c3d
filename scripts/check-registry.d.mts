/** Types of scripts/check-registry.mjs, for the tests that run the generator. */
export interface CheckMetadata {
  file: string;
  exportName: string;
  id: string;
  order: number;
  spec: string[];
  description: string;
  failsWhen: string;
  skippedWhen: string;
  inputs: string[];
  defaultSeverity?: string;
  errorOnly?: boolean;
  scanByDefault?: boolean;
}
export const TABLE_START: string;
export const TABLE_END: string;
export function exportNameOf(id: string): string;
export function readChecks(checksDir: string): CheckMetadata[];
export function renderRegistry(checks: readonly CheckMetadata[]): string;
export function renderCheckIds(checks: readonly CheckMetadata[]): string;
export function renderHelpList(checks: readonly CheckMetadata[]): string;
export function renderCheckTable(checks: readonly CheckMetadata[]): string;
export function withCheckTable(document: string, table: string, name?: string): string;
export function generatedFiles(root: string): Record<string, string>;
export function contractWithTable(root: string): string;
export function renderCheckIndex(checks: readonly CheckMetadata[]): string;
export function generatedDocs(root: string): Record<string, string>;

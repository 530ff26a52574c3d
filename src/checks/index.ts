/**
 * The check registry: every check of src/checks/, in report order. The list itself is generated
 * from the check files (registry.generated.ts, written by scripts/check-registry.mjs on every
 * `npm run build`), so a new check file joins it without an edit here.
 */
export { CHECKS } from './registry.generated.js';

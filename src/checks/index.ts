/** Every check of src/checks/, in report order, generated from the check files on every `npm run build`. */
export { CHECKS } from './registry.generated.js';

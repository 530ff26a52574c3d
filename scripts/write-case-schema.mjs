// Regenerates schema/cases.schema.json from the case-file schema in src/cases/schema.ts (after `npm run build`).
import { writeFileSync } from 'node:fs';
import { renderCaseFileJsonSchema } from '../dist/checks/case-file-json-schema.js';

writeFileSync(new URL('../schema/cases.schema.json', import.meta.url), renderCaseFileJsonSchema());

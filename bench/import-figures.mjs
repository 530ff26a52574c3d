import { existsSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';

const IMPORT_BENCH = fileURLToPath(new URL('./import.mjs', import.meta.url));

/**
 * The OTLP JSON Lines import bench lives in bench/import.mjs. When it is
 * there and exports benchImport(), it is run (its own lines go to `log`) and whatever figures
 * it returns are passed on; otherwise the section is skipped with a note.
 */
export async function runImportBench(log) {
  if (!existsSync(IMPORT_BENCH)) return { status: 'skipped', note: 'bench/import.mjs does not exist yet' };
  const module = await import(pathToFileURL(IMPORT_BENCH).href);
  if (typeof module.benchImport !== 'function') {
    return { status: 'skipped', note: 'bench/import.mjs does not export benchImport()' };
  }
  let logged = 0;
  const figures = await module.benchImport({
    log: (line) => {
      logged += 1;
      log(line);
    },
  });
  return { status: 'ok', figures: figures ?? null, logged };
}

/** Figures as `key: value` lines, nested objects flattened with dots. */
export function figureLines(figures, prefix = '') {
  if (figures === null || typeof figures !== 'object') return [`${prefix || 'result'}: ${String(figures)}`];
  return Object.entries(figures).flatMap(([key, value]) =>
    value !== null && typeof value === 'object' && !Array.isArray(value)
      ? figureLines(value, `${prefix}${key}.`)
      : [`${prefix}${key}: ${typeof value === 'number' ? Number(value.toFixed(2)) : JSON.stringify(value)}`],
  );
}

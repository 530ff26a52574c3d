import { InputError } from '../io/errors.js';
import { readBoundedFileSync } from '../io/files/bounded-read.js';
import { parseJson } from '../io/json/parse-json.js';
import * as z from '../io/validation/zod.js';
import type { SearchedWindow } from './search-windows.js';

export const MANIFEST_FILE = 'manifest.json';
const MANIFEST_VERSION = 1;
/** A manifest is a list of ids and windows; more than this is not one pull wrote. */
const MAX_MANIFEST_BYTES = 256 * 1024 * 1024;

export interface ManifestTrace {
  traceId: string;
  fixture: string;
}

export interface ManifestSkip {
  /** The trace skipped, or null when a whole search window is concerned. */
  traceId: string | null;
  window: string | null;
  reason: string;
}

/**
 * DIR/manifest.json (docs/contract.md §1, `pull`): where the traces came from and what became of
 * them. No headers, no credentials, no clock: the same pull of the same responses writes the
 * same bytes. Key order here is the order written.
 */
export interface PullManifest {
  manifestVersion: 1;
  source: 'tempo' | 'jaeger';
  url: string;
  query: string;
  since: string;
  until: string;
  windowSeconds: number;
  limit: number;
  counts: {
    windows: number;
    found: number;
    fetched: number;
    alreadyPresent: number;
    skipped: number;
    fixtures: number;
  };
  windows: SearchedWindow[];
  /** Every fixture of the folder that a pull wrote, this one or an earlier one into the same folder; sorted by trace id. */
  traces: ManifestTrace[];
  /** This pull's skips; sorted by trace id, window skips first. */
  skipped: ManifestSkip[];
}

/** The manifest an earlier pull left in the folder, or null. */
export async function readManifest(path: string, displayName: string): Promise<EarlierManifest | null> {
  // Read through the bounded reader like every other input: a pipe or a device in its place
  // is refused at once, and no more than the limit is ever read.
  const read = readBoundedFileSync(path, MAX_MANIFEST_BYTES);
  if (!read.ok) {
    if (read.missing) return null;
    throw new InputError(
      read.tooLarge === undefined
        ? `${displayName}: ${read.problem}`
        : `${displayName}: ${read.tooLarge.size === null ? 'more than' : `${read.tooLarge.size} bytes, over`} the ${MAX_MANIFEST_BYTES}-byte limit for a pull manifest`,
    );
  }
  const parsed = parseJson(read.bytes.toString('utf8'));
  if (!parsed.ok || !EARLIER_MANIFEST.safeParse(parsed.value).success) {
    const where = parsed.ok ? '' : ` (${parsed.problem})`;
    throw new InputError(
      `${displayName}: not a pull manifest${where}; expected the manifest.json of an earlier diag-eval pull (manifestVersion ${MANIFEST_VERSION}, source, url, query, traces), or pull into another folder`,
    );
  }
  const manifest = parsed.value as EarlierManifest;
  // A manifest's fixture entries are carried forward and checked for on disk: each must be a
  // plain file name in the folder, never a path that leads out of it.
  const outside = manifest.traces.findIndex((trace) => !isPlainFixtureName(trace.fixture));
  if (outside !== -1) {
    const fixture = (manifest.traces[outside] as ManifestTrace).fixture;
    throw new InputError(
      `${displayName}: traces[${outside}].fixture: found ${JSON.stringify(fixture.length > 200 ? `${fixture.slice(0, 200)}…` : fixture)}; expected the name of a .json file in the folder (no folder part, not ${MANIFEST_FILE})`,
    );
  }
  return manifest;
}

/** What a resumed pull needs of the manifest an earlier one left: its source, query and traces, as written. */
type EarlierManifest = Pick<PullManifest, 'source' | 'url' | 'query' | 'traces'>;

const EARLIER_MANIFEST = z.object({
  manifestVersion: z.literal(MANIFEST_VERSION),
  source: z.enum(['tempo', 'jaeger']),
  url: z.string(),
  query: z.string(),
  traces: z.array(z.object({ traceId: z.string(), fixture: z.string() })),
});

/** A fixture name a manifest may hold: one `.json` file directly in the folder. */
function isPlainFixtureName(name: string): boolean {
  return (
    name.endsWith('.json') &&
    name !== MANIFEST_FILE &&
    name.length <= 255 &&
    !/[/\\\u0000-\u001f]/u.test(name) &&
    name !== '.json'
  );
}

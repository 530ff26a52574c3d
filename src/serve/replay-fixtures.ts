import type { Dirent } from 'node:fs';
import { readdir, realpath, stat } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { InputError } from '../io/errors.js';
import { displayPath } from '../io/files/display-path.js';
import { MAX_FIXTURE_BYTES } from '../io/files/input-limits.js';
import { liesInside } from '../io/files/lies-inside.js';
import { readJsonFile } from '../io/json/read-json-file.js';
import { asRecord } from '../io/validation/is-record.js';
import { compareText } from '../model/text-order.js';
import { normalizeText } from '../text/normalize.js';
import { sessionIdOf, textFieldAt, unwrapEnvelope } from '../trace/envelope.js';

/** One fixture as the replay server serves it: its bytes unchanged, so envelopes and snake_case reach the client as written. */
export interface ReplayFixture {
  /** The fixture's `sessionId` (envelope and snake_case tolerated), else its file name without `.json`. */
  id: string;
  /** Relative to the working directory, with `/`. */
  file: string;
  body: Buffer;
  /** The fixture's question normalised (docs/contract.md §2), for `POST /api/chat`; null when it has none. */
  question: string | null;
}

export interface ReplayFixtureSet {
  /** In file-path order. */
  fixtures: ReplayFixture[];
  warnings: string[];
}

/**
 * Reads every `.json` file under the folder, sub-folders included (a case's `traceFixture` may
 * name one), in a stable order, so that when two fixtures claim one session id the same one wins
 * every time. A file that is not JSON is still served, under its file name: replaying it shows how
 * the harness takes a broken response.
 */
export async function loadReplayFixtures(fixturesDir: string, cwd: string): Promise<ReplayFixtureSet> {
  const shownDir = displayPath(fixturesDir, cwd);
  const folder = await stat(fixturesDir).catch(() => null);
  if (folder === null || !folder.isDirectory()) {
    throw new InputError(
      `--fixtures ${shownDir}: ${folder === null ? 'no such folder' : 'not a folder'}; expected a folder of trace fixtures (.json files)`,
    );
  }
  const fixtures: ReplayFixture[] = [];
  const warnings: string[] = [];
  const owners = new Map<string, string>();
  const realFolder = await realpath(fixturesDir);
  for (const { path, link } of await jsonFilesUnder(fixturesDir)) {
    const file = displayPath(path, cwd);
    // A link is followed as `run` follows one: only to a file inside the fixtures folder.
    if (link && !(await leadsInside(path, realFolder))) {
      warnings.push(`${file}: skipped, a symbolic link that leads outside the fixtures folder`);
      continue;
    }
    const read = readJsonFile(path, MAX_FIXTURE_BYTES);
    if (!read.ok && read.stage === 'read') {
      warnings.push(
        `${file}: skipped, ${read.read.tooLarge === undefined ? read.read.problem : `the file ${read.read.problem}`}`,
      );
      continue;
    }
    const body = read.bytes;
    const fields = read.ok ? asRecord(unwrapEnvelope(read.value).root) : null;
    if (fields === null) warnings.push(`${file}: not a JSON object; served as it is`);
    const id = sessionIdOf(fields) ?? basename(path).replace(/\.json$/iu, '');
    const owner = owners.get(id);
    if (owner !== undefined) {
      warnings.push(`${file}: skipped, session id ${JSON.stringify(id)} is already served from ${owner}`);
      continue;
    }
    owners.set(id, file);
    const question = textFieldAt(fields, ['question']);
    fixtures.push({ id, file, body, question: question === null ? null : normalizeQuestion(question) });
  }
  return { fixtures, warnings };
}

/** Questions compare as keywords do (docs/contract.md §2), trimmed: a re-typed question still finds its fixture. */
export function normalizeQuestion(question: string): string {
  return normalizeText(question).trim();
}

/** Whether the link's target is inside the folder (its real path); a broken link is read, and named, as a missing file. */
async function leadsInside(path: string, realFolder: string): Promise<boolean> {
  const target = await realpath(path).catch(() => null);
  return target === null || liesInside(realFolder, target);
}

/** The `.json` files under the folder; a link named `.json` is listed too (marked), a linked folder is not entered. */
async function jsonFilesUnder(folder: string): Promise<{ path: string; link: boolean }[]> {
  const entries: Dirent[] = await readdir(folder, { withFileTypes: true });
  const files: { path: string; link: boolean }[] = [];
  for (const entry of entries.sort((a, b) => compareText(a.name, b.name))) {
    // Hidden entries are editor and VCS state; `.tmp-` files are atomic writes still under way.
    if (entry.name.startsWith('.') || entry.name.includes('.tmp-')) continue;
    const path = join(folder, entry.name);
    if (entry.isDirectory()) files.push(...(await jsonFilesUnder(path)));
    else if ((entry.isFile() || entry.isSymbolicLink()) && /\.json$/iu.test(entry.name))
      files.push({ path, link: entry.isSymbolicLink() });
  }
  return files;
}

import { existsSync } from 'node:fs';
import { copyFile, mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { holdTemporary, writeFileAtomic } from '../io/files/atomic-write.js';
import { ensureFolder } from '../io/files/ensure-folder.js';
import { upwards } from '../io/files/upwards.js';
import type { TraceDocument } from '../trace/types.js';
import type { ImportedTrace } from './import-traces.js';
import { formatTraceJson } from './trace-json.js';

/** What is kept of a trace once its fixture is staged: enough to match it to a case and name it. */
export interface StagedTrace {
  traceId: string;
  file: string;
  document: Pick<TraceDocument, 'sessionId' | 'question'>;
  matchValues?: Record<string, string[]>;
}

/** Fixtures being written at the same time: enough to keep the disk busy while the next trace is read and converted. */
const WRITES_IN_FLIGHT = 16;

/**
 * Writes each converted trace as soon as it is handed on, into a hidden folder inside the out
 * folder, while the export is still being read; nothing is put in place until the whole import
 * has succeeded (`publish`), and nothing is left behind when it fails (`discard`). So memory
 * holds a few fixtures at a time, not every trace of the export, and the writes overlap the
 * reading instead of following it.
 *
 * When the hidden folder cannot be made (the out folder cannot be written), the fixtures are
 * kept in memory and written by `publish` as if there were no staging, which then names the
 * problem as a write of the fixture itself does.
 */
export class FixtureStaging {
  /** By the trace's index (its order of first appearance). */
  readonly traces: StagedTrace[] = [];
  private readonly inMemory = new Map<number, TraceDocument>();
  private readonly writes = new Map<number, Promise<void>>();
  /** How many times each trace was handed on: a write decides what stays only while it holds the last version. */
  private readonly versions = new Map<number, number>();
  private folder: string | null = null;
  private hold: { release(): void } | null = null;
  private unusable = false;
  /** The outermost folder this import made (the out folder or one of its parents), removed when nothing is published. */
  private created: string | null = null;
  /** A staged write failed (a full disk, say): the fixtures after it are kept in memory too. */
  private writeFailed = false;

  /** `matching`: keep each trace's session id and question, to match the traces to cases once all are read. */
  constructor(
    private readonly outDir: string,
    private readonly matching: boolean,
  ) {}

  /** Takes one converted trace (again, with the same index, when more of it was read). */
  async stage(trace: ImportedTrace, index: number): Promise<void> {
    const { sessionId = null, question = null } = this.matching ? trace.document : {};
    this.traces[index] = {
      traceId: trace.traceId,
      file: trace.file,
      document: { sessionId, question },
      matchValues: trace.matchValues,
    };
    const version = (this.versions.get(index) ?? 0) + 1;
    this.versions.set(index, version);
    const folder = await this.stagingFolder();
    if (folder === null || this.writeFailed) {
      this.inMemory.set(index, trace.document);
      return;
    }
    const text = formatTraceJson(trace.document);
    // A trace handed on again is written after its earlier write, so the last one stays.
    const earlier = this.writes.get(index) ?? Promise.resolve();
    const isLast = () => this.versions.get(index) === version;
    const settled: Promise<void> = earlier
      .then(() => writeFile(join(folder, `${index}.json`), text))
      .then(() => {
        // An earlier version kept in memory after its write failed would be put in place instead.
        if (isLast()) this.inMemory.delete(index);
      })
      .catch(() => {
        // Kept in memory instead; publish writes it in place and names any problem there.
        this.writeFailed = true;
        if (isLast()) this.inMemory.set(index, trace.document);
      })
      .finally(() => {
        if (this.writes.get(index) === settled) this.writes.delete(index);
      });
    this.writes.set(index, settled);
    if (this.writes.size >= WRITES_IN_FLIGHT) await Promise.race(this.writes.values());
  }

  /**
   * Puts the fixtures in place in the order given (a later one of the same name wins), calling
   * `written` after each; throws as the write of that fixture would.
   */
  async publish(
    planned: ReadonlyArray<{ name: string; index: number }>,
    written: (path: string, index: number) => void,
  ): Promise<void> {
    await Promise.all(this.writes.values());
    const lastUse = new Map<number, number>();
    for (const [position, entry] of planned.entries()) lastUse.set(entry.index, position);
    // A few at a time, reported in the planned order; two fixtures of one name one after the other, so the later wins.
    const inFlight: Array<{ path: string; index: number; done: Promise<void> }> = [];
    const finishOldest = async (): Promise<void> => {
      const oldest = inFlight.shift();
      if (oldest === undefined) return;
      try {
        await oldest.done;
      } catch (error) {
        await Promise.allSettled(inFlight.map((operation) => operation.done));
        // What putInPlace does (the file system, formatTraceJson) fails with an Error.
        throw Object.assign(error as Error, { fixturePath: oldest.path });
      }
      this.created = null;
      written(oldest.path, oldest.index);
    };
    for (const [position, entry] of planned.entries()) {
      const path = resolve(this.outDir, entry.name);
      // A staged file copied for one name must be copied before it is moved to the last.
      if (inFlight.some((operation) => operation.path === path || operation.index === entry.index))
        while (inFlight.length > 0) await finishOldest();
      const done = this.putInPlace(entry.index, path, lastUse.get(entry.index) === position);
      // Awaited in order by finishOldest; until then a failure must not count as unhandled.
      done.catch(() => undefined);
      inFlight.push({ path, index: entry.index, done });
      if (inFlight.length >= WRITES_IN_FLIGHT) await finishOldest();
    }
    while (inFlight.length > 0) await finishOldest();
  }

  private async putInPlace(index: number, path: string, lastUse: boolean): Promise<void> {
    // A case's traceFixture may name a subfolder of the out folder.
    if (dirname(path) !== this.outDir) await mkdir(dirname(path), { recursive: true });
    const document = this.inMemory.get(index);
    if (document !== undefined || this.folder === null) {
      await writeFileAtomic(path, formatTraceJson(document as TraceDocument));
      return;
    }
    const staged = join(this.folder, `${index}.json`);
    if (lastUse) await rename(staged, path);
    else await copyFile(staged, path);
  }

  /** Removes the hidden folder, and the out folder when this import made it and put nothing in it. */
  async discard(): Promise<void> {
    await Promise.allSettled(this.writes.values());
    if (this.folder !== null) await rm(this.folder, { recursive: true, force: true });
    this.hold?.release();
    this.hold = null;
    if (this.created !== null) await rm(this.created, { recursive: true, force: true });
    this.folder = null;
    this.created = null;
  }

  private async stagingFolder(): Promise<string | null> {
    if (this.folder !== null || this.unusable) return this.folder;
    try {
      this.created = outermostMissing(this.outDir);
      await ensureFolder(this.outDir);
      const folder = join(this.outDir, `.diag-eval-import-${process.pid}-${Date.now().toString(36)}`);
      await mkdir(folder);
      this.folder = folder;
      this.hold = holdTemporary(folder);
    } catch {
      this.unusable = true;
      if (this.created !== null) await rm(this.created, { recursive: true, force: true }).catch(() => undefined);
      this.created = null;
    }
    return this.folder;
  }
}

function outermostMissing(folder: string): string | null {
  let missing: string | null = null;
  for (const current of upwards(folder)) {
    if (existsSync(current)) break;
    missing = current;
  }
  return missing;
}

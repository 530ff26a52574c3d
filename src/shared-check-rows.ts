import type { CheckRow } from './report/types.js';

/**
 * Check rows repeat from case to case (`trace-loadable` "trace loaded", `tool-call-budget` "5 tool
 * calls, within the budget of 8"), and a report keeps every one of them. Equal rows are kept as
 * one object, shared by every result that has it, so that a run of many cases holds each distinct
 * row once instead of once per case: less memory, and far fewer objects for the garbage collector
 * to move and mark while the results accumulate. A shared row is frozen: a row is settled (its
 * outcome after the case's severity) before it is asked for, and never changed afterwards.
 *
 * Bounded: when full it starts afresh, which costs only some sharing.
 *
 * A row is most often one its check gave a moment ago: the last few rows of each check are
 * compared first, which needs no hash of the message, as a look-up in the map does. A check whose
 * rows seldom repeat (`duration-budget` names each trace's duration) stops being shared once that
 * is clear: looking for its rows would cost a look-up and a place in the map each, for nothing.
 */
export class SharedCheckRows {
  /** Rows by message (several checks or outcomes may say the same). */
  private readonly byMessage = new Map<string, CheckRow[]>();
  private size = 0;
  /**
   * Per check (by its place in the check list): its last rows, in a ring (`next` is the slot the
   * next new row takes), and how many rows it asked for and how many of them were new.
   */
  private readonly perCheck: CheckRows[];

  constructor(
    checkCount: number,
    private readonly capacity = 20_000,
  ) {
    this.perCheck = Array.from({ length: checkCount }, () => ({ slots: [], next: 0, asked: 0, made: 0 }));
  }

  /** The shared row of the check at `checkIndex` (whose id is `check`) with this outcome and message. */
  row(checkIndex: number, check: string, outcome: CheckRow['outcome'], message: string): CheckRow {
    const recent = this.perCheck[checkIndex] as CheckRows;
    const { slots } = recent;
    if (recent.made > SELDOM_REPEATED * recent.asked && recent.asked >= JUDGED_AFTER)
      return Object.freeze({ check, outcome, message });
    recent.asked += 1;
    // Newest first: a check most often gives the row it gave for the trace before.
    for (let back = 1; back <= slots.length; back += 1) {
      const known = slots[(recent.next - back + RECENT_PER_CHECK) % RECENT_PER_CHECK] as CheckRow;
      if (known.outcome === outcome && known.message === message && known.check === check) return known;
    }
    let rows = this.byMessage.get(message);
    let shared = rows?.find((known) => known.check === check && known.outcome === outcome);
    if (shared === undefined) {
      if (this.size >= this.capacity) {
        this.byMessage.clear();
        this.size = 0;
        rows = undefined;
      }
      shared = Object.freeze({ check, outcome, message });
      recent.made += 1;
      if (rows === undefined) this.byMessage.set(message, [shared]);
      else rows.push(shared);
      this.size += 1;
    }
    slots[recent.next] = shared;
    recent.next = (recent.next + 1) % RECENT_PER_CHECK;
    return shared;
  }
}

interface CheckRows {
  slots: CheckRow[];
  next: number;
  asked: number;
  made: number;
}

const RECENT_PER_CHECK = 8;
/** A check stops being shared when more than this share of its rows were new, judged after this many rows. */
const SELDOM_REPEATED = 0.5;
const JUDGED_AFTER = 1000;

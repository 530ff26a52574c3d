/**
 * Grounding windows: where the value of an evidence number (as written, its 万/亿 applied) must lie
 * for the number to ground at least one of some figures, whatever unit follows it or key names it.
 * The windows are pairs (low, high) in one flat array.
 *
 * They let the evidence scan skip most numbers cheaply: reading a number's unit (a word cut out and
 * looked up) and the key before it (read backwards, matched against the key-unit pattern) costs
 * several times the number itself, and most evidence numbers (ports, counts, timestamps, other
 * services' figures) could ground none of the few figures still looked for. A number outside every
 * window is passed over unread; one inside is read and judged exactly as before (numberGrounds), so
 * the windows only decide what need not be read, never what grounds.
 */
export type GroundingWindows = readonly number[];

/**
 * What the windows read of a figure (figures.ts' Figure, whose file imports this one): its 万/亿
 * multiplier, its unit family and the sizes of its unit in the family's base.
 */
interface WindowedFigure<Family> {
  multiplier: number;
  family: Family | null;
  factors: readonly number[];
}

/** The values a figure's number rounds to (figures.ts, groundingRange). */
interface Range {
  low: number;
  high: number;
}

/**
 * Relative slack added to each window's ends: the exact test multiplies or divides where the
 * window was divided or multiplied, and the two roundings may differ by a few units in the last
 * place (about 1e-16); a wider window only lets a few more numbers be read.
 */
const SLACK = 1e-9;

/**
 * The windows of `figures` (with `ranges`, one per figure), as numberGrounds judges them: a bare value
 * equal to the figure's number (its 万/亿 applied), for a percent also as a fraction; a value of the
 * figure's family in any unit of that family (`familyFactors`), in any of the figure's unit sizes.
 */
export function groundingWindows<Family extends string>(
  figures: readonly WindowedFigure<Family>[],
  ranges: readonly Range[],
  familyFactors: (family: Family) => readonly number[],
): GroundingWindows {
  // A plain array of numbers (held unboxed by the engine), not a Float64Array: this runs for every
  // trace whose evidence is scanned, and a typed array costs several times as much to allocate.
  const windows: number[] = [];
  const add = (low: number, high: number): void => {
    windows.push(low - Math.abs(low) * SLACK, high + Math.abs(high) * SLACK);
  };
  for (let index = 0; index < figures.length; index += 1) {
    const figure = figures[index] as WindowedFigure<Family>;
    const { low, high } = ranges[index] as Range;
    add(low * figure.multiplier, high * figure.multiplier);
    if (figure.family === 'percent') add(low / 100, high / 100);
    if (figure.family === null) continue;
    for (const evidenceFactor of familyFactors(figure.family)) {
      for (const factor of figure.factors) {
        const scale = (factor * figure.multiplier) / evidenceFactor;
        add(low * scale, high * scale);
      }
    }
  }
  return windows;
}

/** Whether `value` lies in one of the windows: a linear pass, as there are a few dozen at most. */
export function inGroundingWindows(value: number, windows: GroundingWindows): boolean {
  for (let index = 0; index < windows.length; index += 2) {
    if (value >= (windows[index] as number) && value <= (windows[index + 1] as number)) return true;
  }
  return false;
}

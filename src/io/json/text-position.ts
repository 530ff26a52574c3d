/** A place in a text, as messages name it: line and column, both counted from 1. */
export interface TextPosition {
  line: number;
  column: number;
}

/**
 * Turns offsets into a text into lines and columns. Lines are counted up to the offset asked
 * for, and from the last one asked for when it is further on (problems are mostly named in file
 * order), so a problem in the last case of a large file costs one count of the lines before it,
 * not an index of every line of the file; an earlier offset starts the count again.
 */
export function textPositions(text: string): (offset: number) => TextPosition {
  let countedTo = 0;
  let linesBefore = 0;
  let lineStart = 0;
  return (offset) => {
    if (offset < countedTo) {
      countedTo = 0;
      linesBefore = 0;
      lineStart = 0;
    }
    for (let at = text.indexOf('\n', countedTo); at !== -1 && at < offset; at = text.indexOf('\n', at + 1)) {
      linesBefore += 1;
      lineStart = at + 1;
    }
    countedTo = offset;
    return { line: linesBefore + 1, column: offset - lineStart + 1 };
  };
}

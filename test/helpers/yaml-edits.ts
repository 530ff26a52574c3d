/** Seeded random edits of a YAML text, for the tests that hold the YAML readers and locators to each other. */

/** Seeded, so a failure can be reproduced. */
export function randomSource(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let mixed = Math.imul(state ^ (state >>> 15), 1 | state);
    mixed = (mixed + Math.imul(mixed ^ (mixed >>> 7), 61 | mixed)) ^ mixed;
    return ((mixed ^ (mixed >>> 14)) >>> 0) / 4294967296;
  };
}

const PIECES = [
  ' ',
  '  ',
  '-',
  '- ',
  ':',
  ': ',
  '#',
  ' #',
  '"',
  "'",
  '[',
  ']',
  '{',
  '}',
  ',',
  '\n',
  '\n  ',
  'a',
  'yes',
  '1',
  '0o7',
  '.',
  '&a ',
  '*a',
  '!',
  '|',
  '>',
  '~',
  'true',
  '\\',
  '\\n',
  '连接池',
  'id: x',
  '- id: y\n',
];

export function mutateText(text: string, random: () => number): string {
  let out = text;
  const edits = 1 + Math.floor(random() * 3);
  for (let edit = 0; edit < edits; edit += 1) {
    const at = Math.floor(random() * out.length);
    const piece = PIECES[Math.floor(random() * PIECES.length)] as string;
    const action = random();
    if (action < 0.4) out = out.slice(0, at) + piece + out.slice(at);
    else if (action < 0.7) out = out.slice(0, at) + out.slice(at + 1 + Math.floor(random() * 4));
    else out = out.slice(0, at) + piece + out.slice(at + piece.length);
  }
  return out;
}

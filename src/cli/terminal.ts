import type { CliIo } from './io.js';

export function paint(io: CliIo): Record<'green' | 'red' | 'yellow' | 'bold', (text: string) => string> {
  // Colour only on a terminal, and never when NO_COLOR is set, to any value (https://no-color.org).
  const colour = io.stdoutIsTTY && io.env['NO_COLOR'] === undefined;
  const wrap = (open: number, close: number) => (text: string) =>
    colour ? `\u001b[${open}m${text}\u001b[${close}m` : text;
  return { green: wrap(32, 39), red: wrap(31, 39), yellow: wrap(33, 39), bold: wrap(1, 22) };
}

import type { CliIo } from './io.js';

/** Colour only on a terminal, and never when NO_COLOR is set, to any value (https://no-color.org). */
export function useColour(io: CliIo): boolean {
  return io.stdoutIsTTY && io.env['NO_COLOR'] === undefined;
}

export interface Paint {
  green(text: string): string;
  red(text: string): string;
  yellow(text: string): string;
  bold(text: string): string;
}

export function paint(io: CliIo): Paint {
  const colour = useColour(io);
  const wrap = (open: number, close: number) => (text: string) =>
    colour ? `\u001b[${open}m${text}\u001b[${close}m` : text;
  return { green: wrap(32, 39), red: wrap(31, 39), yellow: wrap(33, 39), bold: wrap(1, 22) };
}

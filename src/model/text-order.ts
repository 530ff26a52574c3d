/** Code-unit order, the same on every host and in every locale (localeCompare is not): rows of a report sort by it. */
export function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Small statistics and number formatting for the bench output. */

export function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

export function min(values) {
  return Math.min(...values);
}

export function fixed(value, decimals = 0) {
  return value === null || value === undefined || Number.isNaN(value) ? '–' : value.toFixed(decimals);
}

/** 12345.6 -> "12,346" (no locale: the same on every machine). */
export function grouped(value) {
  if (value === null || value === undefined || Number.isNaN(value)) return '–';
  return Math.round(value)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

export function mb(bytes) {
  return bytes / 1024 / 1024;
}

export function verdict(met) {
  return met === null ? 'n/a' : met ? 'met' : 'NOT MET';
}

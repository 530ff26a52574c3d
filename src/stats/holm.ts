/**
 * Holm's step-down correction of p-values for a family of tests (Holm 1979; R's
 * `p.adjust(p, "holm")`): the i-th smallest of m p-values is multiplied by m − i + 1, and the
 * adjusted values are made non-decreasing in that order and capped at 1. Rejecting where the
 * adjusted p-value is at most α keeps the chance of any false regression in the family at most
 * α, whatever the dependence between the tests, and rejects more than Bonferroni's correction.
 * Adjusted values are returned in the order given; ties keep their given order.
 */
export function holmAdjust(pValues: readonly number[]): number[] {
  const m = pValues.length;
  const order = pValues.map((p, index) => ({ p, index })).sort((x, y) => x.p - y.p || x.index - y.index);
  const adjusted = new Array<number>(m);
  let running = 0;
  order.forEach(({ p, index }, rank) => {
    running = Math.max(running, Math.min(1, (m - rank) * p));
    adjusted[index] = running;
  });
  return adjusted;
}

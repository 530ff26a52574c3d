/**
 * The quantile function of the standard normal distribution (R's `qnorm`), by P. J. Acklam's
 * rational approximation, whose relative error is below 1.2e-9: the z values of the sample-size
 * formula (sample-size.ts) need far fewer digits than that.
 */
export function normalQuantile(probability: number): number {
  if (!(probability > 0 && probability < 1))
    throw new RangeError(`expected a probability in (0, 1), got ${probability}`);
  if (probability < LOW_TAIL) return tail(Math.sqrt(-2 * Math.log(probability)));
  if (probability > 1 - LOW_TAIL) return -tail(Math.sqrt(-2 * Math.log(1 - probability)));
  const q = probability - 0.5;
  const r = q * q;
  return (q * polynomial(A, r)) / polynomial([...B, 1], r);
}

const LOW_TAIL = 0.02425;

const A = [
  -39.69683028665376, 220.9460984245205, -275.9285104469687, 138.357751867269, -30.66479806614716, 2.506628277459239,
];
const B = [-54.47609879822406, 161.5858368580409, -155.6989798598866, 66.80131188771972, -13.28068155288572];
const C = [
  -0.007784894002430293, -0.3223964580411365, -2.400758277161838, -2.549732539343734, 4.374664141464968,
  2.938163982698783,
];
const D = [0.007784695709041462, 0.3224671290700398, 2.445134137142996, 3.754408661907416];

function tail(q: number): number {
  return polynomial(C, q) / polynomial([...D, 1], q);
}

/** Σ coefficients[i] · x^(n−1−i): the highest power first (Horner's scheme). */
function polynomial(coefficients: readonly number[], x: number): number {
  let value = 0;
  for (const coefficient of coefficients) value = value * x + coefficient;
  return value;
}

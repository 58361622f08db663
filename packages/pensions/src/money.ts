/**
 * Money is integer pence. Products of pence and factors are floats, so each is rounded explicitly:
 * values are first snapped to a millionth of a penny to shed binary noise (so 0.5 stored as 0.49999999997
 * still counts as a half), then rounded. Amounts up to £90m keep full precision.
 */
const snap = (value: number) => Math.round(value * 1e6) / 1e6;

/** Round half up to the penny (the default rule for amounts and pensions per annum). */
export function roundPence(value: number): number {
  return Math.floor(snap(value) + 0.5);
}

/** Round down to the penny, for maxima that must never be exceeded. */
export function floorPence(value: number): number {
  return Math.floor(snap(value));
}

/** Round half up to a number of decimal places, for factors shown to members. */
export function roundTo(value: number, places: number): number {
  const scale = 10 ** places;
  return Math.floor(snap(value * scale) + 0.5) / scale;
}

/**
 * Splits a whole number of pence in proportion to weights so the parts add up exactly
 * (largest remainder; ties go to the earlier part).
 */
export function allocatePence(total: number, weights: readonly number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  if (sum <= 0) return weights.map((_, i) => (i === 0 ? total : 0));
  const exact = weights.map((w) => (total * w) / sum);
  const parts = exact.map((x) => Math.floor(snap(x)));
  let left = total - parts.reduce((a, b) => a + b, 0);
  const order = exact
    .map((x, i) => ({ i, rest: x - Math.floor(snap(x)) }))
    .sort((a, b) => b.rest - a.rest || a.i - b.i);
  for (let k = 0; left > 0; k = (k + 1) % order.length, left--) parts[order[k]!.i]! += 1;
  return parts;
}

export function sumPence(values: readonly number[]): number {
  let total = 0;
  for (const v of values) total += v;
  return total;
}

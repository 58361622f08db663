export interface Point {
  x: number;
  y: number;
}

/**
 * Linear interpolation in a table sorted by x; outside the table the end value applies.
 * Scheme tables are given at whole ages or months, so x between rows is an age in years and months.
 */
export function interpolate(points: readonly Point[], x: number): number {
  const first = points[0];
  if (!first) throw new RangeError('Empty factor table');
  if (x <= first.x) return first.y;
  for (let i = 1; i < points.length; i++) {
    const hi = points[i]!;
    if (x <= hi.x) {
      const lo = points[i - 1]!;
      return lo.y + ((hi.y - lo.y) * (x - lo.x)) / (hi.x - lo.x);
    }
  }
  return points[points.length - 1]!.y;
}

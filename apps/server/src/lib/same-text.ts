import { timingSafeEqual } from 'node:crypto';

/** Whether two secrets (tokens, MACs) are equal, in time that does not depend on where they differ. */
export function sameText(presented: string, expected: string): boolean {
  const left = Buffer.from(presented);
  const right = Buffer.from(expected);
  return left.length === right.length && timingSafeEqual(left, right);
}

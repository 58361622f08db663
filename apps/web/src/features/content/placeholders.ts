/**
 * Replaces each match of `pattern` (which must have the `g` flag) by `value(...groups)`. A placeholder
 * that comes out empty takes the spaces before it along when punctuation follows, so that
 * "Paid [[label:when]]." never reads "Paid ." when the label is empty.
 */
export function replacePlaceholders(
  source: string,
  pattern: RegExp,
  value: (...groups: string[]) => string,
): string {
  const spaced = new RegExp(`([ \\t]*)(?:${pattern.source})`, pattern.flags);
  return source.replace(spaced, (...args: unknown[]) => {
    const match = args[0] as string;
    const offset = args[args.length - 2] as number;
    const whole = args[args.length - 1] as string;
    const [spaces, ...groups] = args.slice(1, -2) as string[];
    const filled = value(...groups);
    if (filled === '' && /^[.,;:!?)]/.test(whole.slice(offset + match.length))) return '';
    return `${spaces}${filled}`;
  });
}

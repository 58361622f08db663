/** Stands for a placeholder that came out empty until the whole text is filled (never in content). */
const EMPTY = '\u0000';

/**
 * Spaces, then one or more empty placeholders (with spaces between), before punctuation or the end of
 * the text (a label ending in one is followed by what the text around it has), possibly after closing
 * tags: `Hello <b>[[token:a]]</b>, …` or `Hello [[token:a]] [[token:b]], …`.
 */
const emptyBeforePunctuation = new RegExp(
  `[ \\t]*((?:<[a-z][^>]*>)*)(?:${EMPTY}[ \\t]*)*${EMPTY}(?=(?:</[a-z][^>]*>)*(?:[.,;:!?)]|$))`,
  'gi',
);

/**
 * Replaces each match of `pattern` (which must have the `g` flag) by `value(...groups)`. Placeholders
 * that come out empty take the spaces before them along when punctuation or the end of the text follows
 * (after any closing tags, and after other empty placeholders), so that "Paid [[label:when]]." never reads "Paid ." and
 * "Hello [[token:title]] [[token:name]], …" never reads "Hello , …" when they are empty.
 */
export function replacePlaceholders(
  source: string,
  pattern: RegExp,
  value: (...groups: string[]) => string,
): string {
  const filled = source.replace(pattern, (...args: unknown[]) => {
    const groups = args.slice(1, -2) as string[];
    return value(...groups) || EMPTY;
  });
  if (!filled.includes(EMPTY)) return filled;
  return filled.replace(emptyBeforePunctuation, '$1').replaceAll(EMPTY, '');
}

import {
  formatCurrency,
  formatDate,
  formatPeriod,
  linePrecision,
  missing,
  type UnitWords,
} from '../../lib/format';
import { replacePlaceholders } from './placeholders';

/** A value in JSON by its dot path (`quote.options.0.lumpSumPence`); undefined when it is not there. */
export function valueAt(data: unknown, path: string): unknown {
  let value = data;
  for (const step of path.split('.')) {
    if (value === null || typeof value !== 'object' || !Object.hasOwn(value, step)) return undefined;
    value = (value as Record<string, unknown>)[step];
  }
  return value;
}

const formatText = (value: unknown) =>
  (typeof value === 'string' && value.trim() !== '') || typeof value === 'number' ? String(value) : missing;

/** How each `[[data-…:path]]` placeholder other than currency shows its value. */
const dataFormats: Record<string, (value: unknown, words: UnitWords) => string> = {
  date: formatDate,
  text: formatText,
  timeto: formatPeriod,
};

const dataPlaceholder = /\[\[data-(currency|date|text|timeto):([^\]]+)\]\]/gi;

/** Where a line of rich text ends: a paragraph, list item, heading, cell or line break. */
const lineEnds = /(<\/?(?:p|li|h[1-6]|div|td|th|dt|dd|tr|ul|ol|br)\b[^>]*>)/i;

/**
 * Fills `[[data-currency:path]]`, `[[data-date:path]]`, `[[data-text:path]]` and `[[data-timeto:path]]`
 * (in any letter case) from a block's data source. A missing value (or no data at all, or a period of
 * nothing) shows "-". Periods use the tenant's unit words. The amounts of one line (a paragraph, list
 * item, heading or cell) share one precision (`linePrecision`): `£39,084 and £5,863 a year`.
 */
export function fillDataTokens(
  source: string,
  data: unknown,
  escape: (text: string) => string,
  words: UnitWords,
): string {
  return source
    .split(lineEnds)
    .map((line) => {
      const amounts = [...line.matchAll(dataPlaceholder)]
        .filter(([, kind]) => kind!.toLowerCase() === 'currency')
        .map(([, , path]) => valueAt(data, path!.trim()));
      const precision = linePrecision(amounts);
      return replacePlaceholders(line, dataPlaceholder, (kind, path) => {
        const value = valueAt(data, path!.trim());
        const lowerKind = kind!.toLowerCase();
        return escape(
          lowerKind === 'currency' ? formatCurrency(value, precision) : dataFormats[lowerKind]!(value, words),
        );
      });
    })
    .join('');
}

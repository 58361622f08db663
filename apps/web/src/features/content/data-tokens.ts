import { formatCurrency, formatDate, formatPeriod, missing, type UnitWords } from './format';
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

/** How each `[[data-…:path]]` placeholder shows its value; currency amounts are in pence, as the APIs give them. */
const dataFormats: Record<string, (value: unknown, words: UnitWords) => string> = {
  currency: (value) => formatCurrency(value),
  date: formatDate,
  text: formatText,
  timeto: formatPeriod,
};

const dataPlaceholder = /\[\[data-(currency|date|text|timeto):([^\]]+)\]\]/gi;

/**
 * Fills `[[data-currency:path]]`, `[[data-date:path]]`, `[[data-text:path]]` and `[[data-timeto:path]]`
 * (in any letter case) from a block's data source. A missing value (or no data at all, or a period of
 * nothing) shows "-". Periods use the tenant's unit words.
 */
export function fillDataTokens(
  source: string,
  data: unknown,
  escape: (text: string) => string,
  words: UnitWords,
): string {
  return replacePlaceholders(source, dataPlaceholder, (kind, path) =>
    escape(dataFormats[kind!.toLowerCase()]!(valueAt(data, path!.trim()), words)),
  );
}

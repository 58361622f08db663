import type { Value, ValueFormat } from '@meridian/contracts';
import { onFirstUse } from '../../../lib/format';

export type SortDirection = 'ascending' | 'descending';
type Row = Record<string, Value>;

const numericFormats = new Set<ValueFormat>(['number', 'currency', 'currencyPerYear', 'fileSize']);
/** Made at the first sort, not when the page loads: a page's first Intl object is a long task. */
const textOrder = onFirstUse(() => new Intl.Collator('en-GB', { numeric: true, sensitivity: 'base' }));

/** What a cell sorts by: numbers and dates by value, everything else as text. Missing values are null. */
function sortKey(value: Value | undefined, format: ValueFormat | undefined): number | string | null {
  if (value === null || value === undefined || Array.isArray(value) || value === '') return null;
  if (typeof value === 'number') return value;
  if (format && numericFormats.has(format)) return Number.isFinite(Number(value)) ? Number(value) : null;
  if (format === 'date' || format === 'time')
    return Number.isNaN(Date.parse(value)) ? value : Date.parse(value);
  return value;
}

/** The rows sorted by one column, missing values last either way; equal rows keep their order. */
export function sortRows<R extends Row>(
  rows: R[],
  column: string,
  format: ValueFormat | undefined,
  direction: SortDirection,
): R[] {
  const sign = direction === 'ascending' ? 1 : -1;
  return rows
    .map((row) => ({ row, key: sortKey(row[column], format) }))
    .sort((a, b) => {
      if (a.key === null || b.key === null) return a.key === b.key ? 0 : a.key === null ? 1 : -1;
      if (typeof a.key === 'number' && typeof b.key === 'number') return sign * (a.key - b.key);
      return sign * textOrder().compare(String(a.key), String(b.key));
    })
    .map(({ row }) => row);
}

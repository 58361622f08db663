import { useMemo, useState } from 'react';
import type { Value } from '@meridian/contracts';
import { useTextResolver } from '../content-context';
import { formatValue } from '../../../lib/format';
import { Pagination } from './Pagination';
import { sortRows, type SortDirection } from './table-sort';
import type { BlockProps } from '../block-props';

const defaultPageSize = 10;

/** Rows start sorted by the first column, ascending, unless the block names another order or `none`. */
function initialSort(block: BlockProps<'dataTable'>['block']) {
  if (block.sort === 'none') return undefined;
  return block.sort ?? { column: block.columns[0]!.key, direction: 'ascending' as const };
}

/** A table with column headers (sortable as buttons, with aria-sort) and, when long, pages. */
export function DataTable({ block }: BlockProps<'dataTable'>) {
  const { text, label, words } = useTextResolver();
  const [sort, setSort] = useState<{ column: string; direction: SortDirection } | undefined>(() =>
    initialSort(block),
  );
  const [page, setPage] = useState(0);

  const rows = useMemo(() => {
    if (!sort) return block.rows;
    const format = block.columns.find((column) => column.key === sort.column)?.format;
    return sortRows(block.rows, sort.column, format, sort.direction);
  }, [block.rows, block.columns, sort]);
  const pageSize = block.pageSize ?? defaultPageSize;
  const pages = Math.max(1, Math.ceil(rows.length / pageSize));
  const shown = rows.slice(page * pageSize, (page + 1) * pageSize);

  const sortBy = (column: string) => {
    setSort((current) => ({
      column,
      direction: current?.column === column && current.direction === 'ascending' ? 'descending' : 'ascending',
    }));
    setPage(0);
  };
  const cell = (value: Value | undefined, format: (typeof block.columns)[number]['format']) =>
    formatValue(typeof value === 'string' ? text(value) : (value ?? null), format, label, words);
  const caption = text(block.caption);

  return (
    <div className="data-table">
      <table>
        <caption>{caption}</caption>
        <thead>
          <tr>
            {block.columns.map((column) => (
              <th
                key={column.key}
                scope="col"
                aria-sort={sort?.column === column.key ? sort.direction : undefined}
              >
                {block.sortable ? (
                  <button type="button" className="data-table__sort" onClick={() => sortBy(column.key)}>
                    {text(column.label)}
                  </button>
                ) : (
                  text(column.label)
                )}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {shown.map((row, index) => (
            <tr key={index}>
              {block.columns.map((column, at) =>
                at === 0 ? (
                  <th key={column.key} scope="row">
                    {cell(row[column.key], column.format)}
                  </th>
                ) : (
                  <td key={column.key}>{cell(row[column.key], column.format)}</td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
      {pages > 1 && (
        <>
          <Pagination label={`${caption}: pages`} page={page} pages={pages} onChange={setPage} />
          <p className="data-table__status" aria-live="polite">
            Showing {page * pageSize + 1} to {page * pageSize + shown.length} of {rows.length}
          </p>
        </>
      )}
    </div>
  );
}

import { Link, useSearchParams } from 'react-router';

/**
 * The pages of a console list (the GOV.UK pagination pattern): previous and next, the first and last
 * page, and those either side of the current one, each a link that keeps the address's filters.
 * Nothing when the list fits on one page.
 */
export function ConsolePagination({
  page,
  limit,
  total,
  what,
}: {
  page: number;
  limit: number;
  total: number;
  /** What the pages are of, for their landmark's name: "cases". */
  what: string;
}) {
  const [params] = useSearchParams();
  const pages = Math.max(1, Math.ceil(total / limit));
  if (pages === 1 && page === 1) return null;
  const to = (target: number) => {
    const next = new URLSearchParams(params);
    if (target === 1) next.delete('page');
    else next.set('page', String(target));
    const query = next.toString();
    return query ? `?${query}` : '?';
  };
  const shown = [...new Set([1, page - 1, page, page + 1, pages])]
    .filter((number) => number >= 1 && number <= pages)
    .sort((a, b) => a - b);
  return (
    <nav className="console-pagination" aria-label={`Pages of ${what}`}>
      {page > 1 && (
        <Link className="console-pagination__prev" to={to(Math.min(page - 1, pages))} rel="prev">
          Previous<span className="visually-hidden"> page</span>
        </Link>
      )}
      <ul className="console-pagination__list">
        {shown.map((number, index) => (
          <li key={number}>
            {index > 0 && number - shown[index - 1]! > 1 && (
              <span className="console-pagination__ellipsis" aria-hidden="true">
                …
              </span>
            )}
            {number === page ? (
              <Link to={to(number)} aria-current="page" aria-label={`Page ${number}`}>
                {number}
              </Link>
            ) : (
              <Link to={to(number)} aria-label={`Page ${number}`}>
                {number}
              </Link>
            )}
          </li>
        ))}
      </ul>
      {page < pages && (
        <Link className="console-pagination__next" to={to(page + 1)} rel="next">
          Next<span className="visually-hidden"> page</span>
        </Link>
      )}
    </nav>
  );
}

/** "1 case", "1,234 cases". */
export const countOf = (total: number, one: string, many: string) =>
  `${total.toLocaleString('en-GB')} ${total === 1 ? one : many}`;

/** Page links for a list split into pages on the client: buttons in a labelled navigation landmark. */
export function Pagination({
  label,
  page,
  pages,
  onChange,
}: {
  label: string;
  page: number;
  pages: number;
  onChange: (page: number) => void;
}) {
  const go = (to: number) => {
    if (to >= 0 && to < pages && to !== page) onChange(to);
  };
  return (
    <nav className="pagination" aria-label={label}>
      <button type="button" className="link-button" aria-disabled={page === 0} onClick={() => go(page - 1)}>
        Previous page
      </button>
      <ul className="pagination__list">
        {Array.from({ length: pages }, (_, index) => (
          <li key={index}>
            <button
              type="button"
              className="link-button pagination__page"
              aria-current={index === page ? 'page' : undefined}
              aria-label={`Page ${index + 1}`}
              onClick={() => go(index)}
            >
              {index + 1}
            </button>
          </li>
        ))}
      </ul>
      <button
        type="button"
        className="link-button"
        aria-disabled={page === pages - 1}
        onClick={() => go(page + 1)}
      >
        Next page
      </button>
    </nav>
  );
}

import { useEffect, useState } from 'react';
import { Form, Link, useSearchParams } from 'react-router';
import { featureEnabled } from '@meridian/contracts';
import { useTenant } from '../../lib/tenant';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { NotFoundPage } from '../errors';
import { http, tenantUrl } from '../../lib/api';

interface SearchResult {
  url: string;
  title: string;
  summary: string;
}

type SearchState =
  | { status: 'idle' }
  | { status: 'searching' }
  | { status: 'done'; results: SearchResult[] }
  | { status: 'failed' };

/** Site search over the tenant's public pages (query parameter q), unless the tenant switched it off. */
export function SearchPage() {
  const { tenant } = useTenant();
  return featureEnabled(tenant, 'siteSearch') ? <SiteSearch /> : <NotFoundPage />;
}

function SiteSearch() {
  const [params] = useSearchParams();
  const query = (params.get('q') ?? '').trim();
  const [state, setState] = useState<SearchState>({ status: 'idle' });
  useDocumentTitle(query ? `Search results for ${query}` : 'Search');

  useEffect(() => {
    if (!query) return;
    let current = true;
    setState({ status: 'searching' });
    http
      .get<{ results: SearchResult[] }>('/content-api/api/v2/content/search', {
        query: { tenantUrl: tenantUrl(), q: query },
      })
      .then((answer) => current && setState({ status: 'done', results: answer.results }))
      .catch(() => current && setState({ status: 'failed' }));
    return () => {
      current = false;
    };
  }, [query]);

  return (
    <>
      <h1>Search</h1>
      <Form method="get" role="search" className="search-form">
        <label htmlFor="search-q">Search this site</label>
        <div className="search-row">
          <input id="search-q" name="q" type="search" defaultValue={query} key={query} />
          <button type="submit" className="button">
            Search
          </button>
        </div>
      </Form>
      {state.status === 'searching' && <p>Loading...</p>}
      {state.status === 'failed' && <p>Sorry, search is not working right now. Try again later.</p>}
      {state.status === 'done' && query && (
        <section aria-labelledby="results-heading">
          <h2 id="results-heading" aria-live="polite">
            {state.results.length === 0
              ? `No results for ‘${query}’`
              : `${state.results.length} result${state.results.length === 1 ? '' : 's'} for ‘${query}’`}
          </h2>
          <ul className="search-results">
            {state.results.map((result) => (
              <li key={result.url}>
                <Link to={result.url}>{result.title}</Link>
                {result.summary && <p>{result.summary}</p>}
              </li>
            ))}
          </ul>
        </section>
      )}
    </>
  );
}

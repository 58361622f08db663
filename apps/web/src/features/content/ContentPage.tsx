import { useEffect, useState } from 'react';
import { Navigate, useLocation } from 'react-router';
import type { Page } from '@meridian/contracts';
import { useReportPageLoading } from '../../app/page-loading';
import { useTenant } from '../../app/tenant';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { contentApi } from '../../lib/api';
import { NotFoundPage } from '../errors/ErrorPage';
import { BlockView } from './blocks';

type PageState = { status: 'loading' } | { status: 'found'; page: Page } | { status: 'missing' } | { status: 'failed' };

/** The catch-all route: every other URL is a content page looked up by its slug. */
export function ContentPage() {
  const { pathname } = useLocation();
  const { routes } = useTenant();
  const reportLoading = useReportPageLoading();
  const [state, setState] = useState<PageState>({ status: 'loading' });

  useEffect(() => {
    let current = true;
    setState({ status: 'loading' });
    reportLoading(true);
    contentApi
      .unauthorisedPage(pathname)
      .then((page) => current && setState(page ? { status: 'found', page } : { status: 'missing' }))
      .catch(() => current && setState({ status: 'failed' }))
      .finally(() => reportLoading(false));
    return () => {
      current = false;
    };
  }, [pathname, reportLoading]);

  useDocumentTitle(state.status === 'found' ? state.page.title : null);
  if (state.status === 'loading') return <p className="page-loading">Loading...</p>;
  if (state.status === 'missing') return <NotFoundPage />;
  if (state.status === 'failed') return <Navigate to={routes.error} replace />;
  return (
    <>
      <h1>{state.page.title}</h1>
      {state.page.blocks.map((block, index) => (
        <BlockView key={`${block.type}-${index}`} block={block} />
      ))}
    </>
  );
}

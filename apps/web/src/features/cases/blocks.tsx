import { lazy, Suspense } from 'react';
import type { BlockProps } from '../content';

const LazyMemberRequests = lazy(async () => ({ default: (await import('./MemberRequests')).MemberRequests }));

/** My requests loads its code only on the page that uses it. */
export const MemberRequestsBlock = (props: BlockProps<'memberRequests'>) => (
  <Suspense fallback={<p className="page-loading">Loading...</p>}>
    <LazyMemberRequests {...props} />
  </Suspense>
);

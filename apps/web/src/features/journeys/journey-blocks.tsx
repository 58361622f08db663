import { lazy, Suspense } from 'react';
import type { BlockProps } from '../content/block-props';

const LazyQuotePicker = lazy(async () => ({
  default: (await import('./RetirementQuotePicker')).RetirementQuotePicker,
}));
const LazyMemberRequests = lazy(async () => ({ default: (await import('./MemberRequests')).MemberRequests }));
const loading = <p className="page-loading">Loading...</p>;

/** The journey blocks load their code only on the pages that use them. */
export const RetirementQuotePickerBlock = (props: BlockProps<'retirementQuotePicker'>) => (
  <Suspense fallback={loading}>
    <LazyQuotePicker {...props} />
  </Suspense>
);

export const MemberRequestsBlock = (props: BlockProps<'memberRequests'>) => (
  <Suspense fallback={loading}>
    <LazyMemberRequests {...props} />
  </Suspense>
);

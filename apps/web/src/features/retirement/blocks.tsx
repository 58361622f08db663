import { lazy, Suspense } from 'react';
import type { BlockProps } from '../content';

const LazyQuotePicker = lazy(async () => ({
  default: (await import('./RetirementQuotePicker')).RetirementQuotePicker,
}));

/** The quote picker loads its code only on the pages that use it. */
export const RetirementQuotePickerBlock = (props: BlockProps<'retirementQuotePicker'>) => (
  <Suspense fallback={<p className="page-loading">Loading...</p>}>
    <LazyQuotePicker {...props} />
  </Suspense>
);

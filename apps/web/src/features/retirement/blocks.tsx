import { lazy, Suspense } from 'react';
import type { BlockProps } from '../content';

const LazyQuotePicker = lazy(async () => ({
  default: (await import('./RetirementQuotePicker')).RetirementQuotePicker,
}));
const LazyService = lazy(async () => ({
  default: (await import('./DbService')).DbService,
}));
const LazyPlanner = lazy(async () => ({
  default: (await import('./RetirementPlanner')).RetirementPlanner,
}));

/** The quote picker loads its code only on the pages that use it. */
export const RetirementQuotePickerBlock = (props: BlockProps<'retirementQuotePicker'>) => (
  <Suspense fallback={<p className="page-loading">Loading...</p>}>
    <LazyQuotePicker {...props} />
  </Suspense>
);

/** So does the planner. */
export const RetirementPlannerBlock = () => (
  <Suspense fallback={<p className="page-loading">Loading...</p>}>
    <LazyPlanner />
  </Suspense>
);

/** And the service and salary. */
export const DbServiceBlock = () => (
  <Suspense fallback={<p className="page-loading">Loading...</p>}>
    <LazyService />
  </Suspense>
);

// Breaks the layout on purpose (import-rules.test.ts): shared code reaching a feature, even its index.ts.
import { journeyApi } from '../../features/journeys';

export const sharedReachesFeature = journeyApi;

import type { MemberAnalytics } from './analytics';

/** The custom-dimension order: dimension n is the (n-1)th key. */
export const analyticsDimensionKeys = [
  'businessGroup',
  'status',
  'schemeType',
  'schemeCode',
  'categoryCode',
  'locationCode',
  'employerCode',
] as const satisfies readonly (keyof MemberAnalytics)[];

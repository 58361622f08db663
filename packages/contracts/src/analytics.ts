import { z } from 'zod';

/** Spec section 3: the analytics parameters, sent to the web-analytics tool as custom dimensions 1 to 7. */
export const memberAnalyticsSchema = z.object({
  businessGroup: z.string(),
  status: z.string(),
  schemeType: z.string(),
  schemeCode: z.string(),
  categoryCode: z.string(),
  locationCode: z.string(),
  employerCode: z.string(),
});
export type MemberAnalytics = z.infer<typeof memberAnalyticsSchema>;

export * from './analytics-dimensions';

export const analyticsProfileQuerySchema = z.object({ contentAccessKey: z.string().min(1).max(4000) });

/**
 * Spec section 3 "Member analytics profile": what the member-details call for product analytics
 * answers. A value the service cannot give is null; the browser turns it into '' / 0 / false.
 */
export const analyticsProfileDataSchema = z.object({
  userId: z.string(),
  businessGroup: z.string(),
  status: z.string(),
  schemeType: z.string(),
  schemeCode: z.string(),
  categoryCode: z.string(),
  locationCode: z.string().nullable(),
  employerCode: z.string().nullable(),
  gender: z.string().nullable(),
  income: z.string().nullable(),
  lifeStage: z.string().nullable(),
  dbCalculationStatus: z.string().nullable(),
  normalRetirementDate: z.string().nullable(),
  targetRetirementDate: z.string().nullable(),
  maritalStatus: z.string().nullable(),
  retirementApplicationStatus: z.string().nullable(),
  transferApplicationStatus: z.string().nullable(),
  tenantUrl: z.string().nullable(),
  dcLifeStage: z.string().nullable(),
  isAvc: z.boolean(),
  hasAdditionalContributions: z.boolean(),
  dcRetirementJourney: z.boolean(),
  dcexploreoptionsStarted: z.boolean(),
  dcretirementapplicationStarted: z.boolean(),
  dcretirementapplicationSubmitted: z.boolean(),
  tenure: z.number().nullable(),
  earliestRetirementAge: z.number().nullable(),
  latestRetirementAge: z.number().nullable(),
  normalRetirementAge: z.number().nullable(),
  targetRetirementAge: z.number().nullable(),
  currentAge: z.number().nullable(),
  hasMultipleRecords: z.boolean(),
});
export type AnalyticsProfileData = z.infer<typeof analyticsProfileDataSchema>;

export const analyticsProfileResponseSchema = z.object({ data: analyticsProfileDataSchema });

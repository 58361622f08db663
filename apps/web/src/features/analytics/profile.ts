import { z } from 'zod';

const text = z
  .string()
  .nullish()
  .catch(null)
  .transform((value) => value ?? '');
const flag = z
  .boolean()
  .nullish()
  .catch(null)
  .transform((value) => value ?? false);
const count = z
  .number()
  .refine(Number.isFinite)
  .nullish()
  .catch(null)
  .transform((value) => value ?? 0);

/** Spec section 3: every field of the member analytics profile, a missing one as '' / false / 0. */
const profileSchema = z.object({
  userId: text,
  businessGroup: text,
  status: text,
  schemeType: text,
  schemeCode: text,
  categoryCode: text,
  locationCode: text,
  employerCode: text,
  gender: text,
  income: text,
  lifeStage: text,
  dbCalculationStatus: text,
  normalRetirementDate: text,
  targetRetirementDate: text,
  maritalStatus: text,
  retirementApplicationStatus: text,
  transferApplicationStatus: text,
  tenantUrl: text,
  dcLifeStage: text,
  isAvc: flag,
  hasAdditionalContributions: flag,
  dcRetirementJourney: flag,
  dcexploreoptionsStarted: flag,
  dcretirementapplicationStarted: flag,
  dcretirementapplicationSubmitted: flag,
  tenure: count,
  earliestRetirementAge: count,
  latestRetirementAge: count,
  normalRetirementAge: count,
  targetRetirementAge: count,
  currentAge: count,
});

export type AnalyticsProfile = z.output<typeof profileSchema> & { hasLinkedRecords: 'yes' | 'no' };

/** The profile sent to product analytics, from the member-details answer's data (whatever its shape). */
export function buildAnalyticsProfile(data: unknown): AnalyticsProfile {
  const object = data !== null && typeof data === 'object' && !Array.isArray(data) ? data : {};
  const hasMultipleRecords = (object as { hasMultipleRecords?: unknown }).hasMultipleRecords === true;
  return { ...profileSchema.parse(object), hasLinkedRecords: hasMultipleRecords ? 'yes' : 'no' };
}

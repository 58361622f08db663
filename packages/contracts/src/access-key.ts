import { z } from 'zod';

/** What the content service personalises on. Signed by the member-data service; clients cannot alter it. */
export const contentAccessKeyPayloadSchema = z.object({
  tenantUrl: z.string(),
  basicMode: z.boolean(),
  schemeType: z.enum(['DB', 'DC']).nullable(),
  schemeCode: z.string().nullable(),
  category: z.string().nullable(),
  memberStatus: z.string().nullable(),
  lifeStage: z.string().nullable(),
  dcLifeStage: z.string().nullable(),
  retirementApplicationStatus: z.string().nullable(),
  transferApplicationStatus: z.string().nullable(),
  isCalculationSuccessful: z.boolean().nullable(),
  hasAdditionalContributions: z.boolean(),
  dbCalculationStatus: z.string().nullable(),
  currentAge: z.string().nullable(),
  /**
   * Each journey the member has started, with its status (Started, Submitted, Expired). Content tests
   * them, and the radio answers given on the journey's route, by wording flag (docs/content.md).
   */
  journeys: z.array(z.object({ type: z.string(), status: z.string() })).default([]),
  /** A quote the member asked for (a journey's quote request) that the scheme has not finished. */
  hasOpenQuoteRequests: z.boolean().default(false),
  /** The bank account on file is held outside the UK. */
  bankAccountOutsideUk: z.boolean().default(false),
  wordingFlags: z.array(z.string()),
});
export type ContentAccessKeyPayload = z.infer<typeof contentAccessKeyPayloadSchema>;

export const accessKeyQuerySchema = z.object({
  tenantUrl: z.string().min(1).max(255),
  /** Without them, the tenant's own periods apply. */
  newlyRetiredRangeInMonth: z.coerce.number().int().min(0).max(120).optional(),
  preRetirementAgePeriodInYears: z.coerce.number().int().min(0).max(30).optional(),
  timestamp: z.string().max(40).optional(),
  basicMode: z
    .enum(['true', 'false'])
    .optional()
    .transform((value) => value === 'true'),
});

export const accessKeyResponseSchema = z.object({
  /** Opaque: the content service looks up what it stands for. */
  contentAccessKey: z.string(),
  /** What the key stands for, so the web app can show blocks the way the content service chose them. */
  attributes: contentAccessKeyPayloadSchema,
  schemeType: z.enum(['DB', 'DC']).nullable(),
  schemeCodeAndCategory: z.string().nullable(),
  expiresAt: z.string(),
});

export * from './wording-flags';

import { z } from 'zod';
import type { VisibilityKey } from './visibility';

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
  contentAccessKey: z.string(),
  schemeType: z.enum(['DB', 'DC']).nullable(),
  schemeCodeAndCategory: z.string().nullable(),
  expiresAt: z.string(),
});

export const browserWordingFlags = [
  'Firefox',
  'Opera',
  'Microsoft Edge',
  'Chrome',
  'Safari',
  'Internet Explorer',
  'Unknown',
] as const;
export const platformWordingFlags = ['Windows', 'iPhone', 'Mac', 'Android'] as const;

/** Spec section 5: wording flags keep only letters, digits, space, underscore and colon. */
export const sanitiseWordingFlag = (flag: string) => flag.replace(/[^A-Za-z0-9 _:]/g, '');

const clientFlags = new Set<string>([...browserWordingFlags, ...platformWordingFlags]);

/** The only flags a client may add to a signed key: its browser and platform, sanitised. */
export function acceptedClientWordingFlags(flags: readonly string[]): string[] {
  return [...new Set(flags.map(sanitiseWordingFlag).filter((flag) => clientFlags.has(flag)))];
}

/**
 * What visibility rules are evaluated against: the signed key's fields and flags (with `HASAVC` for a
 * member with additional voluntary contributions), plus the client's accepted ones.
 */
export function visibilityKeyOf(
  payload: ContentAccessKeyPayload,
  clientFlags: readonly string[] = [],
): VisibilityKey {
  return {
    fields: {
      schemeType: payload.schemeType,
      memberStatus: payload.memberStatus,
      lifeStage: payload.lifeStage,
      dcLifeStage: payload.dcLifeStage,
      retirementApplicationStatus: payload.retirementApplicationStatus,
      transferApplicationStatus: payload.transferApplicationStatus,
    },
    wordingFlags: [
      ...payload.wordingFlags,
      ...(payload.hasAdditionalContributions ? ['HASAVC'] : []),
      ...acceptedClientWordingFlags(clientFlags),
    ],
  };
}

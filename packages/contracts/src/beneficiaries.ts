import { z } from 'zod';
import { safeDate, safeString, safeText } from './input-policy';

/**
 * Who a member may nominate, by relationship, with the colour group the read-only list shows. People
 * take any relationship but Charity; organisations take Charity only.
 */
export const relationshipStatuses = [
  { key: 'Spouse', label: 'Husband, wife or civil partner', group: 'partner' },
  { key: 'Partner', label: 'Partner', group: 'partner' },
  { key: 'Child', label: 'Son or daughter', group: 'child' },
  { key: 'Stepchild', label: 'Stepchild', group: 'child' },
  { key: 'Grandchild', label: 'Grandchild', group: 'child' },
  { key: 'Parent', label: 'Parent', group: 'family' },
  { key: 'Sibling', label: 'Brother or sister', group: 'family' },
  { key: 'OtherRelative', label: 'Other relative', group: 'family' },
  { key: 'Friend', label: 'Friend', group: 'other' },
  { key: 'Other', label: 'Someone else', group: 'other' },
  { key: 'Charity', label: 'Charity or organisation', group: 'organisation' },
] as const;

export type RelationshipKey = (typeof relationshipStatuses)[number]['key'];
export const relationshipGroups = ['partner', 'child', 'family', 'other', 'organisation'] as const;
const personRelationships = relationshipStatuses
  .map((status) => status.key)
  .filter((key): key is Exclude<RelationshipKey, 'Charity'> => key !== 'Charity') as [
  Exclude<RelationshipKey, 'Charity'>,
  ...Exclude<RelationshipKey, 'Charity'>[],
];

export const relationshipStatusesResponseSchema = z.object({
  relationshipStatuses: z.array(
    z.object({ key: z.string(), label: z.string(), group: z.enum(relationshipGroups) }),
  ),
});

export const beneficiaryLimits = {
  forenames: 32,
  surname: 20,
  charityName: 120,
  charityNumberMax: 9_999_999_999,
  notes: 180,
  addressLine: 25,
  country: 25,
  countryCode: 3,
  postCode: 8,
  /** Most beneficiaries in one nomination. */
  count: 20,
} as const;

const htmlTag = /<\/?[a-z!][^>]*>/i;
const noHtml = <T extends z.ZodString>(schema: T) =>
  schema.refine((value) => !htmlTag.test(value), 'must not contain HTML');
const line = (max: number) => noHtml(safeString().trim().max(max));
const required = (max: number) => noHtml(safeString().trim().min(1, 'is required').max(max));

export const beneficiaryAddressSchema = z.object({
  line1: required(beneficiaryLimits.addressLine),
  line2: line(beneficiaryLimits.addressLine).optional(),
  line3: line(beneficiaryLimits.addressLine).optional(),
  line4: line(beneficiaryLimits.addressLine).optional(),
  line5: line(beneficiaryLimits.addressLine).optional(),
  country: line(beneficiaryLimits.country).optional(),
  countryCode: line(beneficiaryLimits.countryCode).optional(),
  postCode: line(beneficiaryLimits.postCode).optional(),
});
export type BeneficiaryAddress = z.infer<typeof beneficiaryAddressSchema>;

/** A lump-sum share: 0 to 100 per cent, to 2 decimal places. */
const shareSchema = z
  .number()
  .min(0)
  .max(100)
  .refine((value) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6, 'at most 2 decimal places');

const notesSchema = noHtml(safeText().trim().max(beneficiaryLimits.notes)).optional();

export const personBeneficiarySchema = z.object({
  kind: z.literal('person'),
  relationship: z.enum(personRelationships),
  forenames: required(beneficiaryLimits.forenames),
  surname: required(beneficiaryLimits.surname),
  dateOfBirth: safeDate(),
  lumpSumPercentage: shareSchema,
  isPensionBeneficiary: z.boolean().default(false),
  notes: notesSchema,
  address: beneficiaryAddressSchema,
});

export const organisationBeneficiarySchema = z.object({
  kind: z.literal('organisation'),
  relationship: z.literal('Charity'),
  charityName: required(beneficiaryLimits.charityName),
  charityNumber: z.number().int().min(1).max(beneficiaryLimits.charityNumberMax).optional(),
  lumpSumPercentage: shareSchema,
  notes: notesSchema,
  address: beneficiaryAddressSchema,
});

export const beneficiarySchema = z.discriminatedUnion('kind', [
  personBeneficiarySchema,
  organisationBeneficiarySchema,
]);
export type Beneficiary = z.infer<typeof beneficiarySchema>;
export type BeneficiaryInput = z.input<typeof beneficiarySchema>;

/** Lump-sum shares in hundredths of a per cent, so 33.33 + 33.33 + 33.34 is exactly 100. */
export const shareHundredths = (percentage: number) => Math.round(percentage * 100);

/** Why a nomination cannot be saved, each with its code; empty when it can. */
export function nominationProblems(beneficiaries: Beneficiary[], today: string) {
  const problems: Array<{ code: string; message: string; field?: string }> = [];
  const total = beneficiaries.reduce(
    (sum, beneficiary) => sum + shareHundredths(beneficiary.lumpSumPercentage),
    0,
  );
  if (beneficiaries.length > 0 && total !== 10_000) {
    problems.push({
      code: 'lump_sum_total_not_100',
      message: `Lump-sum shares must add up to exactly 100%. They add up to ${(total / 100).toFixed(2)}%.`,
    });
  }
  const pension = beneficiaries.filter(
    (beneficiary) => beneficiary.kind === 'person' && beneficiary.isPensionBeneficiary,
  );
  if (pension.length > 1) {
    problems.push({
      code: 'pension_beneficiary_not_unique',
      message: 'Only one person can receive your pension.',
    });
  }
  beneficiaries.forEach((beneficiary, index) => {
    if (beneficiary.kind !== 'person') return;
    if (beneficiary.dateOfBirth > today) {
      problems.push({
        code: 'date_of_birth_in_future',
        message: 'A date of birth must be today or in the past.',
        field: `beneficiaries.${index}.dateOfBirth`,
      });
    }
    if (!beneficiary.isPensionBeneficiary && shareHundredths(beneficiary.lumpSumPercentage) === 0) {
      problems.push({
        code: 'lump_sum_share_required',
        message: 'Give each person a share of the lump sum, or make them your pension beneficiary.',
        field: `beneficiaries.${index}.lumpSumPercentage`,
      });
    }
  });
  return problems;
}

export const nominationBodySchema = z.object({
  beneficiaries: z.array(beneficiarySchema).max(beneficiaryLimits.count),
});

export const nominationSaveBodySchema = nominationBodySchema.extend({
  code: safeString().regex(/^\d{6}$/, 'the 6-digit code'),
});

export const savedBeneficiarySchema = z.intersection(
  beneficiarySchema,
  z.object({ id: z.uuid(), nominatedAt: z.string() }),
);
export type SavedBeneficiary = z.infer<typeof savedBeneficiarySchema>;

export const nominationSchema = z.object({
  beneficiaries: z.array(savedBeneficiarySchema),
  nominatedAt: z.string().nullable(),
});
export type Nomination = z.infer<typeof nominationSchema>;

import { z } from 'zod';
import { safeDate, safeString, safeText } from './input-policy';
import { dateOfBirthProblem, personLimits } from './journey-kinds/person';
import { LIST_MOST_ITEMS, shareHundredths, shareSchema, sharesTotalProblem } from './journey-kinds/list';
import { personRelationships, relationshipGroups } from './journey-kinds/relationships';

export {
  relationshipStatuses,
  relationshipGroups,
  type RelationshipKey,
} from './journey-kinds/relationships';
export { shareHundredths } from './journey-kinds/list';

export const relationshipStatusesResponseSchema = z.object({
  relationshipStatuses: z.array(
    z.object({ key: z.string(), label: z.string(), group: z.enum(relationshipGroups) }),
  ),
});

export const beneficiaryLimits = {
  forenames: personLimits.forenames,
  surname: personLimits.surname,
  charityName: 120,
  charityNumberMax: 9_999_999_999,
  notes: 180,
  addressLine: 25,
  country: 25,
  countryCode: 3,
  postCode: 8,
  /** Most beneficiaries in one nomination. */
  count: LIST_MOST_ITEMS,
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

/** Why a nomination cannot be saved, each with its code; empty when it can. */
export function nominationProblems(beneficiaries: Beneficiary[], today: string) {
  const problems: Array<{ code: string; message: string; field?: string }> = [];
  // The same rule as a journey list's total of shares, in the nomination's own code.
  const total = sharesTotalProblem(
    beneficiaries.map((beneficiary) => beneficiary.lumpSumPercentage),
    100,
    'Lump-sum shares',
  );
  if (beneficiaries.length > 0 && total) problems.push({ code: 'lump_sum_total_not_100', message: total });
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
    const born = dateOfBirthProblem(beneficiary.dateOfBirth, today);
    if (born?.code === 'date_of_birth_in_future') {
      problems.push({
        code: born.code,
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

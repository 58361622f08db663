// The operations console's read-only view of a member: what the member sees, for staff (issue 43).
import { z } from 'zod';
import { nominationSchema } from './beneficiaries';
import { dcPotSchema } from './dc-pot';
import { libraryDocumentSchema } from './documents';
import { memberCaseSchema } from './journeys';
import { membershipSummarySchema } from './my-details';
import { pensionPaymentsSchema } from './payments';

/** The member's personal details as their own personal-details read sends them. */
export const memberPersonalDetailsSchema = z.object({
  title: z.string().nullable(),
  gender: z.string(),
  name: z.string(),
  forenames: z.string(),
  surname: z.string(),
  dateOfBirth: z.string(),
  insuranceNumber: z.string().nullable(),
  referenceNumber: z.string(),
  businessGroup: z.string(),
  schemeName: z.string(),
  schemeType: z.enum(['DB', 'DC']),
  status: z.string(),
});

/** A record a sign-in of the member may switch to, as their record picker lists it. */
export const memberViewRecordSchema = z.object({
  businessGroup: z.string(),
  referenceNumber: z.string(),
  schemeDescription: z.string(),
  schemeType: z.enum(['DB', 'DC']),
  memberStatus: z.string(),
  /** The record this view is of. */
  current: z.boolean(),
});

/**
 * A member's record as the member sees it, read by staff through the member's own reads: the hub's
 * summary, personal and contact details, the records their sign-in holds, documents, requests and
 * nomination. Nothing in it can be changed from the console, and each view is audited.
 */
export const memberViewSchema = z.object({
  personalDetails: memberPersonalDetailsSchema,
  contacts: z.object({
    email: z.string().nullable(),
    mobilePhone: z.string().nullable(),
    address: z
      .object({
        lines: z.array(z.string()),
        town: z.string(),
        county: z.string().nullable(),
        postcode: z.string(),
        countryCode: z.string(),
      })
      .nullable(),
  }),
  summary: membershipSummarySchema,
  /** A pensioner's pension in payment, as their Your pension payments reads it; null for anyone else. */
  pensionPayments: pensionPaymentsSchema.nullable(),
  /** A deferred or active DB member's transfer value guaranteed to them (the hub shows it); null when none is. */
  guaranteedTransfer: z
    .object({ transferValuePence: z.number().int(), issuedOn: z.string(), guaranteedUntil: z.string() })
    .nullable(),
  /** A DC record's pot as the member's own pot page reads it; null for a DB record or a pot not shown online. */
  dcPot: dcPotSchema.nullable(),
  /** The records the member's sign-in(s) may switch between on the tenant; empty with no account yet. */
  records: z.array(memberViewRecordSchema),
  /** Whether the member has registered an account (a sign-in holding this record). */
  hasAccount: z.boolean(),
  cases: z.array(memberCaseSchema),
  documents: z.object({ items: z.array(libraryDocumentSchema), totalItems: z.number().int() }),
  nomination: nominationSchema,
});
export type MemberView = z.infer<typeof memberViewSchema>;

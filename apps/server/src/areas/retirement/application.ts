import { and, desc, eq, isNotNull, sql } from 'drizzle-orm';
import type { JourneyChoice, JourneyDefinition } from '@meridian/contracts';
import { isIsoDate, utcDay } from '@meridian/pensions';
import type { Database } from '../../db/client';
import { preparedQuery } from '../../db/prepared';
import { memberJourneys } from '../../db/schema';
import { displayDate, displayPounds } from '../../lib/display';
import { notFound } from '../../lib/errors';
import { findDocument } from '../content/document-repository';
import { statusOf, type MemberRecord, type Queryable } from '../journeys/repository';

/** The tenant's journey started from a retirement quote (the DB retirement application). */
export async function retirementJourneyType(db: Database, tenantUrl: string): Promise<string> {
  const definitions = (await findDocument<JourneyDefinition[]>(db, tenantUrl, 'journeys')) ?? [];
  const found = definitions.find((definition) => definition.startsFrom === 'retirement-quote');
  if (!found) throw notFound('journey_type_not_found', 'This site has no retirement application.');
  return found.type;
}

const latestChosenJourney = preparedQuery((db: Queryable) =>
  db
    .select()
    .from(memberJourneys)
    .where(
      and(
        eq(memberJourneys.businessGroup, sql.placeholder('businessGroup')),
        eq(memberJourneys.referenceNumber, sql.placeholder('referenceNumber')),
        // A journey that locked a retirement date: another plugin's locked choice (a transfer quote) is not one.
        isNotNull(sql`${memberJourneys.choice} ->> 'retirementDate'`),
      ),
    )
    .orderBy(desc(memberJourneys.startedAt), desc(memberJourneys.id))
    .limit(1)
    .prepare('latest_chosen_journey'),
);

/**
 * The member's retirement application (the latest journey started from a retirement quote), as the
 * application status rules read it; null when there is none or the latest was cancelled or ended on
 * a terminal page (the member may start a new one).
 */
export async function retirementApplicationOf(db: Queryable, member: MemberRecord, now: Date) {
  const [row] = await latestChosenJourney(db).execute({
    businessGroup: member.businessGroup,
    referenceNumber: member.referenceNumber,
  });
  if (!row || row.status === 'Cancelled' || row.status === 'Ended') return null;
  const status = statusOf(row, now);
  const retirementDate = row.choice?.retirementDate;
  return {
    submitted: status === 'Submitted',
    expired: status === 'Expired',
    retirementDate: isIsoDate(retirementDate) ? retirementDate : null,
    expiresOn: utcDay(row.expiresAt),
  };
}

export const choiceLines = (choice: JourneyChoice) => [
  { label: 'Retirement date', value: displayDate(choice.retirementDate) },
  { label: 'Option', value: choice.optionLabel },
  { label: 'Tax-free cash', value: displayPounds(choice.lumpSumPence) },
  { label: 'Pension a year', value: displayPounds(choice.annualPensionPence) },
  ...(choice.avc
    ? [
        { label: 'AVC fund', value: displayPounds(choice.avc.fundPence) },
        { label: 'AVC fund taken as tax-free cash', value: displayPounds(choice.avc.asCashPence) },
        {
          label: 'AVC fund buying extra pension',
          value:
            choice.avc.toPensionPence === 0
              ? 'None'
              : choice.avc.extraPensionPence === null
                ? `${displayPounds(choice.avc.toPensionPence)} (we will tell you the extra pension it buys)`
                : `${displayPounds(choice.avc.toPensionPence)}, buying ${displayPounds(choice.avc.extraPensionPence)} a year`,
        },
      ]
    : []),
  { label: 'Figures worked out on', value: displayDate(choice.quoteCalculatedOn) },
];

/**
 * The chosen quote on the cancel page (the date it was started for, the option lost with the answers)
 * and the confirmation's "When you will be paid", once the quote gave a first payment date.
 */
export const choiceWords = (choice: JourneyChoice) => ({
  startedFor: `to retire on ${displayDate(choice.retirementDate)}`,
  cancelLoses: 'the option you chose',
  ...(choice.firstPaymentDate && {
    confirmation: {
      heading: 'When you will be paid',
      lines: [
        { label: 'You retire on', value: displayDate(choice.retirementDate) },
        ...(choice.lumpSumPence > 0 && choice.lumpSumPaymentDate
          ? [{ label: 'Tax-free cash paid by', value: displayDate(choice.lumpSumPaymentDate) }]
          : []),
        { label: 'First monthly payment', value: displayDate(choice.firstPaymentDate) },
      ],
    },
  }),
});

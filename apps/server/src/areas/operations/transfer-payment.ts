import { eq } from 'drizzle-orm';
import { transferJourneyLockSchema, type CaseDetail } from '@meridian/contracts';
import { daysLeftToPay, isoDate, type IsoDate } from '@meridian/pensions';
import type { Database } from '../../db/client';
import { memberJourneys } from '../../db/schema';

/**
 * For a case a transfer application opened: the day the scheme must pay by, as the application locked
 * it (6 months from the guarantee date), and the days left to it on `today`, counted as the case is
 * read rather than as it was sent. Null for a case no transfer application opened.
 */
export async function transferPaymentOf(
  db: Database,
  caseNumber: string,
  today: IsoDate,
): Promise<CaseDetail['transferPayment']> {
  const [journey] = await db
    .select({ choice: memberJourneys.choice })
    .from(memberJourneys)
    .where(eq(memberJourneys.caseNumber, caseNumber))
    .limit(1);
  const lock = transferJourneyLockSchema.safeParse(journey?.choice);
  if (!lock.success) return null;
  return { payBy: lock.data.payBy, daysLeft: daysLeftToPay(isoDate(lock.data.payBy), today) };
}

import { and, eq } from 'drizzle-orm';
import { journeyChoiceSchema } from '@meridian/contracts';
import { enteredLumpSums } from '../../db/schema';
import { registerJourneyPlugin } from '../journeys/plugins';
import { choiceLines } from './application';

/** The DB retirement application: the quote chosen at start is locked in and shown as "Your choice". */
registerJourneyPlugin({
  startsFrom: 'retirement-quote',
  lockedSection: (locked) => ({
    heading: 'Your choice',
    lines: choiceLines(journeyChoiceSchema.parse(locked)),
  }),
  // Cancelling forgets the tax-free cash kept for it too, so the options page starts afresh.
  cancelled: async (tx, record) => {
    await tx
      .delete(enteredLumpSums)
      .where(
        and(
          eq(enteredLumpSums.businessGroup, record.businessGroup),
          eq(enteredLumpSums.referenceNumber, record.referenceNumber),
        ),
      );
  },
  figures: {
    names: ['lumpSumPence', 'annualPensionPence'],
    of: (locked) => {
      const { lumpSumPence, annualPensionPence } = journeyChoiceSchema.parse(locked);
      return { lumpSumPence, annualPensionPence };
    },
  },
});

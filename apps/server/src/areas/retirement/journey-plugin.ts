import { journeyChoiceSchema } from '@meridian/contracts';
import { registerJourneyPlugin } from '../journeys/plugins';
import { choiceLines } from './application';

/** The DB retirement application: the quote chosen at start is locked in and shown as "Your choice". */
registerJourneyPlugin({
  startsFrom: 'retirement-quote',
  lockedSection: (locked) => ({
    heading: 'Your choice',
    lines: choiceLines(journeyChoiceSchema.parse(locked)),
  }),
  figures: {
    names: ['lumpSumPence', 'annualPensionPence'],
    of: (locked) => {
      const { lumpSumPence, annualPensionPence } = journeyChoiceSchema.parse(locked);
      return { lumpSumPence, annualPensionPence };
    },
  },
});

import { and, eq } from 'drizzle-orm';
import {
  journeyChoiceSchema,
  startDbCoreJourneyRequestSchema,
  type JourneyChoice,
} from '@meridian/contracts';
import {
  avcPensionFactor,
  avcUse,
  getDbSchemeConfig,
  isoDate,
  retirementJourneyExpiry,
  UnknownSchemeError,
  utcDay,
  type DbQuote,
  type IsoDate,
  type YearsMonths,
} from '@meridian/pensions';
import { enteredLumpSums } from '../../db/schema';
import { badRequest } from '../../lib/errors';
import { lifeStagePeriodsOf } from '../../plugins/member-auth';
import { memberFor } from '../journeys/lifecycle';
import { registerJourneyPlugin, type LockContext } from '../journeys/plugins';
import { calculated, calculationMember } from '../member-data/calculations';
import { choiceLines, choiceWords } from './application';
import { enteredLumpSumOf } from './quote-routes';

const optionLabels: Record<string, string> = {
  'full-pension': 'Full pension, no tax-free cash',
  'maximum-lump-sum': 'Maximum tax-free cash and a reduced pension',
  'requested-lump-sum': 'Tax-free cash of your choice and a reduced pension',
};

/** This server's AVC pension factor for the scheme; null for a scheme only a remote engine knows. */
function localAvcPensionFactor(code: string, today: IsoDate, age: YearsMonths): number | null {
  try {
    return avcPensionFactor(getDbSchemeConfig(code, today), age);
  } catch (error) {
    if (error instanceof UnknownSchemeError) return null;
    throw error;
  }
}

/**
 * Locks the chosen quote in: the retirement date must be in the member's window and open for an
 * online application, and the option one the quote offers (the member's own tax-free cash, else
 * the amount they kept on the options page for that date). The journey expires before the date.
 */
async function lockQuote({ tx, request, graph, calculations, input, now }: LockContext) {
  const asked = startDbCoreJourneyRequestSchema.safeParse(input);
  if (!asked.success)
    throw badRequest('journey_starts_from_quote', 'Choose a retirement date and option to start this.');
  const { retirementDate, selectedQuoteName, requestedLumpSumPence } = asked.data;
  const { member, scheme } = await memberFor(tx, request);
  const today = utcDay(now);
  const base = { schemeCode: scheme.code, today, member: calculationMember(member) };
  const summary = await calculated(
    calculations.retirementDatesAges({
      ...base,
      ...lifeStagePeriodsOf(request),
      selectedRetirementDate: retirementDate,
    }),
  );
  if (retirementDate < summary.window.from || retirementDate > summary.window.to)
    throw badRequest(
      'retirement_date_outside_window',
      `Choose a date from ${summary.window.from} to ${summary.window.to}.`,
    );
  if (summary.retirementApplicationStatus !== 'EligibleToStart')
    throw badRequest(
      'retirement_date_not_open',
      'You can apply online up to 6 months before your retirement date. Choose a nearer date.',
    );
  const kept = async () => {
    const entered = await enteredLumpSumOf(tx, request.member!);
    return entered?.retirementDate === retirementDate ? entered.lumpSumPence : 0;
  };
  const quote = (await calculated(
    calculations.retirementQuote({
      ...base,
      retirementDate,
      requestedLumpSumPence:
        selectedQuoteName === 'requested-lump-sum' ? (requestedLumpSumPence ?? (await kept())) : null,
    }),
  )) as DbQuote;
  const option = quote.options.find((candidate) => candidate.kind === selectedQuoteName);
  if (!option) throw badRequest('quote_option_not_found', 'Choose one of the options in your quote.');
  const choice: JourneyChoice = {
    retirementDate,
    selectedQuoteName,
    optionLabel:
      option.kind === 'full-pension' && option.lumpSumPence > 0
        ? 'Full pension, with your AVC fund as tax-free cash'
        : (optionLabels[option.kind] ?? option.kind),
    lumpSumPence: option.lumpSumPence,
    annualPensionPence: option.residualPensionPence,
    quoteCalculatedOn: quote.calculatedOn,
    lumpSumPaymentDate: quote.payments.lumpSumPaymentDate,
    firstPaymentDate: quote.payments.firstPaymentDate,
    ...(quote.avcFundPence > 0 && {
      avc: avcUse(
        quote.avcFundPence,
        option,
        localAvcPensionFactor(scheme.code, today, quote.ageAtRetirement),
      ),
    }),
  };
  const expiry = retirementJourneyExpiry(isoDate(retirementDate), today, graph.definition.expiryDays);
  return { locked: choice, expiresAt: new Date(`${expiry}T23:59:59Z`) };
}

/**
 * The DB retirement application: the quote chosen at start is locked in (`lock`, choosing again
 * re-locks the open application and keeps its answers) and shown as "Your choice".
 */
registerJourneyPlugin({
  startsFrom: 'retirement-quote',
  needsMember: true,
  lock: lockQuote,
  relocks: true,
  lockedSection: (locked) => ({
    heading: 'Your choice',
    lines: choiceLines(journeyChoiceSchema.parse(locked)),
  }),
  lockedWords: (locked) => choiceWords(journeyChoiceSchema.parse(locked)),
  quoteChoice: (locked) => journeyChoiceSchema.safeParse(locked).data ?? null,
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

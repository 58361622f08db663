import {
  dcApplicationChoiceSchema,
  dcOptionText,
  dcQuoteSelectionRequestSchema,
  kindOf,
  type DcApplicationChoice,
  type JourneyStep,
} from '@meridian/contracts';
import {
  dcApplicationExpiry,
  isoDate,
  lumpSumAllowanceRemaining,
  maximumTaxFreeCash,
  utcDay,
} from '@meridian/pensions';
import { displayDate, displayPounds } from '../../lib/display';
import { badRequest } from '../../lib/errors';
import { memberOf } from '../journeys/actions';
import { registerJourneyPlugin, type LockContext, type PageCheckContext } from '../journeys/plugins';
import { findJourney } from '../journeys/repository';
import { dcSelectionFigures } from './dc-quote-routes';

/**
 * The question (a `money` question in the DC application's content) whose answer is the Lump Sum
 * Allowance the member has already used elsewhere: the chosen tax-free cash is checked against what is
 * left of it when the page is left, and again before the application is sent.
 */
export const DC_ALLOWANCE_USED_QUESTION = 'lump_sum_allowance_used';

/**
 * Locks the option the member chose in DC quote selection: the same selection (date, option and its
 * choices, second instalment) worked out again and refused as quote selection refuses it (tax-free cash
 * above the most, an option they cannot take). The application expires per spec e.12.
 */
async function lockSelection({ tx, request, graph, calculations, input, now }: LockContext) {
  const asked = dcQuoteSelectionRequestSchema.safeParse(input);
  if (!asked.success)
    throw badRequest(
      'dc_selection_required',
      'Choose an option and its tax-free cash from your options before you apply.',
    );
  if (asked.data.choice.code === 'leave-invested')
    throw badRequest(
      'nothing_to_apply_for',
      'Leaving your pot invested needs no application: nothing is paid. Choose an option that pays you.',
    );
  const { figures } = await dcSelectionFigures(tx, calculations, request, asked.data);
  const { option } = figures;
  const choice: DcApplicationChoice = {
    retirementDate: figures.retirementDate,
    choice: option.choice,
    optionCode: option.code,
    optionLabel: dcOptionText[option.code].title,
    potPence: figures.potPence,
    taxFreeCashPence: option.taxFreeCashPence,
    taxableCashPence: option.taxableCashPence,
    yearlyIncomePence: option.yearlyIncomePence,
    drawdownPotPence: option.drawdown?.potPence ?? 0,
    annuityPotPence: option.annuity?.potPence ?? 0,
    potLeftInvestedPence: option.potLeftInvestedPence,
    mpaaApplies: option.mpaaApplies,
    mpaaPence: figures.mpaaPence,
    maximumTaxFreeCashPence: figures.taxFreeCash.maximumPence,
    payments: figures.payments,
    calculatedOn: figures.calculatedOn,
  };
  const expiry = dcApplicationExpiry(
    isoDate(figures.retirementDate),
    utcDay(now),
    graph.definition.expiryDays,
  );
  return { locked: choice, expiresAt: new Date(`${expiry}T23:59:59Z`) };
}

/**
 * The chosen tax-free cash against the Lump Sum Allowance left once what the member has used elsewhere
 * is taken off: the calculation engine's most tax-free cash (a quarter of the pot, no more than the
 * allowance left) worked out again with that amount used.
 */
function checkAllowance(locked: unknown, usedPence: number) {
  const parsed = dcApplicationChoiceSchema.safeParse(locked);
  if (!parsed.success) return;
  const choice = parsed.data;
  const most = maximumTaxFreeCash(choice.potPence, lumpSumAllowanceRemaining(usedPence));
  if (choice.taxFreeCashPence > most)
    throw badRequest(
      'tax_free_cash_above_allowance',
      `With the allowance you have used, the most tax-free cash you can take is ${displayPounds(most)}, and you chose ${displayPounds(
        choice.taxFreeCashPence,
      )}. Choose less tax-free cash on your options page, or check the amount.`,
    );
}

const allowanceAnswerOf = (path: readonly JourneyStep[]) =>
  path.find((step) => step.answer?.questionKey === DC_ALLOWANCE_USED_QUESTION)?.answer ?? null;

const choiceLines = (choice: DcApplicationChoice) => [
  { label: 'Option', value: choice.optionLabel },
  { label: 'Retirement date', value: displayDate(choice.retirementDate) },
  { label: 'Your pot then (an estimate)', value: displayPounds(choice.potPence) },
  { label: 'Tax-free cash', value: displayPounds(choice.taxFreeCashPence) },
  ...(choice.payments.length > 1
    ? choice.payments.map((payment, i) => ({
        label: `Instalment ${i + 1}`,
        value: `${displayPounds(payment.amountPence)} on ${displayDate(payment.paidOn)}`,
      }))
    : []),
  { label: 'Taxable cash', value: displayPounds(choice.taxableCashPence) },
  { label: 'Yearly income before tax', value: displayPounds(choice.yearlyIncomePence) },
  ...(choice.drawdownPotPence > 0
    ? [{ label: 'Into drawdown', value: displayPounds(choice.drawdownPotPence) }]
    : []),
  ...(choice.annuityPotPence > 0
    ? [{ label: 'To buy an annuity', value: displayPounds(choice.annuityPotPence) }]
    : []),
  { label: 'Left invested', value: displayPounds(choice.potLeftInvestedPence) },
  ...(choice.mpaaApplies
    ? [
        {
          label: 'Money Purchase Annual Allowance',
          value: `Applies: ${displayPounds(choice.mpaaPence)} a year`,
        },
      ]
    : []),
  { label: 'Figures worked out on', value: displayDate(choice.calculatedOn) },
];

/**
 * The DC retirement application: the option chosen in quote selection is locked at start (choosing
 * again re-locks the open application and keeps its answers), its figures are there for conditions
 * (the MPAA warning, the drawdown fund designation), and the tax-free cash is checked against the Lump
 * Sum Allowance the member says they have used.
 */
registerJourneyPlugin({
  startsFrom: 'dc-quote-selection',
  needsMember: true,
  lock: lockSelection,
  relocks: true,
  lockedSection: (locked) => ({
    heading: 'Your choice',
    lines: choiceLines(dcApplicationChoiceSchema.parse(locked)),
  }),
  figures: {
    names: [
      'taxFreeCashPence',
      'potPence',
      'yearlyIncomePence',
      'drawdownPotPence',
      'annuityPotPence',
      'mpaaApplies',
    ],
    of: (locked) => {
      const choice = dcApplicationChoiceSchema.parse(locked);
      return {
        taxFreeCashPence: choice.taxFreeCashPence,
        potPence: choice.potPence,
        yearlyIncomePence: choice.yearlyIncomePence,
        drawdownPotPence: choice.drawdownPotPence,
        annuityPotPence: choice.annuityPotPence,
        mpaaApplies: choice.mpaaApplies ? 1 : 0,
      };
    },
  },
  pageChecks: [
    {
      appliesTo: { questionKind: 'money' },
      async check({ db, request, graph, page, answer }: PageCheckContext) {
        if (answer?.questionKey !== DC_ALLOWANCE_USED_QUESTION) return;
        // An amount the question refuses (malformed, over its most) is the money kind's to refuse.
        const read =
          page.question &&
          kindOf(page.question.kind).read(page.question, answer, { today: utcDay(new Date()) });
        if (!read?.ok) return;
        const used = Number(read.answer.answerKey);
        const row = await findJourney(db, memberOf(request), graph.definition.type);
        if (row?.status === 'Started') checkAllowance(row.choice, used);
      },
    },
  ],
  submitChecks: [
    async ({ path, locked }) => {
      const answer = allowanceAnswerOf(path);
      if (answer) checkAllowance(locked, Number(answer.answerKey));
    },
  ],
});

import { roundTo } from '@meridian/pensions';
import type { members } from '../../db/schema';
import { displayDate, displayPounds } from '../../lib/display';
import { aboutYouSection, renderApplicationPdf } from '../../lib/pdf/application-pdf';
import { messagePdfSection, type FoundMessage } from '../content/global-messages';
import type { StatementFigures } from './statement';

const perYear = (pence: number) => `${displayPounds(pence)} a year`;
const percent = (rate: number) => `${roundTo(rate * 100, 2)}%`;

/**
 * The spouse's or partner's pension as a PDF line, worded by the member's dependants: for the spouse or
 * partner on the record, or for one the member may have at their death. The annual statement and the
 * transfer pack (what the member gives up) show it so.
 */
export function survivorPensionLine(
  survivor: { pence: number; percent: number },
  spouseOrPartnerOnRecord: boolean,
) {
  const figure = `${perYear(survivor.pence)} (${survivor.percent}% of your pension)`;
  return spouseOrPartnerOnRecord
    ? { label: 'Spouse’s or partner’s pension', value: figure }
    : {
        label: 'A pension for a spouse or partner you may have at your death',
        value: `${figure}. Our records show no spouse or partner for you`,
      };
}

/**
 * The statement as the member's PDF: the DB annual benefit statement (pension built up, at normal retirement
 * age, the most tax-free cash, the spouse's pension) or the SMPI (pot today, at the target age and in today's
 * money, the pension it could buy and the annuity basis that prices it, each fund's rate), each with every
 * assumption it rests on, then the tenant's scam warning (the scams pledge puts one in every annual
 * statement; none when the tenant has none).
 */
export function renderStatementPdf(
  member: typeof members.$inferSelect,
  statementYear: string,
  figures: StatementFigures,
  scamWarning: FoundMessage | null,
): Promise<Uint8Array> {
  const about = aboutYouSection(member, { label: 'Statement year', value: statementYear });
  const warning = scamWarning ? [messagePdfSection(scamWarning)] : [];
  const assumptions = {
    heading: 'How we worked this out',
    lines: figures.assumptions.map((line, index) => ({ label: String(index + 1), value: line })),
  };
  if (figures.kind === 'DB') {
    return renderApplicationPdf({
      title: 'Your annual benefit statement',
      dateLabel: 'Figures as at',
      submittedOn: displayDate(figures.statementDate),
      sections: [
        about,
        {
          heading: figures.deferredSince
            ? `Your pension built up, with the increases since you left on ${displayDate(figures.deferredSince)}`
            : 'Your pension built up',
          lines: [
            ...figures.accrued.map((t) => ({ label: t.label, value: perYear(t.pensionPence) })),
            { label: 'Your pension built up', value: perYear(figures.accruedPensionPence) },
          ],
        },
        {
          heading: `At your normal retirement age (${figures.normalRetirementAge}, on ${displayDate(figures.normalRetirementDate)})`,
          lines: [
            { label: 'Your pension', value: perYear(figures.projectedPensionPence) },
            {
              label: 'Or the most tax-free cash',
              value: `${displayPounds(figures.maximumLumpSumPence)} with a pension of ${perYear(figures.residualPensionPence)}`,
            },
            ...(figures.avcFundPence > 0
              ? [{ label: 'Your AVC fund today', value: displayPounds(figures.avcFundPence) }]
              : []),
            ...(figures.survivorPensionPence !== null && figures.survivorPensionPercent !== null
              ? [
                  survivorPensionLine(
                    { pence: figures.survivorPensionPence, percent: figures.survivorPensionPercent },
                    figures.spouseOrPartnerOnRecord,
                  ),
                ]
              : []),
          ],
        },
        assumptions,
        ...warning,
      ],
    });
  }
  return renderApplicationPdf({
    title: 'Your pension illustration (SMPI)',
    dateLabel: 'Figures as at',
    submittedOn: displayDate(figures.statementDate),
    sections: [
      about,
      {
        heading: 'Your pot',
        lines: [
          { label: 'Your pot today', value: displayPounds(figures.currentPotPence) },
          {
            label: 'Contributions',
            value:
              figures.monthlyContributionPence > 0
                ? `${displayPounds(figures.monthlyContributionPence)} a month`
                : 'None being paid in',
          },
        ],
      },
      {
        heading: `At your target retirement age (${figures.targetRetirementAge}, on ${displayDate(figures.retirementDate)})`,
        lines: [
          { label: 'Your pot could be', value: displayPounds(figures.projectedPotPence) },
          { label: 'In today’s money', value: displayPounds(figures.projectedPotTodaysMoneyPence) },
          {
            label: 'A pension in today’s money of',
            value: perYear(figures.annualPensionTodaysMoneyPence),
          },
        ],
      },
      {
        heading: 'The pension your pot could buy',
        lines: [
          { label: 'The pension', value: figures.basis.annuityBasis },
          {
            label: 'Annuity interest rate',
            value: `${percent(figures.annuity.interestRate)} a year, from the gilt yield of ${percent(figures.annuity.giltYield)} on ${displayDate(figures.annuity.yieldAsAt)}`,
          },
          { label: 'How long people live', value: figures.annuity.mortality },
          {
            label: 'Annuity factor',
            value: `${figures.annuity.factor.toFixed(4)} at age ${figures.ageAtRetirement.years}: £10,000 of pot buys ${perYear(figures.annuity.pensionPer10000Pence)}`,
          },
        ],
      },
      {
        heading: 'Your funds’ growth rates',
        lines: figures.funds.map((fund) => ({
          label: fund.name,
          value: `${percent(fund.accumulationRate)} a year${fund.volatilityGroup ? ` (volatility group ${fund.volatilityGroup})` : ''}${fund.rateFrom === 'scheme-stated' ? ', the scheme’s stated rate' : ''}, less a ${percent(fund.charge)} yearly charge`,
        })),
      },
      assumptions,
      ...warning,
    ],
  });
}

import type { PartialTransferRequest } from '@meridian/contracts';
import { adviceThresholdOf, type IsoDate } from '@meridian/pensions';
import { displayDate, displayPounds } from '../../lib/display';
import { aboutYouSection, renderApplicationPdf } from '../../lib/pdf/application-pdf';
import { messagePdfSection, type FoundMessage } from '../content/global-messages';
import { adviceThresholdTokens } from './advice-threshold';
import { adviceSection } from './pack';
import type { PartialFigures } from './partial';

/**
 * The partial transfer calculator's figures as a PDF (the existing portal's `partial_transfer_pdf`): what
 * the member asked, the value transferred and the pension kept, each tranche's share, the value they are
 * worked out on and whether it is guaranteed (until when), the AVC fund apart, the tenant's scam warning
 * as the transfer pack prints it, and the advice rule.
 */
export function renderPartialTransferPdf(
  asked: PartialTransferRequest,
  { member, quote, issuedOn, figures }: PartialFigures,
  scamWarning: FoundMessage | null,
  today: IsoDate,
): Promise<Uint8Array> {
  const avcFundPence = figures.nonGuaranteed.avcFundPence;
  return renderApplicationPdf({
    title: 'Your partial transfer figures',
    dateLabel: 'Worked out on',
    submittedOn: displayDate(today),
    sections: [
      aboutYouSection(member, { label: 'Date of birth', value: displayDate(member.dateOfBirth) }),
      {
        heading: 'Your partial transfer',
        lines: [
          {
            label: 'You asked',
            value:
              asked.by === 'transfer-value'
                ? `To transfer ${displayPounds(asked.transferValuePence)}`
                : `To keep a pension of ${displayPounds(asked.residualPensionPence)} a year`,
          },
          { label: 'Transfer value', value: displayPounds(figures.transferValuePence) },
          {
            label: 'Pension you keep with us',
            value: `${displayPounds(figures.residualPensionPence)} a year`,
          },
          ...figures.tranches.map((t) => ({
            label: t.label,
            value: `${displayPounds(t.transferValuePence)} transferred (${displayPounds(t.transferredPensionPence)} a year of pension), ${displayPounds(t.residualPensionPence)} a year kept`,
          })),
        ],
      },
      {
        heading: 'The value these figures are worked out on',
        lines: [
          issuedOn === null
            ? {
                label: 'Transfer value today (not guaranteed)',
                value: `${displayPounds(quote.transferValuePence)} for your pension of ${displayPounds(quote.pensionPence)} a year. This value is not guaranteed and changes from day to day: ask for a statement of entitlement to have a value guaranteed for 3 months.`,
              }
            : {
                label: 'Guaranteed transfer value',
                value: `${displayPounds(quote.transferValuePence)} for your pension of ${displayPounds(quote.pensionPence)} a year, from your statement of entitlement issued on ${displayDate(issuedOn)}.`,
              },
          ...(issuedOn === null
            ? []
            : [
                {
                  label: 'Guaranteed until',
                  value: `${displayDate(quote.guaranteedUntil)}. If we receive your application after this date we will work out a new value, which may be lower.`,
                },
              ]),
          ...(avcFundPence > 0
            ? [
                {
                  label: 'Additional voluntary contributions (not guaranteed)',
                  value: `${displayPounds(avcFundPence)} today, not part of these figures. Your AVC fund is invested, so the amount transferred is its value on the day it is sold, which may be more or less.`,
                },
              ]
            : []),
        ],
      },
      ...(scamWarning
        ? [messagePdfSection({ ...scamWarning, tokens: adviceThresholdTokens(adviceThresholdOf(quote)) })]
        : []),
      adviceSection(quote),
    ],
  });
}

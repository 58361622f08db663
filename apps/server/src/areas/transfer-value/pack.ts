import type { TransferPosition } from '@meridian/contracts';
import { adviceThresholdOf, type TransferQuote } from '@meridian/pensions';
import { displayDate, displayLimitPounds, displayPounds } from '../../lib/display';
import { aboutYouSection, renderApplicationPdf, type ApplicationPdf } from '../../lib/pdf/application-pdf';
import { messagePdfSection, type FoundMessage } from '../content/global-messages';
import { adviceThresholdTokens } from './advice-threshold';
import { survivorPensionLine } from '../statements/statement-pdf';
import type { FoundMember } from './position';

export interface TransferPack {
  member: FoundMember['member'];
  quote: TransferQuote;
  issuedOn: string;
  avcFundPence: number;
  keep: TransferPosition['keep'];
  /** The charge accepted for this statement; 0 for the free one. */
  chargePence: number;
  caseNumber?: string;
  /** The tenant's scam warning (its globals message `SCAM_WARNING_MESSAGE`); without one the pack has none. */
  scamWarning: FoundMessage | null;
}

/**
 * The advice rule for the quote's safeguarded benefits, by the threshold it records (the scheme's
 * `transfer.adviceThresholdPence`), said as applying when the whole value is over it; then free guidance.
 */
export function adviceSection(quote: TransferQuote): ApplicationPdf['sections'][number] {
  const threshold = adviceThresholdOf(quote);
  const limit = displayLimitPounds(threshold);
  return {
    heading: 'Financial advice',
    lines: [
      {
        label: `The ${limit} advice rule`,
        value:
          quote.transferValuePence > threshold
            ? `Your transfer value is over ${limit}, so before we can pay it you must take advice from a financial adviser authorised by the Financial Conduct Authority, and send us their confirmation.`
            : `If your transfer value were over ${limit} you would have to take regulated financial advice before transferring. We still recommend advice.`,
      },
      {
        label: 'Free guidance',
        value:
          'MoneyHelper (www.moneyhelper.org.uk) gives free, impartial guidance. Pension Wise appointments are free if you are 50 or over.',
      },
    ],
  };
}

/**
 * The transfer pack: the guaranteed value and how it is made up, what the member gives up by transferring,
 * the warnings about pension scams, the advice rule and how to apply.
 */
export function renderTransferPack(pack: TransferPack): Promise<Uint8Array> {
  const { quote, keep } = pack;
  const needsAdvice = quote.transferValuePence > adviceThresholdOf(quote);
  return renderApplicationPdf({
    title: 'Your transfer pack',
    caseNumber: pack.caseNumber,
    dateLabel: 'Statement of entitlement issued on',
    submittedOn: displayDate(pack.issuedOn),
    sections: [
      aboutYouSection(pack.member, { label: 'Date of birth', value: displayDate(pack.member.dateOfBirth) }),
      {
        heading: 'Your guaranteed transfer value',
        lines: [
          { label: 'Guaranteed transfer value', value: displayPounds(quote.transferValuePence) },
          { label: 'Guarantee date', value: displayDate(quote.guaranteeDate) },
          {
            label: 'Guaranteed until',
            value: `${displayDate(quote.guaranteedUntil)}. If we receive your application after this date we will work out a new value, which may be lower.`,
          },
          ...quote.tranches.map((t) => ({
            label: t.label,
            value: `${displayPounds(t.pensionPence)} a year × ${t.factor} = ${displayPounds(t.transferValuePence)}`,
          })),
          ...(pack.avcFundPence > 0
            ? [
                {
                  label: 'Additional voluntary contributions (not guaranteed)',
                  value: `${displayPounds(pack.avcFundPence)} today. Your AVC fund is invested, so the amount transferred is its value on the day it is sold, which may be more or less.`,
                },
              ]
            : []),
          {
            label: 'Partial transfer',
            value: quote.partialTransfersAllowed
              ? 'You can transfer part of your pension and keep the rest with us.'
              : 'Your scheme does not allow part of a pension to be transferred: you transfer all of it or none.',
          },
          ...(pack.chargePence > 0
            ? [
                {
                  label: 'Charge for this statement',
                  value: `${displayPounds(pack.chargePence)}, which you agreed to pay as this statement was asked for within 12 months of the last one.`,
                },
              ]
            : []),
        ],
      },
      {
        heading: 'What you give up by transferring',
        lines: [
          ...(keep
            ? [
                {
                  label: 'Your pension',
                  value: `${displayPounds(keep.pensionAtNormalRetirementPence)} a year from ${displayDate(keep.normalRetirementDate)}, paid for the rest of your life.`,
                },
                ...(keep.survivorPensionPence !== null && keep.survivorPensionPercent !== null
                  ? [
                      survivorPensionLine(
                        { pence: keep.survivorPensionPence, percent: keep.survivorPensionPercent },
                        keep.spouseOrPartnerOnRecord,
                      ),
                    ]
                  : []),
                ...keep.increases.map((increase) => ({
                  label: `Increases: ${increase.label}`,
                  value: `Grows with prices (CPI) each year until it is paid, by up to ${increase.capPercent}% a year.`,
                })),
              ]
            : []),
          {
            label: 'Guarantees',
            value:
              'Your pension from us is guaranteed for life whatever happens to investments. If you transfer, what you get depends on how the new scheme’s investments perform and you take on that risk.',
          },
        ],
      },
      ...(pack.scamWarning
        ? [
            messagePdfSection({
              ...pack.scamWarning,
              tokens: adviceThresholdTokens(adviceThresholdOf(quote)),
            }),
          ]
        : []),
      adviceSection(quote),
      {
        heading: 'How to apply',
        lines: [
          {
            label: '1',
            value: `Choose the scheme you want to transfer to and check it will accept the transfer.`,
          },
          {
            label: '2',
            value: needsAdvice
              ? 'Take regulated financial advice and get your adviser’s confirmation.'
              : 'Consider taking financial advice.',
          },
          {
            label: '3',
            value: `Apply online from your transfer value page, or write to us, before ${displayDate(quote.guaranteedUntil)} to keep this guaranteed value.`,
          },
          {
            label: '4',
            value:
              'We carry out the checks the law requires and pay the receiving scheme within 6 months of the guarantee date.',
          },
        ],
      },
    ],
  });
}

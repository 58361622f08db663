import { isoDate, type TransferQuote } from '@meridian/pensions';
import { describe, expect, it } from 'vitest';
import { renderTransferPack, type TransferPack } from '../../src/areas/transfer-value/pack';
import { pdfText } from '../pdf-text';

const quote = (transferValuePence: number, adviceThresholdPence?: number): TransferQuote => ({
  kind: 'transfer',
  basis: 'test',
  schemeCode: 'DBMAIN',
  schemeVersion: '1',
  calculatedOn: isoDate('2026-11-30'),
  guaranteeDate: isoDate('2026-11-30'),
  guaranteedUntil: isoDate('2027-02-27'),
  ageAtGuaranteeDate: { years: 55, months: 0 },
  statutoryRight: true,
  partialTransfersAllowed: true,
  ...(adviceThresholdPence !== undefined && { adviceThresholdPence }),
  tranches: [],
  pensionPence: 100_000,
  transferValuePence,
});

/** The pack's text, lines wrapped in the PDF read as one. */
const packText = async (transferQuote: TransferQuote, scamWarning: TransferPack['scamWarning'] = null) => {
  const pack: TransferPack = {
    member: {
      title: 'Ms',
      forenames: 'Ann',
      surname: 'Avery',
      referenceNumber: '1000003',
      dateOfBirth: '1971-05-01',
    } as TransferPack['member'],
    quote: transferQuote,
    issuedOn: '2026-11-30',
    avcFundPence: 0,
    keep: null,
    chargePence: 0,
    scamWarning,
  };
  return (await pdfText(await renderTransferPack(pack))).replace(/\s+/g, ' ');
};

const adviceRule = async (transferQuote: TransferQuote) => {
  const text = await packText(transferQuote);
  return text.slice(text.indexOf('Financial advice'), text.indexOf('Free guidance'));
};

describe('the transfer pack’s advice rule', { timeout: 60_000 }, () => {
  it('names the scheme’s threshold from its rules, and whether the value is over it', async () => {
    const over = await adviceRule(quote(2_600_000, 2_500_000));
    expect(over).toContain('The £25,000 advice rule');
    expect(over).toContain('Your transfer value is over £25,000, so before we can pay it');
    const under = await adviceRule(quote(2_400_000, 2_500_000));
    expect(under).toContain('If your transfer value were over £25,000 you would have to take');
  });

  it('applies the law’s £30,000 to a quote stored before the scheme’s threshold was recorded', async () => {
    const rule = await adviceRule(quote(2_600_000));
    expect(rule).toContain('The £30,000 advice rule');
    expect(rule).toContain('If your transfer value were over £30,000');
  });

  it('prints the scam warning’s advice rule at the quote’s threshold, leaving out a line whose token it cannot fill', async () => {
    const text = await packText(quote(2_600_000, 2_500_000), {
      message: {
        key: 'scam_warning',
        variant: 'warning',
        title: 'Pension scams',
        html: '<ul><li>Over [[token:transfer_advice_threshold]] you must take advice.</li><li>Hello [[token:name]].</li></ul>',
      },
      labels: {},
    });
    expect(text).toContain('• Over £25,000 you must take advice.');
    expect(text).not.toContain('Hello');
  });
});
